// Signed webhook deliveries: each event POSTed as JSON with `Stripe-Signature: t=…,v1=…`, the HMAC-SHA256
// of `${t}.${payload}` under the endpoint's secret, as Stripe signs them. No automatic retries. Two
// endpoints, as a Connect platform has them: the platform's own events (no `account`) go to the
// platform endpoint; connected accounts' events (`account: 'acct_…'`) only to the Connect endpoint,
// signed with its own secret.
import { createHmac } from 'node:crypto';
import { now } from './http';
import type { StandInState, StripeObject } from './objects';

export interface WebhookControl {
  setWebhookEndpoint(url: string | null): void;
  /** Where connected accounts' events go (the Connect endpoint); null: only recorded. */
  setConnectWebhookEndpoint(url: string | null): void;
  /** Events created while paused are kept and sent on `resumeDeliveries()`. */
  pauseDeliveries(): void;
  resumeDeliveries(): Promise<void>;
  /** Sends one event again (a duplicate delivery); resolves with the endpoint's HTTP status. */
  deliverEvent(id: string): Promise<number | null>;
  /** Resolves once every delivery under way has been answered. */
  deliveriesSettled(): Promise<void>;
}

export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function createWebhooks(state: StandInState, secret: string, connectSecret: string) {
  let endpoint: string | null = null;
  let connectEndpoint: string | null = null;
  let paused = false;
  const held: StripeObject[] = [];
  const inFlight = new Set<Promise<unknown>>();

  async function post(event: StripeObject): Promise<number | null> {
    const connect = typeof event.account === 'string';
    const url = connect ? connectEndpoint : endpoint;
    if (!url) return null;
    const payload = JSON.stringify(event, null, 2);
    const entry = {
      eventId: event.id,
      type: event.type,
      url,
      status: null as number | null,
      error: null as string | null,
    };
    state.deliveries.push(entry);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signPayload(payload, connect ? connectSecret : secret),
        },
        body: payload,
        // Stripe gives an endpoint a few seconds; a hung endpoint must not hang close().
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      entry.status = response.status;
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
    }
    return entry.status;
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  const control: WebhookControl = {
    setWebhookEndpoint(url) {
      endpoint = url;
    },
    setConnectWebhookEndpoint(url) {
      connectEndpoint = url;
    },
    pauseDeliveries() {
      paused = true;
    },
    async resumeDeliveries() {
      paused = false;
      const events = held.splice(0);
      for (const event of events) await track(post(event));
    },
    deliverEvent(id) {
      const event = state.events.find((e) => e.id === id);
      if (!event) return Promise.reject(new Error(`stripe stand-in: no event ${id}`));
      return track(post(event));
    },
    async deliveriesSettled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };

  /** Records the event and sends it (unless paused), in creation order, without holding up the API reply. */
  let chain: Promise<unknown> = Promise.resolve();
  function emit(event: StripeObject) {
    state.events.push(event);
    if (paused) held.push(event);
    else chain = track(chain.then(() => post(event)));
  }

  return { control, emit };
}
