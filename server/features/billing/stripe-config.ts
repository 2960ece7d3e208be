// Card payments (Stripe) from the environment (README "Platform billing"). Nothing is required:
// without keys the billing pages say so, nothing is charged, and invoices are marked paid by hand.
import Stripe from 'stripe';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * STRIPE_CONNECT_WEBHOOK_SECRET: the signing secret of the Connect webhook endpoint (connected
   * accounts' events). Without it family card payments stay off (server/features/billing/connect.ts).
   */
  connectWebhookSecret?: string;
  /** STRIPE_API_URL: another origin for the API (tests' stand-in); api.stripe.com when unset. */
  apiUrl?: string;
}

/** The Stripe client and its settings; AppDeps.billing is undefined when Stripe is not configured. */
export interface BillingStripe {
  stripe: Stripe;
  config: StripeConfig;
}

export function loadStripeConfig(env: NodeJS.ProcessEnv = process.env): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const set = [secretKey, publishableKey, webhookSecret].filter(Boolean).length;
  if (set > 0 && set < 3)
    throw new Error('Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none of them');
  if (!secretKey || !publishableKey || !webhookSecret) return undefined;
  if (!/^(sk|rk)_/.test(secretKey)) throw new Error('STRIPE_SECRET_KEY must start with sk_ (or rk_)');
  if (!publishableKey.startsWith('pk_')) throw new Error('STRIPE_PUBLISHABLE_KEY must start with pk_');
  if (!webhookSecret.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET must start with whsec_');
  const connectWebhookSecret = env.STRIPE_CONNECT_WEBHOOK_SECRET || undefined;
  if (connectWebhookSecret && !connectWebhookSecret.startsWith('whsec_'))
    throw new Error('STRIPE_CONNECT_WEBHOOK_SECRET must start with whsec_');
  const apiUrl = env.STRIPE_API_URL || undefined;
  if (apiUrl && !/^https?:\/\/[^/?#\s]+\/?$/.test(apiUrl))
    throw new Error('STRIPE_API_URL must be an origin like http://127.0.0.1:12111');
  return { secretKey, publishableKey, webhookSecret, connectWebhookSecret, apiUrl };
}

/** The official SDK, pointed at STRIPE_API_URL when set. Retries are ours (idempotency keys), not the SDK's. */
export function createBillingStripe(config: StripeConfig): BillingStripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 0, telemetry: false, timeout: 30_000 };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return { stripe: new Stripe(config.secretKey, options), config };
}
