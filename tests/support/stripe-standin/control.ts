// Test-only endpoints under /__standin/ (no API key; never part of Stripe's API), for a browser test
// whose stand-in runs in the server process rather than in the test:
//   GET  /__standin/state                 everything the stand-in holds, as JSON
//   POST /__standin/events/:id/deliver    send one event again (a duplicate delivery)
//   POST /__standin/deliveries/pause      hold deliveries;  POST /__standin/deliveries/resume
//   POST /__standin/accounts/:id/onboard  finish a connected account's onboarding without its page
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandInState, StripeObject } from './objects';
import type { WebhookControl } from './webhooks';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body, null, 2));
}

export async function handleControl(
  state: StandInState,
  webhooks: WebhookControl & { onboardAccount(id: string): StripeObject },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
  if (!path.startsWith('/__standin/')) return false;
  const deliver = /^\/__standin\/events\/([^/]+)\/deliver$/.exec(path);
  const onboard = /^\/__standin\/accounts\/([^/]+)\/onboard$/.exec(path);
  if (req.method === 'GET' && path === '/__standin/state') {
    const { cardNumbers: _hidden, owners: _owners, ...rest } = state;
    json(res, 200, {
      ...rest,
      customers: [...state.customers.values()],
      paymentMethods: [...state.paymentMethods.values()],
      setupIntents: [...state.setupIntents.values()],
      paymentIntents: [...state.paymentIntents.values()],
      checkoutSessions: [...state.checkoutSessions.values()],
      accounts: [...state.accounts.values()],
      accountLinks: [...state.accountLinks.values()],
    });
  } else if (req.method === 'POST' && onboard) {
    if (!state.accounts.has(onboard[1])) json(res, 404, { error: `no account ${onboard[1]}` });
    else json(res, 200, webhooks.onboardAccount(onboard[1]));
  } else if (req.method === 'POST' && deliver) {
    if (!state.events.some((event) => event.id === deliver[1])) json(res, 404, { error: `no event ${deliver[1]}` });
    else json(res, 200, { status: await webhooks.deliverEvent(deliver[1]) });
  } else if (req.method === 'POST' && path === '/__standin/deliveries/pause') {
    webhooks.pauseDeliveries();
    json(res, 200, { paused: true });
  } else if (req.method === 'POST' && path === '/__standin/deliveries/resume') {
    await webhooks.resumeDeliveries();
    json(res, 200, { paused: false });
  } else json(res, 404, { error: `stripe stand-in: no control endpoint ${req.method} ${path}` });
  return true;
}
