// PaymentIntents: create (and confirm at once, off session or not), retrieve, list by customer. A
// declined charge still stores the PaymentIntent, answers 402 with it in the error body, and raises
// `payment_intent.payment_failed`; a success raises `payment_intent.succeeded`.

import { requireChargesEnabled } from './accounts';
import { AUTHENTICATION_REQUIRED, type CardDecline, testCard } from './cards';
import type { Route, RouteContext } from './context';
import { getCustomer, resolvePaymentMethod } from './customers';
import {
  invalidRequest,
  isTrue,
  list,
  mergeMetadata,
  missingParam,
  noSuch,
  now,
  optionalInteger,
  type Params,
  randomId,
  requireString,
  StripeApiError,
} from './http';
import { expand, own, type StandInState, type StripeObject, visible } from './objects';

/** A new PaymentIntent (not stored); description, metadata and receipt_email come from `p`. */
export function newPaymentIntent(p: Params, amount: number, currency: string): StripeObject {
  const id = randomId('pi_');
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomId('', 25)}`,
    confirmation_method: 'automatic',
    created: now(),
    currency,
    customer: null,
    description: typeof p.description === 'string' ? p.description : null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: mergeMetadata({}, p.metadata),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: typeof p.receipt_email === 'string' ? p.receipt_email : null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

/** The outcome of charging the card behind a PaymentMethod, by its test card number. */
function chargeOutcome(number: string | undefined, offSession: boolean): CardDecline | 'succeeded' | 'requires_action' {
  const card = number ? testCard(number) : undefined;
  if (card?.chargeDecline) return card.chargeDecline;
  if (card?.requiresAuthentication) return offSession ? AUTHENTICATION_REQUIRED : 'requires_action';
  return 'succeeded';
}

/** What a charge needs: the state (card numbers) and a way to raise events. A route's context is one. */
export interface Charging {
  state: StandInState;
  emit(type: string, object: StripeObject): void;
}

/** Charges the card; returns the card error of a decline (the PaymentIntent then waits for another card). */
export function confirm(ctx: Charging, intent: StripeObject, method: StripeObject, offSession: boolean) {
  intent.payment_method = method.id;
  const outcome = chargeOutcome(ctx.state.cardNumbers.get(method.id), offSession);
  if (outcome === 'requires_action') {
    intent.status = 'requires_action';
    intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
    ctx.emit('payment_intent.requires_action', intent);
    return null;
  }
  intent.latest_charge = randomId('ch_');
  if (outcome === 'succeeded') {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    ctx.emit('payment_intent.succeeded', intent);
    return null;
  }
  const error = {
    ...outcome,
    type: 'card_error',
    charge: intent.latest_charge,
    doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll('_', '-')}`,
    payment_method: structuredClone(method),
    request_log_url: `https://dashboard.stripe.com/test/logs/${randomId('req_', 14)}`,
  };
  intent.status = 'requires_payment_method';
  intent.last_payment_error = error;
  ctx.emit('payment_intent.payment_failed', intent);
  return error;
}

async function afterCharge(ctx: RouteContext, intent: StripeObject) {
  if (ctx.options.afterChargeDelayMs) await new Promise((r) => setTimeout(r, ctx.options.afterChargeDelayMs));
  await ctx.options.onPaymentIntentCreated?.(structuredClone(intent));
}

/** `created=<t>` or `created[gte|gt|lte|lt]=<t>`, as list endpoints filter by creation time. */
function createdMatches(value: number, filter: unknown): boolean {
  if (filter === undefined) return true;
  if (typeof filter === 'string') return value === Number(filter);
  const range = filter as Record<string, string>;
  const bound = (key: string) => (range[key] === undefined ? undefined : Number(range[key]));
  const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
  return (
    (gte === undefined || value >= gte) &&
    (gt === undefined || value > gt) &&
    (lte === undefined || value <= lte) &&
    (lt === undefined || value < lt)
  );
}

export const paymentIntentRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    async handle(ctx) {
      const p = ctx.params;
      const amount = optionalInteger(p, 'amount');
      if (amount === undefined) throw missingParam('amount');
      const currency = requireString(p, 'currency').toLowerCase();
      if (amount < 50)
        throw invalidRequest(`Amount must be at least $0.50 ${currency}`, {
          code: 'amount_too_small',
          param: 'amount',
        });
      const intent = own(ctx.state, ctx.account, newPaymentIntent(p, amount, currency));
      if (p.customer !== undefined) intent.customer = getCustomer(ctx, String(p.customer), 'customer', 400).id;
      const method = p.payment_method === undefined ? null : resolvePaymentMethod(ctx, String(p.payment_method));
      if (method?.customer && method.customer !== intent.customer)
        throw invalidRequest(
          `The provided PaymentMethod ${method.id} is attached to another Customer or no Customer was given; pass the Customer it is attached to.`,
          { param: 'payment_method' },
        );
      const offSession = isTrue(p.off_session);
      if (offSession && !isTrue(p.confirm))
        throw invalidRequest('You can only pass in `off_session` when `confirm` is true.', { param: 'off_session' });
      if (isTrue(p.confirm) && !method)
        throw invalidRequest(
          "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method or ConfirmationToken.",
          { code: 'payment_intent_unexpected_state' },
        );
      if (isTrue(p.confirm)) requireChargesEnabled(ctx);
      ctx.state.paymentIntents.set(intent.id, intent);
      ctx.emit('payment_intent.created', intent);
      let error: Record<string, unknown> | null = null;
      if (method && isTrue(p.confirm)) error = confirm(ctx, intent, method, offSession);
      else if (method) {
        intent.payment_method = method.id;
        intent.status = 'requires_confirmation';
      }
      await afterCharge(ctx, intent);
      if (error) throw new StripeApiError(402, { ...error, payment_intent: structuredClone(intent) });
      return expand(ctx.state, intent, p.expand);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    handle(ctx, [, id]) {
      const intent = visible(ctx, ctx.state.paymentIntents.get(id));
      if (!intent) throw noSuch('payment_intent', id);
      return expand(ctx.state, intent, ctx.params.expand);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents$/,
    handle(ctx) {
      const { customer, created } = ctx.params;
      const rows = [...ctx.state.paymentIntents.values()]
        .filter((pi) => visible(ctx, pi))
        .filter((pi) => customer === undefined || pi.customer === customer)
        .filter((pi) => createdMatches(pi.created, created))
        .reverse();
      return list('/v1/payment_intents', rows, ctx.params);
    },
  },
];
