// The stand-in as a process of its own, for a browser test or a manual run:
//   node --import tsx tests/support/stripe-standin/serve.ts
// Environment: STRIPE_STANDIN_PORT (default 12111), STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY,
// STRIPE_WEBHOOK_SECRET (random when unset), STRIPE_STANDIN_WEBHOOK_URL, STRIPE_CONNECT_WEBHOOK_SECRET
// (random when unset), STRIPE_STANDIN_CONNECT_WEBHOOK_URL (connected accounts' events). Prints one JSON line with
// the URL and keys once it listens; stops on SIGTERM / SIGINT.
import { startStripeStandIn } from './index';

async function main() {
  const env = process.env;
  const standIn = await startStripeStandIn({
    port: Number(env.STRIPE_STANDIN_PORT ?? 12111),
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    webhookUrl: env.STRIPE_STANDIN_WEBHOOK_URL,
    connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
    connectWebhookUrl: env.STRIPE_STANDIN_CONNECT_WEBHOOK_URL,
  });
  const { url, host, port, secretKey, publishableKey, webhookSecret, connectWebhookSecret } = standIn;
  process.stdout.write(
    `${JSON.stringify({ url, host, port, secretKey, publishableKey, webhookSecret, connectWebhookSecret })}\n`,
  );
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      void standIn.close().then(() => process.exit(0));
    });
}

main().catch((error: unknown) => {
  process.stderr.write(`stripe stand-in: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
