// A local, stateful stand-in for the Stripe API, for the official `stripe` SDK pointed at it with
// `new Stripe(secretKey, { host, port, protocol: 'http' })`. See README.md beside this file.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountHeaderError, accountRoutes, completeOnboarding } from './accounts';
import { checkoutRoutes } from './checkout';
import type { Route, RouteContext, StripeStandInOptions } from './context';
import { handleControl } from './control';
import { customerRoutes } from './customers';
import { type ApiReply, decodeForm, invalidRequest, randomId, StripeApiError } from './http';
import { createIdempotency } from './idempotency';
import { newEvent, newState, ownerOf, type StandInState, type StripeObject } from './objects';
import { handleOnboardPage } from './onboard-page';
import { handlePage } from './page';
import { paymentIntentRoutes } from './payment-intents';
import { createWebhooks, type WebhookControl } from './webhooks';

export type { StripeStandInOptions } from './context';
export type { StandInState, StripeObject } from './objects';
export { signPayload } from './webhooks';

export interface StripeStandIn extends WebhookControl {
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Connect endpoint's signing secret (connected accounts' events). */
  connectWebhookSecret: string;
  /** Finishes a connected account's onboarding without the hosted page (charges enabled; `account.updated`). */
  onboardAccount(id: string): StripeObject;
  /** Everything the stand-in holds, to inspect (do not change it). */
  state: Readonly<StandInState>;
  close(): Promise<void>;
}

const routes: Route[] = [...accountRoutes, ...customerRoutes, ...checkoutRoutes, ...paymentIntentRoutes];

function authError(header: string | undefined, secretKey: string): StripeApiError | null {
  let given: string | null = null;
  if (header?.startsWith('Bearer ')) given = header.slice(7);
  else if (header?.startsWith('Basic ')) given = Buffer.from(header.slice(6), 'base64').toString().split(':')[0];
  if (!given)
    return invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      {},
      401,
    );
  if (given === secretKey) return null;
  const masked = `${given.slice(0, 8)}${'*'.repeat(Math.max(given.length - 12, 0))}${given.slice(-4)}`;
  return invalidRequest(`Invalid API Key provided: ${masked}`, {}, 401);
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const state = newState();
  const connectWebhookSecret = options.connectWebhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const webhooks = createWebhooks(state, webhookSecret, connectWebhookSecret);
  if (options.webhookUrl) webhooks.control.setWebhookEndpoint(options.webhookUrl);
  if (options.connectWebhookUrl) webhooks.control.setConnectWebhookEndpoint(options.connectWebhookUrl);
  /** Raises an event from the object's own account (Connect) or the platform. */
  const emitFrom = (key: string | null) => (type: string, object: StripeObject) =>
    webhooks.emit(newEvent(type, object, key, ownerOf(state, object)));
  const onboardAccount = (id: string) => completeOnboarding(state, id, emitFrom(null));
  const idempotency = createIdempotency();
  let baseUrl = '';

  async function answer(req: IncomingMessage, rawBody: string): Promise<[ApiReply, boolean, string | null]> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(rawBody);
    const key = method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    const auth = authError(req.headers.authorization, secretKey);
    if (auth) return [{ status: auth.status, body: { error: auth.error } }, false, key];
    const accountHeader = req.headers['stripe-account'];
    const account = typeof accountHeader === 'string' && accountHeader !== '' ? accountHeader : null;
    const denied = account ? accountHeaderError(state, account, secretKey) : null;
    if (denied) return [{ status: denied.status, body: { error: denied.error } }, false, key];
    const found = routes
      .map((route) => ({ route, match: route.method === method ? route.path.exec(url.pathname) : null }))
      .find((candidate) => candidate.match);
    const execute = async (): Promise<ApiReply> => {
      if (!found?.match)
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          {},
          404,
        );
      const ctx: RouteContext = {
        state,
        account,
        params,
        idempotencyKey: key,
        baseUrl,
        options,
        emit: emitFrom(key),
      };
      return { status: 200, body: await found.route.handle(ctx, found.match) };
    };
    const safely = () =>
      execute().catch((error: unknown) => {
        if (error instanceof StripeApiError) return { status: error.status, body: { error: error.error } };
        throw error;
      });
    try {
      if (!key) return [await safely(), false, key];
      // Keys are kept per account at Stripe: the same key on two accounts is two requests.
      const scope = account ? `${secretKey}\u0000${account}` : secretKey;
      const [reply, replayed] = await idempotency.run(scope, key, method, url.pathname, params, safely);
      return [reply, replayed, key];
    } catch (error) {
      if (error instanceof StripeApiError) return [{ status: error.status, body: { error: error.error } }, false, key];
      throw error;
    }
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    const pageEmit = emitFrom(null);
    if (handlePage(state, req, res, rawBody, pageEmit)) return;
    if (handleOnboardPage(state, req, res, rawBody, pageEmit)) return;
    if (await handleControl(state, { ...webhooks.control, onboardAccount }, req, res)) return;
    const [reply, replayed, key] = await answer(req, rawBody);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params: req.method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(rawBody),
      idempotencyKey: key,
      account: typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] || null : null,
      status: reply.status,
      replayed,
    });
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Request-Id': randomId('req_', 14),
      'Stripe-Version': String(req.headers['stripe-version'] ?? '2026-10-28.endive'),
    };
    if (key) headers['Idempotency-Key'] = key;
    if (replayed) headers['Idempotent-Replayed'] = 'true';
    res.writeHead(reply.status, headers);
    res.end(JSON.stringify(reply.body, null, 2));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      onRequest(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        res.writeHead(500, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: `stripe stand-in: ${message}` } }));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    publishableKey,
    webhookSecret,
    connectWebhookSecret,
    state,
    ...webhooks.control,
    onboardAccount,
    async close() {
      await webhooks.control.deliveriesSettled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
