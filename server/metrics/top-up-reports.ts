// Card top-up reports that came from another Stripe account than the top-up's own (issue 37, finding 3),
// ignored by server/features/topups/: a rise is a connected account sending events that name another
// centre's top-ups. In no registry of its own (createMetrics registers it, as lease.ts's counter).
import { Counter } from 'prom-client';

export const foreignTopUpReports = new Counter({
  name: 'levelup_top_up_foreign_account_reports_total',
  help: "Connect events and payments naming a card top-up of another centre's Stripe account, ignored",
  labelNames: ['type'],
  registers: [],
});
