// What every API route gets: the state, the decoded params, and a way to raise events.
import type { Params } from './http';
import type { StandInState, StripeObject } from './objects';

export interface StripeStandInOptions {
  /** Listen on this port (default: a free one). A browser test's server uses a known port. */
  port?: number;
  /** Fixed keys, e.g. the ones a server process was configured with (default: random per start). */
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Where webhooks go from the start (same as calling setWebhookEndpoint). */
  webhookUrl?: string;
  /** The Connect endpoint's signing secret (connected accounts' events); random when unset. */
  connectWebhookSecret?: string;
  /** Where connected accounts' events go from the start (same as calling setConnectWebhookEndpoint). */
  connectWebhookUrl?: string;
  /**
   * Called once a PaymentIntent is stored and its charge decided (succeeded or declined), before the
   * API answers the caller. Await here to hold the answer back, e.g. while a test kills the caller.
   */
  onPaymentIntentCreated?: (paymentIntent: StripeObject) => void | Promise<void>;
  /** Milliseconds to wait between a charge being decided and the API answering (a slow network). */
  afterChargeDelayMs?: number;
}

export interface RouteContext {
  state: StandInState;
  /** The connected account of the request (`Stripe-Account` header), null for the platform itself. */
  account: string | null;
  params: Params;
  idempotencyKey: string | null;
  /** Base URL of the stand-in (for the hosted page's links). */
  baseUrl: string;
  options: StripeStandInOptions;
  emit(type: string, object: StripeObject): void;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: RegExp;
  handle(ctx: RouteContext, match: RegExpExecArray): StripeObject | object | Promise<StripeObject | object>;
}
