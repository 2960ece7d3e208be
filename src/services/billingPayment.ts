import type { TBillingStatus, TInvoice, TOverdue, TPaymentInfo } from '@/contracts/billing';
import { call } from './http';

// A centre's card and payments (issue 10): /manage-payment, /redirectUrlPage, /overdueAlert and the
// overdue banner. Writes skip the global error handler: the pages show the server's message.
const write = { skipErrorHandler: true } as const;
const centre = (organisationId?: number) => (organisationId ? { organisationId } : {});

export const billingStatus = () => call<TBillingStatus>('/api/billing/status');
export const paymentInfo = (organisationId?: number) =>
  call<TPaymentInfo>('/api/billing/payment-info', { params: centre(organisationId), ...write });
export const createCheckoutSession = (organisationId?: number) =>
  call<{ url: string }>('/api/billing/checkout-sessions', { method: 'POST', data: centre(organisationId), ...write });
export const confirmCheckoutSession = (sessionId: string) =>
  call<TPaymentInfo>('/api/billing/checkout-sessions/confirm', { method: 'POST', data: { sessionId }, ...write });
export const removeCard = (organisationId?: number) =>
  call<TPaymentInfo>('/api/billing/payment-method', { method: 'DELETE', params: centre(organisationId), ...write });
export const chargeInvoice = (id: number) =>
  call<TInvoice>(`/api/billing/invoices/${id}/charge`, { method: 'POST', ...write });
export const overdueStatus = () => call<TOverdue>('/api/billing/overdue', write);

/** "Visa •••• 4242" */
export function cardName(card: { brand: string; last4: string }): string {
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
/** "12/2034" */
export const cardExpiry = (card: { expMonth: number; expYear: number }) =>
  `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/** Where the Checkout page returns after a card was saved for the overdue alert (read by /redirectUrlPage). */
export const RETURN_KEY = 'levelup-billing-return';

/** Opens Stripe Checkout to save a card; `returnTo` is where /redirectUrlPage goes afterwards. */
export async function startCheckout(organisationId?: number, returnTo = '/manage-payment') {
  const { url } = await createCheckoutSession(organisationId);
  sessionStorage.setItem(RETURN_KEY, returnTo);
  window.location.assign(url);
}
