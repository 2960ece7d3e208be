// The hosted Checkout page (`GET/POST /pay/:sessionId`): a plain form a browser test fills with a card
// number, MM/YY and CVC. In setup mode it saves the card (Save card); in payment mode it shows what is
// bought and the amount, and pays (Pay). Success redirects 303 to success_url with the session id; a
// refused card stays on the page with Stripe's message, as Checkout shows it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cardEntryError, NON_TEST_CARD, testCard } from './cards';
import { completePayment, completeSetup, paymentOf } from './checkout';
import { newCardPaymentMethod, type StandInState, type StripeObject } from './objects';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** An amount in a currency's minor unit as Checkout shows it (`CA$50.00`). */
export function formatAmount(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 10 ** digits);
}

function render(
  state: StandInState,
  session: StripeObject,
  error: string | null,
  entered: Record<string, string> = {},
) {
  const paying = session.mode === 'payment';
  const payment = paying ? paymentOf(state, session.id) : undefined;
  const heading = paying ? 'Pay' : 'Save your card';
  const summary =
    paying && payment
      ? `<section aria-label="Order summary"><p>${escapeHtml(payment.productName)}</p><p class="amount">${escapeHtml(formatAmount(session.amount_total, session.currency))}</p></section>`
      : '';
  const field = (name: string, label: string, placeholder: string, autocomplete: string) =>
    `<label>${label}<input name="${name}" aria-label="${label}" placeholder="${placeholder}" autocomplete="${autocomplete}" inputmode="numeric" value="${escapeHtml(entered[name] ?? '')}"></label>`;
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${paying ? 'Pay' : 'Set up a card'} — Stripe stand-in</title>
<style>*{box-sizing:border-box}body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
label{display:block;margin:12px 0}input{display:block;width:100%;padding:8px;font-size:16px}
.error{color:#df1b41}.session{color:#666;font-size:12px;overflow-wrap:anywhere}button{padding:10px 24px;margin-right:12px}
.amount{font-size:28px;font-weight:bold}</style></head>
<body><h1>${heading}</h1><p class="session">Test mode · ${escapeHtml(session.id)}</p>
${summary}
<form method="post" action="/pay/${escapeHtml(session.id)}">
${field('cardNumber', 'Card number', '1234 1234 1234 1234', 'cc-number')}
${field('cardExpiry', 'Expiration', 'MM / YY', 'cc-exp')}
${field('cardCvc', 'CVC', 'CVC', 'cc-csc')}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">${paying ? 'Pay' : 'Save card'}</button> ${cancel}
</form></body></html>`;
}

/** An HTML page of the stand-in's hosted pages as the reply. */
export function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}

const closedPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in</title></head>
<body><h1>This Checkout Session is no longer active.</h1></body></html>`;

export function handlePage(
  state: StandInState,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  emit: (type: string, object: StripeObject) => void,
): boolean {
  const match = /^\/pay\/([^/?#]+)/.exec(req.url ?? '');
  if (!match) return false;
  const session = state.checkoutSessions.get(match[1]);
  if (!session) {
    send(res, 404, closedPage.replace('This Checkout Session is no longer active.', 'Something went wrong'));
    return true;
  }
  if (session.status !== 'open') {
    send(res, 200, closedPage);
    return true;
  }
  if (req.method !== 'POST') {
    send(res, 200, render(state, session, null));
    return true;
  }
  const form = new URLSearchParams(body);
  const entered = {
    cardNumber: form.get('cardNumber') ?? '',
    cardExpiry: form.get('cardExpiry') ?? '',
    cardCvc: form.get('cardCvc') ?? '',
  };
  const number = entered.cardNumber.replace(/[\s-]/g, '');
  const card = testCard(number);
  const entryError = cardEntryError(number, entered.cardExpiry.trim(), entered.cardCvc.trim());
  const [month, year] = entered.cardExpiry.split('/').map((part) => Number(part.trim()));
  if (session.mode === 'payment') {
    // Checkout checks the entry in the browser; a well-formed card is charged (and may be declined).
    let message = entryError;
    if (!message) {
      const method = newCardPaymentMethod(number, month, 2000 + year);
      state.cardNumbers.set(method.id, number);
      const decline = card ? completePayment({ state, emit }, session, method) : { message: NON_TEST_CARD.message };
      message = decline ? String(decline.message) : null;
    }
    if (message) {
      send(res, 200, render(state, session, message, entered));
      return true;
    }
    res.writeHead(303, { Location: String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
    return true;
  }
  const error = entryError ?? (card ? (card.refusedOnSetup?.message ?? null) : NON_TEST_CARD.message);
  if (error) {
    const intent = state.setupIntents.get(session.setup_intent);
    // Checkout checks the entry in the browser; only a card the network refuses reaches the SetupIntent.
    const refusal = entryError ? null : (card?.refusedOnSetup ?? NON_TEST_CARD);
    if (intent && refusal) {
      intent.last_setup_error = { ...refusal, type: 'card_error' };
      emit('setup_intent.setup_failed', intent);
    }
    send(res, 200, render(state, session, error, entered));
    return true;
  }
  const method = newCardPaymentMethod(number, month, 2000 + year);
  state.cardNumbers.set(method.id, number);
  completeSetup(state, session, method, emit);
  const location = String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  res.writeHead(303, { Location: location });
  res.end();
  return true;
}
