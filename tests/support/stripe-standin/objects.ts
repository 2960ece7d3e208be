// The stand-in's state and Stripe's JSON shapes for the objects it keeps (API version 2026-10-28).
import { createHash } from 'node:crypto';
import { brandOf } from './cards';
import { now, randomId } from './http';

/** A Stripe API object as sent on the wire: `id`, `object`, then the type's own fields. */
export interface StripeObject {
  id: string;
  object: string;
  // biome-ignore lint/suspicious/noExplicitAny: fields vary per object type; tests read them like JSON
  [field: string]: any;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  /** The `Stripe-Account` header (a connected account), null for the platform's own calls. */
  account: string | null;
  status: number;
  replayed: boolean;
}

export interface DeliveryLogEntry {
  eventId: string;
  type: string;
  url: string;
  status: number | null;
  error: string | null;
}

export interface StandInState {
  customers: Map<string, StripeObject>;
  paymentMethods: Map<string, StripeObject>;
  setupIntents: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** Every event, oldest first. */
  events: StripeObject[];
  /** Every API call (not the hosted page), oldest first. */
  requests: RequestLogEntry[];
  /** Every webhook POST and its answer. */
  deliveries: DeliveryLogEntry[];
  /** The card number behind each PaymentMethod (Stripe keeps it; the API never shows it). */
  cardNumbers: Map<string, string>;
  /** Connected accounts (Connect), by id. */
  accounts: Map<string, StripeObject>;
  /** Account links (hosted onboarding), by the link id in their url. */
  accountLinks: Map<string, AccountLinkRecord>;
  /** The connected account each object belongs to (absent: the platform's own), by object id. */
  owners: Map<string, string>;
}

/** An account link as the stand-in keeps it (Stripe only returns `url` and `expires_at`). */
export interface AccountLinkRecord {
  id: string;
  account: string;
  refresh_url: string;
  return_url: string;
  type: string;
  expires_at: number;
  used: boolean;
}

/** Who can see objects: the platform (account null) or one connected account (`Stripe-Account`). */
export interface Scope {
  state: StandInState;
  account: string | null;
}

export const newState = (): StandInState => ({
  customers: new Map(),
  paymentMethods: new Map(),
  setupIntents: new Map(),
  paymentIntents: new Map(),
  checkoutSessions: new Map(),
  events: [],
  requests: [],
  deliveries: [],
  cardNumbers: new Map(),
  accounts: new Map(),
  accountLinks: new Map(),
  owners: new Map(),
});

/** The connected account an object belongs to, or null for the platform's own objects. */
export function ownerOf(state: StandInState, object: StripeObject): string | null {
  if (object.object === 'account') return object.id;
  return state.owners.get(object.id) ?? null;
}

/** Marks an object as created in `account` (null: the platform); returns it. */
export function own<T extends StripeObject>(state: StandInState, account: string | null, object: T): T {
  if (account) state.owners.set(object.id, account);
  return object;
}

/** The object when it belongs to the scope's account; another account's object is as good as missing. */
export function visible(scope: Scope, object: StripeObject | undefined): StripeObject | undefined {
  return object && ownerOf(scope.state, object) === scope.account ? object : undefined;
}

/** Which map holds an id, by its prefix: used by `expand[]`. */
export function findById(state: StandInState, id: string): StripeObject | undefined {
  if (id.startsWith('cus_')) return state.customers.get(id);
  if (id.startsWith('pm_')) return state.paymentMethods.get(id);
  if (id.startsWith('seti_')) return state.setupIntents.get(id);
  if (id.startsWith('pi_')) return state.paymentIntents.get(id);
  if (id.startsWith('cs_')) return state.checkoutSessions.get(id);
  return undefined;
}

/** A copy with each `expand[]` path (`setup_intent.payment_method`) replaced by its object. */
export function expand(state: StandInState, object: StripeObject, paths: unknown): StripeObject {
  const copy = structuredClone(object);
  const list = Array.isArray(paths) ? paths.map(String) : typeof paths === 'string' ? [paths] : [];
  for (const path of list) {
    let node: StripeObject | undefined = copy;
    const fields = path.split('.');
    fields.forEach((field, i) => {
      if (!node) return;
      const value = node[field];
      if (typeof value === 'string') {
        const found = findById(state, value);
        if (found) node[field] = structuredClone(found);
      }
      node = i < fields.length - 1 && typeof node[field] === 'object' ? node[field] : undefined;
    });
  }
  return copy;
}

export const newCustomer = (params: Record<string, unknown>): StripeObject => ({
  id: randomId('cus_', 14),
  object: 'customer',
  address: null,
  balance: 0,
  created: now(),
  currency: null,
  default_source: null,
  delinquent: false,
  description: params.description ?? null,
  discount: null,
  email: params.email ?? null,
  invoice_prefix: randomId('', 8).toUpperCase(),
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: {},
  name: params.name ?? null,
  next_invoice_sequence: 1,
  phone: params.phone ?? null,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
});

export function newCardPaymentMethod(number: string, expMonth: number, expYear: number): StripeObject {
  const brand = brandOf(number);
  return {
    id: randomId('pm_'),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: null,
      name: null,
      phone: null,
    },
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: brand === 'amex' ? 'american_express' : brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export const newSetupIntent = (customer: string | null): StripeObject => {
  const id = randomId('seti_');
  return {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomId('', 25)}`,
    created: now(),
    customer,
    description: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
  };
};

/** An event; `account` is set for a connected account's event (Connect), absent for the platform's own. */
export function newEvent(
  type: string,
  object: StripeObject,
  idempotencyKey: string | null,
  account: string | null = null,
): StripeObject {
  return {
    id: randomId('evt_'),
    object: 'event',
    ...(account ? { account } : {}),
    api_version: '2026-10-28.endive',
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: idempotencyKey === null ? null : randomId('req_', 14), idempotency_key: idempotencyKey },
    type,
  };
}
