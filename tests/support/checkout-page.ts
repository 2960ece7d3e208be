// The stand-in's hosted Checkout page submitted as a browser would (paying, or saving a card), for the
// API tests of card payments (the centre's card, family top-ups).

/** Posts the hosted Checkout page's form (pay or save a card); the answer is 303 on success. */
export function submitHostedCard(url: string, cardNumber: string, cardExpiry = '08 / 34', cardCvc = '123') {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, cardExpiry, cardCvc }).toString(),
  });
}
