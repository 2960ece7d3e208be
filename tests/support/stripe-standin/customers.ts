// Customers and their card PaymentMethods: create, retrieve, update (default payment method, metadata),
// list a customer's cards, attach (test PaymentMethod ids) and detach.
import { testPaymentMethods } from './cards';
import type { Route, RouteContext } from './context';
import { invalidRequest, list, mergeMetadata, noSuch, type Params } from './http';
import {
  expand,
  newCardPaymentMethod,
  newCustomer,
  own,
  type Scope,
  type StandInState,
  type StripeObject,
  visible,
} from './objects';

/** The scope's customer (another account's is missing, as at Stripe). */
export function getCustomer(scope: Scope, id: string, param = 'id', status = 404): StripeObject {
  const customer = visible(scope, scope.state.customers.get(id));
  if (!customer) throw noSuch('customer', id, param, status);
  return customer;
}

/** The scope's PaymentMethod, or undefined. */
export const findPaymentMethod = (scope: Scope, id: string) => visible(scope, scope.state.paymentMethods.get(id));

/** A stored PaymentMethod, or a new one minted from a test id such as `pm_card_visa`. */
export function resolvePaymentMethod(ctx: RouteContext, id: string, param = 'payment_method'): StripeObject {
  const stored = findPaymentMethod(ctx, id);
  if (stored) return stored;
  const number = testPaymentMethods[id];
  if (!number) throw noSuch('PaymentMethod', id, param, 400);
  const method = own(ctx.state, ctx.account, newCardPaymentMethod(number, 12, new Date().getUTCFullYear() + 3));
  ctx.state.paymentMethods.set(method.id, method);
  ctx.state.cardNumbers.set(method.id, number);
  return method;
}

function updateCustomer(ctx: RouteContext, customer: StripeObject, params: Params) {
  for (const field of ['name', 'email', 'description', 'phone'] as const)
    if (params[field] !== undefined) customer[field] = params[field] === '' ? null : params[field];
  customer.metadata = mergeMetadata(customer.metadata, params.metadata);
  const wanted = params.invoice_settings?.default_payment_method;
  if (wanted !== undefined) {
    if (wanted === '') customer.invoice_settings.default_payment_method = null;
    else {
      const method = findPaymentMethod(ctx, wanted);
      if (method?.customer !== customer.id)
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${wanted}. The payment method must be attached to the customer.`,
          { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
        );
      customer.invoice_settings.default_payment_method = wanted;
    }
  }
}

function cardsOf(state: StandInState, customerId: string, params: Params) {
  // A customer id names one account's customer, so its cards are that account's.
  const cards = [...state.paymentMethods.values()]
    .filter((m) => m.customer === customerId && (params.type === undefined || m.type === params.type))
    .reverse();
  return list(`/v1/customers/${customerId}/payment_methods`, cards, params);
}

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    handle(ctx) {
      const customer = own(ctx.state, ctx.account, newCustomer(ctx.params));
      updateCustomer(ctx, customer, { metadata: ctx.params.metadata });
      ctx.state.customers.set(customer.id, customer);
      ctx.emit('customer.created', customer);
      return customer;
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)$/,
    handle: (ctx, [, id]) => expand(ctx.state, getCustomer(ctx, id), ctx.params.expand),
  },
  {
    method: 'POST',
    path: /^\/v1\/customers\/([^/]+)$/,
    handle(ctx, [, id]) {
      const customer = getCustomer(ctx, id);
      updateCustomer(ctx, customer, ctx.params);
      ctx.emit('customer.updated', customer);
      return expand(ctx.state, customer, ctx.params.expand);
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
    handle: (ctx, [, id]) => cardsOf(ctx.state, getCustomer(ctx, id).id, ctx.params),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_methods$/,
    handle(ctx) {
      const id = ctx.params.customer;
      if (typeof id !== 'string') throw invalidRequest('You must provide a customer.', { param: 'customer' });
      return {
        ...cardsOf(ctx.state, getCustomer(ctx, id, 'customer', 400).id, ctx.params),
        url: '/v1/payment_methods',
      };
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle(ctx, [, id]) {
      const method = findPaymentMethod(ctx, id);
      if (!method) throw noSuch('PaymentMethod', id);
      return expand(ctx.state, method, ctx.params.expand);
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    handle(ctx, [, id]) {
      const customer = getCustomer(ctx, String(ctx.params.customer ?? ''), 'customer', 400);
      const method = resolvePaymentMethod(ctx, id, 'payment_method');
      if (method.customer && method.customer !== customer.id)
        throw invalidRequest('The payment method you provided has already been attached to a customer.', {
          code: 'payment_method_unexpected_state',
        });
      method.customer = customer.id;
      ctx.emit('payment_method.attached', method);
      return method;
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    handle(ctx, [, id]) {
      const method = findPaymentMethod(ctx, id);
      if (!method) throw noSuch('PaymentMethod', id);
      if (!method.customer)
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          { code: 'payment_method_unexpected_state' },
        );
      const customer = ctx.state.customers.get(method.customer);
      if (customer?.invoice_settings.default_payment_method === id)
        customer.invoice_settings.default_payment_method = null;
      method.customer = null;
      ctx.emit('payment_method.detached', method);
      return method;
    },
  },
];
