// Charges one invoice in a process of its own, for tests/api/billing-reconcile.test.ts to SIGKILL while
// Stripe (the stand-in) holds its answer:
//   STRIPE_SECRET_KEY=… STRIPE_PUBLISHABLE_KEY=… STRIPE_WEBHOOK_SECRET=… STRIPE_API_URL=… \
//   node --import tsx charge-process.ts <DATABASE_URL> <invoiceId>
// Prints "charged <status>" and exits 0, or the error and exits 3.

import { createPrisma } from '../../server/db/client';
import { closePglite, resolveDatabaseTarget } from '../../server/db/target';
import { chargeInvoice } from '../../server/features/billing/charge-invoice';
import { createBillingStripe, loadStripeConfig } from '../../server/features/billing/stripe-config';

async function main(databaseUrl: string, invoiceId: number) {
  const config = loadStripeConfig(process.env);
  if (!config) throw new Error('Stripe keys missing');
  const target = resolveDatabaseTarget(databaseUrl);
  const prisma = await createPrisma(target);
  try {
    const invoice = await chargeInvoice(prisma, createBillingStripe(config), invoiceId);
    process.stdout.write(`charged ${invoice.status}\n`);
  } finally {
    await prisma.$disconnect();
    if (target.kind === 'pglite') await closePglite(target.dataDir);
  }
}

main(process.argv[2], Number(process.argv[3])).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(3);
  },
);
