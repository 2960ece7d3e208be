// Idempotency keys as Stripe keeps them, per secret key: a repeat with the same endpoint and params
// gets the first answer again (`Idempotent-Replayed: true`); other params or another endpoint are
// refused. A repeat that arrives while the first is still running waits for it (Stripe answers 409
// and the SDK retries; waiting gives the caller the same end result without depending on its retry
// timing). Requests refused before they ran (400/404, a wrong key) leave no saved result, as at Stripe.
import { type ApiReply, canonical, StripeApiError } from './http';

interface Saved {
  path: string;
  params: string;
  reply: Promise<ApiReply>;
}

export function createIdempotency() {
  const saved = new Map<string, Saved>();

  /** Runs `execute` once per key; the boolean says whether the reply is a replay. */
  async function run(
    scope: string,
    key: string,
    method: string,
    path: string,
    params: unknown,
    execute: () => Promise<ApiReply>,
  ): Promise<[ApiReply, boolean]> {
    const id = `${scope}\u0000${key}`;
    const text = canonical(params);
    const endpoint = `${method} ${path}`;
    const previous = saved.get(id);
    if (previous) {
      if (previous.path !== endpoint)
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.path.split(' ')[1]}' vs '${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      if (previous.params !== text)
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      return [await previous.reply, true];
    }
    const reply = execute();
    saved.set(id, { path: endpoint, params: text, reply });
    const done = await reply.catch((error: unknown) => {
      saved.delete(id);
      throw error;
    });
    if (done.status === 400 || done.status === 404) saved.delete(id);
    return [done, false];
  }

  return { run };
}
