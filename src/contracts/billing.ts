// Platform billing (issue 10): each centre's payment card, billing cycles, per-student invoices, the
// credit ledger and the overdue alert. Money is a 2-decimal string end to end; dates 'YYYY-MM-DD'.
// Rights: billing:view (a centre's admin, own centre; ROLE_SYSTEM, any centre with ?organisationId),
// billing:cycles (ROLE_SYSTEM only). A centre's admin never sees another centre (404).
import {
  documentedAs,
  moneyUpTo,
  optionalText,
  STUDENT_PRICE_MAX,
  STUDENT_PRICE_MAX_MESSAGE,
  ZDate,
  ZId,
  ZIdParams,
  ZMoney,
  ZQueryBoolean,
} from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

// The seed's messages (sections 5 and 8), word for word.
export const CYCLE_TOO_EARLY_MESSAGE = 'Billing cycle cannot be earlier than one month!';
export const CYCLE_START_FAILED_MESSAGE = 'Failed to start billing cycle';
export const INVOICE_OVERLAP_MESSAGE = 'Invoice date overlapped, please try again!';
export const INVALID_QUANTITY_MESSAGE = 'Invalid input quantity, please check again!';
export const INVOICE_CREATE_FAILED_MESSAGE = 'Failed to create invoice';
export const INVOICE_CHARGE_FAILED_MESSAGE = 'Failed to charge invoice';
// Ours.
export const BILLING_NOT_CONFIGURED_MESSAGE =
  'Card payments are not configured on this server (no Stripe keys): invoices can be marked paid by hand';
export const CYCLE_ALREADY_ACTIVE_MESSAGE = 'A billing cycle is already active: finish or cancel it first';
export const NO_CARD_MESSAGE = 'This centre has no saved card';
export const TAX_RATE_MESSAGE = 'The tax rate must be from 0 to less than 1 (0.13 for 13 %), at most 6 decimals';
export const QUANTITY_MAX = 1_000_000;

/** How an invoice number is shown (on the page, the PDF and the PaymentIntent's description). */
export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const ZMoneyOut = z.string();

/** The centre a request is about: required for ROLE_SYSTEM, ignored (own centre) for an admin. */
export const ZOrganisationQuery = z.object({ organisationId: ZId.optional() });

export const ZCard = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type TCard = z.infer<typeof ZCard>;

export const ZBillingStatus = z.object({
  /** Stripe keys are configured: cards can be saved and invoices charged. */
  configured: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type TBillingStatus = z.infer<typeof ZBillingStatus>;

export const ZPaymentInfo = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  configured: z.boolean(),
  card: ZCard.nullable(),
  creditBalance: ZMoneyOut,
  taxRate: z.string(),
  currency: z.string(),
});
export type TPaymentInfo = z.infer<typeof ZPaymentInfo>;

export const ZCheckoutSessionBody = z.object({ organisationId: ZId.optional() });
export const ZCheckoutSession = z.object({ url: z.string() });
export const ZConfirmCheckoutBody = z.object({
  sessionId: z
    .string()
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'sessionId must be a Checkout session id (cs_…)'),
});

// --- invoices ---------------------------------------------------------------------------------------
export const invoiceStatuses = ['UNPAID', 'PAID', 'VOID'] as const;
export const ZInvoiceStatus = z.enum(invoiceStatuses);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;
export const invoicePaymentMethods = ['CARD', 'MANUAL', 'NONE'] as const;

export const ZInvoiceLine = z.object({
  kind: z.enum(['STUDENTS', 'MINIMUM_TOP_UP', 'CREDIT', 'TAX']),
  quantity: z.number().int(),
  unitAmount: ZMoneyOut,
  amount: ZMoneyOut,
});

export const ZInvoice = z.object({
  id: z.number().int(),
  number: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  cycleId: z.number().int().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  quantity: z.number().int(),
  quantityOverridden: z.boolean(),
  chargeRange: z.string(),
  chargePerStudent: ZMoneyOut,
  subtotal: ZMoneyOut,
  minimumCharge: ZMoneyOut,
  creditApplied: ZMoneyOut,
  totalBeforeTax: ZMoneyOut,
  taxRate: z.string(),
  tax: ZMoneyOut,
  total: ZMoneyOut,
  items: z.array(ZInvoiceLine),
  status: ZInvoiceStatus,
  /** UNPAID and past its due date (the centre's today). */
  overdue: z.boolean(),
  chargeAttempt: z.number().int(),
  /** A charge was requested and its result is not yet recorded (the reconcile step settles it). */
  chargePending: z.boolean(),
  lastChargeError: z.string().nullable(),
  lastChargeAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidMethod: z.enum(invoicePaymentMethods).nullable(),
  paidNote: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceDetail = ZInvoice.extend({
  students: z.array(z.object({ studentId: z.number().int(), name: z.string() })),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

export const ZInvoiceListQuery = ZListQuery.extend({
  sortField: z.enum(['number', 'invoiceDate', 'dueDate', 'total', 'status']).optional(),
  organisationId: ZId.optional(),
  cycleId: ZId.optional(),
  status: ZInvoiceStatus.optional(),
  overdue: ZQueryBoolean.optional(),
});

export const ZInvoiceQuantity = z
  .number(INVALID_QUANTITY_MESSAGE)
  .int(INVALID_QUANTITY_MESSAGE)
  .min(0, INVALID_QUANTITY_MESSAGE)
  .max(QUANTITY_MAX, INVALID_QUANTITY_MESSAGE);

export const ZCreateInvoiceBody = z.object({
  organisationId: ZId,
  periodStart: ZDate,
  periodEnd: ZDate,
  /** Today (UTC) when absent. */
  invoiceDate: ZDate.optional(),
  /** invoiceDate + the platform's due days when absent. */
  dueDate: ZDate.optional(),
  /** Overrides the counted students (the platform's correction); counted when absent. */
  quantity: ZInvoiceQuantity.optional(),
});
export type TCreateInvoiceBody = z.input<typeof ZCreateInvoiceBody>;

export const ZMarkPaidBody = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'note: say how it was paid (cheque, transfer…)')
    .max(500, 'note: at most 500 characters'),
});
export const ZVoidInvoiceBody = z.object({
  reason: z.string().trim().min(1, 'reason: say why the invoice is voided').max(500, 'reason: at most 500 characters'),
});

export const ZOverdue = z.object({
  /** The user's centre has an unpaid invoice past its due date. */
  overdue: z.boolean(),
  /** The overdue invoices, for a centre's admin only (operators are told to contact their admin). */
  invoices: z.array(ZInvoice),
  /** May pay them here (billing:view). */
  canPay: z.boolean(),
});
export type TOverdue = z.infer<typeof ZOverdue>;

// --- credit ledger ----------------------------------------------------------------------------------
export const creditUpdateTypes = ['ADD', 'ADJUST', 'SUBTRACT', 'INVOICE_CHARGE'] as const;
export const ZCreditUpdateType = z.enum(creditUpdateTypes);
export type TCreditUpdateType = z.infer<typeof ZCreditUpdateType>;

export const ZCreditEntry = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  type: ZCreditUpdateType,
  /** Signed. */
  amount: ZMoneyOut,
  balanceAfter: ZMoneyOut,
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  comments: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TCreditEntry = z.infer<typeof ZCreditEntry>;
export const ZCreditListQuery = ZListQuery.extend({
  sortField: z.enum(['id', 'createdAt']).optional(),
  organisationId: ZId.optional(),
  type: ZCreditUpdateType.optional(),
});
/** ADD and SUBTRACT: an amount above 0; ADJUST: the new balance (0 or more). Only the platform. */
export const ZCreditUpdateBody = z.object({
  organisationId: ZId,
  type: z.enum(['ADD', 'ADJUST', 'SUBTRACT'], 'type must be ADD, ADJUST or SUBTRACT'),
  amount: ZMoney,
  comments: optionalText(500),
});
export type TCreditUpdateBody = z.input<typeof ZCreditUpdateBody>;

// --- the platform's price list and centres ----------------------------------------------------------
export const ZPriceTier = z.object({
  fromStudents: z
    .number('fromStudents must be a whole number of students')
    .int('fromStudents must be a whole number of students')
    .min(0, 'fromStudents must be 0 or more')
    .max(QUANTITY_MAX, `fromStudents must be at most ${QUANTITY_MAX}`),
  /** At most STUDENT_PRICE_MAX: QUANTITY_MAX students x this price plus tax fits an invoice's columns. */
  pricePerStudent: moneyUpTo(STUDENT_PRICE_MAX, STUDENT_PRICE_MAX_MESSAGE),
});
export const ZBillingSettings = z.object({
  minimumCharge: ZMoney,
  dueDays: z
    .number('dueDays must be a whole number of days from 0 to 365')
    .int('dueDays must be a whole number of days from 0 to 365')
    .min(0, 'dueDays must be a whole number of days from 0 to 365')
    .max(365, 'dueDays must be a whole number of days from 0 to 365'),
  currency: z.string(),
  tiers: z.array(ZPriceTier).min(1, 'tiers: at least one price tier').max(50, 'tiers: at most 50'),
});
export type TBillingSettings = z.infer<typeof ZBillingSettings>;
export const ZBillingSettingsBody = ZBillingSettings.omit({ currency: true });

export const ZTaxRate = documentedAs(
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => String(v))
    .refine((v) => /^0(\.\d{1,6})?$/.test(v), TAX_RATE_MESSAGE),
  {
    type: 'string',
    pattern: '^0(\\.\\d{1,6})?$',
    description: 'A fraction from 0 to under 1, at most 6 decimals (also as a JSON number)',
  },
);

export const ZBillingCentre = z.object({
  id: z.number().int(),
  name: z.string(),
  creditBalance: ZMoneyOut,
  taxRate: z.string(),
  card: ZCard.nullable(),
  unpaidInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
});
export type TBillingCentre = z.infer<typeof ZBillingCentre>;

// --- billing cycles ---------------------------------------------------------------------------------
export const billingCycleStatuses = ['ACTIVE', 'RUNNING', 'COMPLETED', 'CANCELLED'] as const;
export const billingCentreOutcomes = ['PENDING', 'CREATED', 'CHARGED', 'FAILED', 'SKIPPED'] as const;
export const ZBillingCentreOutcome = z.enum(billingCentreOutcomes);

export const ZCycleCounts = z.object({
  total: z.number().int(),
  PENDING: z.number().int(),
  CREATED: z.number().int(),
  CHARGED: z.number().int(),
  FAILED: z.number().int(),
  SKIPPED: z.number().int(),
});
/** A period billed outside any cycle (invoices made by hand), with its invoices by status. */
export const ZInvoicedPeriod = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  invoices: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  void: z.number().int(),
  /** Sum of the totals of its invoices that are not void, 2 decimals. */
  total: z.string(),
});
export type TInvoicedPeriod = z.infer<typeof ZInvoicedPeriod>;

export const ZBillingCycle = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(billingCycleStatuses),
  repeat: z.boolean(),
  startedByName: z.string().nullable(),
  runStartedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Centres by outcome (all PENDING before the run; total = centres concerned). */
  counts: ZCycleCounts,
});
export type TBillingCycle = z.infer<typeof ZBillingCycle>;

export const ZStartCycleBody = z.object({
  startDate: ZDate,
  endDate: ZDate,
  /** Start the next cycle of the same length when this one is billed (default true). */
  repeat: z.boolean().default(true),
});
export type TStartCycleBody = z.input<typeof ZStartCycleBody>;

export const ZCycleCentre = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  outcome: ZBillingCentreOutcome,
  reason: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.number().int().nullable(),
  total: ZMoneyOut.nullable(),
  updatedAt: z.string(),
});
export type TCycleCentre = z.infer<typeof ZCycleCentre>;
export const ZCycleCentreQuery = ZListQuery.extend({
  sortField: z.enum(['outcome', 'updatedAt']).optional(),
  outcome: ZBillingCentreOutcome.optional(),
});

const tag = 'billing';
export const billingEndpoints = {
  status: defineEndpoint({
    method: 'get',
    path: '/billing/status',
    right: 'billing:view',
    tag,
    summary: 'Whether card payments (Stripe) are configured, and the publishable key',
    reply: ZBillingStatus,
  }),
  paymentInfo: defineEndpoint({
    method: 'get',
    path: '/billing/payment-info',
    right: 'billing:view',
    tag,
    summary: "A centre's saved card (brand, last 4, expiry), credit balance and tax rate",
    query: ZOrganisationQuery,
    reply: ZPaymentInfo,
  }),
  createCheckoutSession: defineEndpoint({
    refusals: [502, 503],
    method: 'post',
    path: '/billing/checkout-sessions',
    right: 'billing:view',
    tag,
    summary: 'Start Stripe Checkout in setup mode to save or replace the card; returns the hosted page URL',
    body: ZCheckoutSessionBody,
    reply: ZCheckoutSession,
  }),
  confirmCheckoutSession: defineEndpoint({
    refusals: [502, 503],
    method: 'post',
    path: '/billing/checkout-sessions/confirm',
    right: 'billing:view',
    tag,
    summary: 'After the hosted page: check the session with Stripe and save its card as the centre’s card',
    body: ZConfirmCheckoutBody,
    reply: ZPaymentInfo,
  }),
  removeCard: defineEndpoint({
    refusals: [502, 503],
    method: 'delete',
    path: '/billing/payment-method',
    right: 'billing:view',
    tag,
    summary: 'Remove the saved card (detached at Stripe)',
    query: ZOrganisationQuery,
    reply: ZPaymentInfo,
  }),
  listInvoices: defineEndpoint({
    method: 'get',
    path: '/billing/invoices',
    right: 'billing:view',
    tag,
    summary: "Invoices: an admin's own centre; the platform's all (or one centre's)",
    query: ZInvoiceListQuery,
    reply: listReply(ZInvoice),
  }),
  getInvoice: defineEndpoint({
    method: 'get',
    path: '/billing/invoices/:id',
    right: 'billing:view',
    tag,
    summary: 'One invoice with the students it counts',
    params: ZIdParams,
    reply: ZInvoiceDetail,
  }),
  invoicePdf: defineEndpoint({
    method: 'get',
    path: '/billing/invoices/:id/pdf',
    right: 'billing:view',
    tag,
    summary: 'The invoice as a PDF download',
    params: ZIdParams,
  }),
  createInvoice: defineEndpoint({
    method: 'post',
    path: '/billing/invoices',
    right: 'billing:cycles',
    tag,
    summary: 'Create an invoice for one centre and period by hand (quantity counted unless overridden)',
    body: ZCreateInvoiceBody,
    reply: ZInvoiceDetail,
    status: 201,
  }),
  chargeInvoice: defineEndpoint({
    refusals: [402, 502, 503],
    method: 'post',
    path: '/billing/invoices/:id/charge',
    right: 'billing:view',
    tag,
    summary:
      'Charge an unpaid invoice on the saved card, exactly once (idempotency key from the invoice); 402 with the provider’s message on a decline',
    params: ZIdParams,
    reply: ZInvoice,
  }),
  markInvoicePaid: defineEndpoint({
    method: 'post',
    path: '/billing/invoices/:id/mark-paid',
    right: 'billing:cycles',
    tag,
    summary: 'Record an invoice paid by hand (cheque, transfer)',
    params: ZIdParams,
    body: ZMarkPaidBody,
    reply: ZInvoice,
  }),
  voidInvoice: defineEndpoint({
    method: 'post',
    path: '/billing/invoices/:id/void',
    right: 'billing:cycles',
    tag,
    summary: 'Void an unpaid invoice (its number stays used); credit it applied goes back to the centre',
    params: ZIdParams,
    body: ZVoidInvoiceBody,
    reply: ZInvoice,
  }),
  overdue: defineEndpoint({
    method: 'get',
    path: '/billing/overdue',
    right: 'account:own',
    tag,
    summary: "Whether the user's centre has an unpaid invoice past due (the alert and the banner)",
    reply: ZOverdue,
  }),
  listCredit: defineEndpoint({
    method: 'get',
    path: '/billing/credit-ledger',
    right: 'billing:view',
    tag,
    summary: "A centre's credit balance history, newest first",
    query: ZCreditListQuery,
    reply: listReply(ZCreditEntry),
  }),
  updateCredit: defineEndpoint({
    method: 'post',
    path: '/billing/credit-ledger',
    right: 'billing:cycles',
    tag,
    summary: "Add, subtract or set (ADJUST) a centre's credit; appended to its ledger",
    body: ZCreditUpdateBody,
    reply: ZCreditEntry,
    status: 201,
  }),
  listCentres: defineEndpoint({
    method: 'get',
    path: '/billing/centres',
    right: 'billing:cycles',
    tag,
    summary: 'Every centre with its card, credit balance, tax rate and unpaid invoices',
    query: ZListQuery.extend({
      sortField: z.enum(['name', 'creditBalance']).optional(),
      q: z.string().trim().max(100).optional(),
    }),
    reply: listReply(ZBillingCentre),
  }),
  setTaxRate: defineEndpoint({
    method: 'put',
    path: '/billing/centres/:id/tax-rate',
    right: 'billing:cycles',
    tag,
    summary: "Set a centre's tax rate (applies to invoices created from now on)",
    params: ZIdParams,
    body: z.object({ taxRate: ZTaxRate }),
    reply: ZBillingCentre,
  }),
  getSettings: defineEndpoint({
    method: 'get',
    path: '/billing/settings',
    right: 'billing:cycles',
    tag,
    summary: "The platform's price tiers, minimum charge and due days",
    reply: ZBillingSettings,
  }),
  putSettings: defineEndpoint({
    method: 'put',
    path: '/billing/settings',
    right: 'billing:cycles',
    tag,
    summary: "Set the platform's price tiers (first from 0 students, increasing), minimum charge and due days",
    body: ZBillingSettingsBody,
    reply: ZBillingSettings,
  }),
  listCycles: defineEndpoint({
    method: 'get',
    path: '/billing/cycles',
    right: 'billing:cycles',
    tag,
    summary: 'Billing cycles, newest first, with their per-centre counts',
    query: ZListQuery.extend({ sortField: z.enum(['startDate', 'createdAt']).optional() }),
    reply: listReply(ZBillingCycle),
  }),
  invoicedPeriods: defineEndpoint({
    method: 'get',
    path: '/billing/invoiced-periods',
    right: 'billing:cycles',
    tag,
    summary: 'Periods invoiced outside any billing cycle (invoices made by hand), newest first, with counts',
    query: ZListQuery,
    reply: listReply(ZInvoicedPeriod),
  }),
  activeCycle: defineEndpoint({
    method: 'get',
    path: '/billing/cycles/active',
    right: 'billing:cycles',
    tag,
    summary: 'The active cycle (started, not finished), or null',
    reply: z.object({ cycle: ZBillingCycle.nullable() }),
  }),
  startCycle: defineEndpoint({
    method: 'post',
    path: '/billing/cycles',
    right: 'billing:cycles',
    tag,
    summary: 'Start a billing cycle (its start no earlier than one month back; one active at a time)',
    body: ZStartCycleBody,
    reply: ZBillingCycle,
    status: 201,
  }),
  runCycle: defineEndpoint({
    method: 'post',
    path: '/billing/cycles/:id/run',
    right: 'billing:cycles',
    tag,
    summary: 'Bill the cycle now (the job creates and charges each centre’s invoice); watch /centres',
    params: ZIdParams,
    reply: ZBillingCycle,
  }),
  cancelCycle: defineEndpoint({
    method: 'post',
    path: '/billing/cycles/:id/cancel',
    right: 'billing:cycles',
    tag,
    summary: 'Cancel an active cycle that has not run',
    params: ZIdParams,
    reply: ZBillingCycle,
  }),
  getCycle: defineEndpoint({
    method: 'get',
    path: '/billing/cycles/:id',
    right: 'billing:cycles',
    tag,
    summary: 'One cycle with its per-centre counts',
    params: ZIdParams,
    reply: ZBillingCycle,
  }),
  cycleCentres: defineEndpoint({
    method: 'get',
    path: '/billing/cycles/:id/centres',
    right: 'billing:cycles',
    tag,
    summary: 'A cycle’s progress per centre: created, charged, failed or skipped, with the reason',
    params: ZIdParams,
    query: ZCycleCentreQuery,
    reply: listReply(ZCycleCentre),
  }),
  stripeWebhook: defineEndpoint({
    refusals: [503],
    method: 'post',
    path: '/billing/stripe-webhook',
    right: 'public',
    tag,
    summary: 'Stripe events (raw body, Stripe-Signature checked; each event processed once)',
    reply: z.object({ received: z.literal(true) }),
  }),
};
