// Checkout Sessions in setup mode (save a card) and payment mode (one payment of price_data line
// items): create, retrieve (expand[]), expire, and the completion the hosted page performs. Sessions
// made with `Stripe-Account` belong to that connected account, as do their SetupIntents and the
// PaymentIntents and PaymentMethods made when they are completed.
import { requireChargesEnabled } from './accounts';
import type { Route, RouteContext } from './context';
import { getCustomer } from './customers';
import {
  invalidRequest,
  mergeMetadata,
  missingParam,
  noSuch,
  now,
  optionalInteger,
  type Params,
  randomId,
  requireString,
} from './http';
import { expand, newSetupIntent, own, type Scope, type StandInState, type StripeObject, visible } from './objects';
import { type Charging, confirm, newPaymentIntent } from './payment-intents';

/** What a payment-mode session keeps beside its JSON (Stripe shows line items only when expanded). */
export interface SessionPayment {
  productName: string;
  paymentIntentData: Params;
}

const payments = new WeakMap<StandInState, Map<string, SessionPayment>>();
export function paymentOf(state: StandInState, sessionId: string): SessionPayment | undefined {
  return payments.get(state)?.get(sessionId);
}

export function getSession(scope: Scope, id: string): StripeObject {
  const session = visible(scope, scope.state.checkoutSessions.get(id));
  if (!session) throw noSuch('checkout.session', id, 'session');
  return session;
}

function requireUrl(p: Params, name: string): string {
  if (p[name] === undefined) throw missingParam(name);
  const url = requireString(p, name);
  if (!/^https?:\/\//.test(url)) throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: name });
  return url;
}

/** `line_items[i][price_data]…` and `[quantity]` → the total and the first item's name (one currency). */
function lineItems(p: Params): { amount: number; currency: string; productName: string } {
  if (!Array.isArray(p.line_items) || p.line_items.length === 0) throw missingParam('line_items');
  let amount = 0;
  let currency = '';
  const names: string[] = [];
  p.line_items.forEach((item: Params, i: number) => {
    const at = `line_items[${i}]`;
    if (item.price !== undefined)
      throw invalidRequest('The stripe stand-in implements price_data line items only, not stored prices.', {
        param: `${at}[price]`,
      });
    const data = item.price_data as Params | undefined;
    if (!data) throw missingParam(`${at}[price_data]`);
    const itemCurrency = requireString(data, 'currency').toLowerCase();
    if (currency && itemCurrency !== currency)
      throw invalidRequest('All line items must use the same currency.', { param: `${at}[price_data][currency]` });
    currency = itemCurrency;
    const unit = optionalInteger(data, 'unit_amount');
    if (unit === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
    if (unit < 0)
      throw invalidRequest('This value must be greater than or equal to 0.', {
        param: `${at}[price_data][unit_amount]`,
      });
    const name = (data.product_data as Params | undefined)?.name;
    if (typeof name !== 'string' || name === '') throw missingParam(`${at}[price_data][product_data][name]`);
    const quantity = optionalInteger(item, 'quantity');
    if (quantity === undefined) throw missingParam(`${at}[quantity]`);
    if (quantity < 1)
      throw invalidRequest('This value must be greater than or equal to 1.', { param: `${at}[quantity]` });
    amount += unit * quantity;
    names.push(name);
  });
  if (amount < 50)
    throw invalidRequest(`The Checkout Session's total amount due must add up to at least $0.50 ${currency}`, {
      param: 'line_items',
    });
  return { amount, currency, productName: names.join(', ') };
}

function createSession(ctx: RouteContext): StripeObject {
  const p = ctx.params;
  const mode = requireString(p, 'mode');
  if (mode !== 'setup' && mode !== 'payment')
    throw invalidRequest(`The stripe stand-in implements mode=setup and mode=payment, not '${mode}'.`, {
      param: 'mode',
    });
  const successUrl = requireUrl(p, 'success_url');
  if (p.cancel_url !== undefined) requireUrl(p, 'cancel_url');
  if (p.customer !== undefined && p.customer_email !== undefined)
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', {
      param: 'customer_email',
    });
  const customer = p.customer === undefined ? null : getCustomer(ctx, String(p.customer), 'customer', 400).id;
  const created = now();
  const expiresAt = optionalInteger(p, 'expires_at') ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours from Checkout Session creation.',
      { param: 'expires_at' },
    );
  const id = randomId('cs_test_', 58);
  let setupIntent: StripeObject | null = null;
  let totals = { amount: null as number | null, currency: null as string | null };
  if (mode === 'setup') {
    if (p.currency === undefined && p.payment_method_types === undefined)
      throw invalidRequest('You must provide at least one of `currency` or `payment_method_types` in `setup` mode.', {
        param: 'currency',
      });
    setupIntent = own(ctx.state, ctx.account, newSetupIntent(customer));
    setupIntent.metadata = mergeMetadata({}, p.setup_intent_data?.metadata);
    setupIntent.description = p.setup_intent_data?.description ?? null;
    ctx.state.setupIntents.set(setupIntent.id, setupIntent);
    totals.currency = typeof p.currency === 'string' ? p.currency.toLowerCase() : null;
  } else {
    const items = lineItems(p);
    requireChargesEnabled(ctx);
    totals = { amount: items.amount, currency: items.currency };
    const data = (p.payment_intent_data ?? {}) as Params;
    mergeMetadata({}, data.metadata, 'payment_intent_data[metadata]');
    if (!payments.has(ctx.state)) payments.set(ctx.state, new Map());
    payments.get(ctx.state)?.set(id, { productName: items.productName, paymentIntentData: data });
  }
  const session: StripeObject = own(ctx.state, ctx.account, {
    id,
    object: 'checkout.session',
    amount_subtotal: totals.amount,
    amount_total: totals.amount,
    cancel_url: typeof p.cancel_url === 'string' ? p.cancel_url : null,
    client_reference_id: typeof p.client_reference_id === 'string' ? p.client_reference_id : null,
    created,
    currency: totals.currency,
    customer,
    customer_creation: mode === 'payment' && !customer ? 'if_required' : null,
    customer_details: null,
    customer_email: typeof p.customer_email === 'string' ? p.customer_email : null,
    expires_at: expiresAt,
    livemode: false,
    locale: typeof p.locale === 'string' ? p.locale : null,
    metadata: mergeMetadata({}, p.metadata),
    mode,
    payment_intent: null,
    payment_method_types: Array.isArray(p.payment_method_types) ? p.payment_method_types : ['card'],
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    setup_intent: setupIntent?.id ?? null,
    status: 'open',
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${ctx.baseUrl}/pay/${id}`,
  });
  ctx.state.checkoutSessions.set(id, session);
  if (setupIntent) ctx.emit('setup_intent.created', setupIntent);
  return session;
}

export const checkoutRoutes: Route[] = [
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: createSession },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle: (ctx, [, id]) => expand(ctx.state, getSession(ctx, id), ctx.params.expand),
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle(ctx, [, id]) {
      const session = getSession(ctx, id);
      if (session.status !== 'open')
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      session.status = 'expired';
      session.url = null;
      ctx.emit('checkout.session.expired', session);
      return session;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/setup_intents\/([^/]+)$/,
    handle(ctx, [, id]) {
      const intent = visible(ctx, ctx.state.setupIntents.get(id));
      if (!intent) throw noSuch('setup_intent', id, 'intent');
      return expand(ctx.state, intent, ctx.params.expand);
    },
  },
];

/** What saving a card on the hosted page does: attach it, succeed the SetupIntent, complete the session. */
export function completeSetup(
  state: StandInState,
  session: StripeObject,
  method: StripeObject,
  emit: (type: string, object: StripeObject) => void,
) {
  const intent = state.setupIntents.get(session.setup_intent);
  if (!intent) throw new Error(`stripe stand-in: session ${session.id} lost its SetupIntent`);
  own(state, state.owners.get(session.id) ?? null, method);
  method.customer = session.customer;
  state.paymentMethods.set(method.id, method);
  if (method.customer) emit('payment_method.attached', method);
  intent.payment_method = method.id;
  intent.status = 'succeeded';
  intent.latest_attempt = randomId('setatt_');
  emit('setup_intent.succeeded', intent);
  session.status = 'complete';
  session.url = null;
  emit('checkout.session.completed', session);
}

/**
 * What paying on the hosted page does: the session's PaymentIntent (made on the first attempt, in the
 * session's account) is charged with the card. A success completes the session (paid) and sends
 * `payment_intent.succeeded` then `checkout.session.completed`; a decline leaves the session open and
 * returns the card error (`payment_intent.payment_failed`).
 */
export function completePayment(
  ctx: Charging,
  session: StripeObject,
  method: StripeObject,
): Record<string, unknown> | null {
  const { state } = ctx;
  const account = state.owners.get(session.id) ?? null;
  const payment = paymentOf(state, session.id);
  if (!payment) throw new Error(`stripe stand-in: session ${session.id} has no payment`);
  own(state, account, method);
  state.paymentMethods.set(method.id, method);
  let intent = session.payment_intent ? state.paymentIntents.get(session.payment_intent) : undefined;
  if (!intent) {
    intent = own(state, account, newPaymentIntent(payment.paymentIntentData, session.amount_total, session.currency));
    intent.customer = session.customer;
    intent.metadata = mergeMetadata({}, payment.paymentIntentData.metadata);
    state.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    ctx.emit('payment_intent.created', intent);
  }
  const error = confirm(ctx, intent, method, false);
  if (error) return error;
  if (intent.status !== 'succeeded')
    return { message: 'The stripe stand-in does not simulate 3-D Secure on its hosted page: use another test card.' };
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  session.customer_details = { email: session.customer_email, name: null, phone: null, address: null };
  ctx.emit('checkout.session.completed', session);
  return null;
}
