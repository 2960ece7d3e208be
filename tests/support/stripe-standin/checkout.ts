// Checkout Sessions in setup mode: create (with its SetupIntent), retrieve (expand[]), expire, and the
// completion the hosted page performs when a card is saved.
import type { Route } from './context';
import { getCustomer } from './customers';
import { invalidRequest, mergeMetadata, missingParam, noSuch, now, randomId, requireString } from './http';
import { expand, newSetupIntent, type StandInState, type StripeObject } from './objects';

export function getSession(state: StandInState, id: string): StripeObject {
  const session = state.checkoutSessions.get(id);
  if (!session) throw noSuch('checkout.session', id, 'session');
  return session;
}

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle(ctx) {
      const p = ctx.params;
      const mode = requireString(p, 'mode');
      if (mode !== 'setup')
        throw invalidRequest(`The stripe stand-in only implements mode=setup, not '${mode}'.`, { param: 'mode' });
      if (p.success_url === undefined) throw missingParam('success_url');
      const successUrl = requireString(p, 'success_url');
      if (!/^https?:\/\//.test(successUrl))
        throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: 'success_url' });
      if (p.currency === undefined && p.payment_method_types === undefined)
        throw invalidRequest('You must provide at least one of `currency` or `payment_method_types` in `setup` mode.', {
          param: 'currency',
        });
      const customer = p.customer === undefined ? null : getCustomer(ctx.state, String(p.customer), 'customer', 400).id;
      const setupIntent = newSetupIntent(customer);
      setupIntent.metadata = mergeMetadata({}, p.setup_intent_data?.metadata);
      setupIntent.description = p.setup_intent_data?.description ?? null;
      ctx.state.setupIntents.set(setupIntent.id, setupIntent);
      const id = randomId('cs_test_', 58);
      const created = now();
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        amount_subtotal: null,
        amount_total: null,
        cancel_url: typeof p.cancel_url === 'string' ? p.cancel_url : null,
        client_reference_id: typeof p.client_reference_id === 'string' ? p.client_reference_id : null,
        created,
        currency: typeof p.currency === 'string' ? p.currency.toLowerCase() : null,
        customer,
        customer_email: null,
        expires_at: created + 24 * 3600,
        livemode: false,
        locale: typeof p.locale === 'string' ? p.locale : null,
        metadata: mergeMetadata({}, p.metadata),
        mode,
        payment_intent: null,
        payment_method_types: Array.isArray(p.payment_method_types) ? p.payment_method_types : ['card'],
        payment_status: 'no_payment_required',
        setup_intent: setupIntent.id,
        status: 'open',
        success_url: successUrl,
        ui_mode: 'hosted',
        url: `${ctx.baseUrl}/pay/${id}`,
      };
      ctx.state.checkoutSessions.set(id, session);
      ctx.emit('setup_intent.created', setupIntent);
      return session;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle: (ctx, [, id]) => expand(ctx.state, getSession(ctx.state, id), ctx.params.expand),
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle(ctx, [, id]) {
      const session = getSession(ctx.state, id);
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
      const intent = ctx.state.setupIntents.get(id);
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
