import type { BillingStripe } from './features/billing/stripe-config';
import type { PrismaClient } from './generated/prisma/client';
import type { AfterReply } from './http/after-reply';
import type { Lifecycle } from './http/lifecycle';
import type { MessageQueue } from './messaging/queue';
import type { Metrics } from './metrics/metrics';

/** What the app needs from outside; index.ts builds it from the environment, tests build their own. */
export interface AppDeps {
  prisma: PrismaClient;
  jwtSecret: string;
  /** Folder of the built SPA; omitted in API tests. */
  spaDir?: string;
  /** Origins allowed to call the API cross-origin (CORS); same-origin only when empty. */
  corsOrigins?: string[];
  /** Express `trust proxy` setting, for instances behind a load balancer. */
  trustProxy?: string | number | boolean;
  /** AES-256-GCM key (32 bytes) for teachers' SINs; without it SINs can be neither written nor read. */
  sinKey?: Buffer;
  /** The email and SMS queue (server/messaging); without it nothing can be queued (most API tests). */
  queue?: MessageQueue;
  /** Card payments (Stripe SDK and keys); undefined when not configured: nothing is charged. */
  billing?: BillingStripe;
  /** APP_URL: the app's public address (Stripe Checkout returns to it); the request's origin when unset. */
  appUrl?: string;
  /**
   * Runs work after a reply (the phone-code and forgot-password lookups); one per process, so that
   * shutdown can wait for it. createApp makes its own when omitted.
   */
  afterReply?: AfterReply;
  /**
   * In-flight count, load shedding and the SIGTERM drain (server/http/lifecycle.ts); createApp makes
   * its own when omitted.
   */
  lifecycle?: Lifecycle & { track: import('express').RequestHandler };
  /** OFFLINE_APP: serve the service worker (default); false serves a worker that removes itself. */
  offlineApp?: boolean;
  /** METRICS_TOKEN: GET /api/metrics answers its bearer only; unset: no such endpoint (404). */
  metricsToken?: string;
  /** The process's metrics (server/metrics/); createApp makes its own when a token is set and none given. */
  metrics?: Metrics;
}
