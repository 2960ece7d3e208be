import type { TSchedule } from '../../contracts/schedules';
import { isErrorReply, toRequestFailure } from '../requestError';
import type { QueuedConfirmation, Refusal } from './store';

/** How a failed send is taken: try again later, stop until signed in, or the server's refusal to show. */
export type SendFailure = { kind: 'later' } | { kind: 'signedOut' } | { kind: 'refused'; refusal: Refusal };

export function classifySendFailure(error: unknown): SendFailure {
  const failure = toRequestFailure(error);
  // No reply (offline, a dropped connection) or a server error: the same key is sent again later.
  if (failure.status === undefined || failure.status >= 500 || failure.status === 408 || failure.status === 429)
    return { kind: 'later' };
  if (failure.status === 401) return { kind: 'signedOut' };
  const reply = isErrorReply(failure.body) ? failure.body : undefined;
  const fields = reply?.fieldErrors ?? [];
  const errorMessage = fields.length ? fields.map((f) => f.message).join(' ') : (reply?.errorMessage ?? '');
  return { kind: 'refused', refusal: { status: failure.status, errorKey: reply?.errorKey, errorMessage } };
}

/** A request that got no reply at all: the list is read from the phone, a confirmation is queued. */
export const isNetworkFailure = (error: unknown) => toRequestFailure(error).noResponse === true;

export interface QueueStore {
  list: () => Promise<QueuedConfirmation[]>;
  remove: (idempotencyKey: string) => Promise<void>;
  put: (item: QueuedConfirmation) => Promise<void>;
}

export interface SendResult {
  sent: TSchedule[];
  refused: QueuedConfirmation[];
  /** Still waiting (no network, signed out, a server error). */
  waiting: number;
}

/**
 * Sends the queued confirmations oldest first, each with its own idempotency key: a confirmation
 * is removed once the server has taken it (200, or the first result again), kept with the server's
 * refusal (409 for a class changed meanwhile, 4xx) for the teacher to read, and left for later on a
 * network or server failure, which also stops this round (the next ones would fail the same way).
 */
export async function sendQueue(
  store: QueueStore,
  send: (item: QueuedConfirmation) => Promise<TSchedule>,
): Promise<SendResult> {
  const items = (await store.list()).filter((item) => !item.refusal);
  const result: SendResult = { sent: [], refused: [], waiting: 0 };
  for (const [index, item] of items.entries()) {
    try {
      const saved = await send(item);
      await store.remove(item.idempotencyKey);
      result.sent.push(saved);
    } catch (error) {
      const failure = classifySendFailure(error);
      if (failure.kind !== 'refused') {
        result.waiting = items.length - index;
        return result;
      }
      const refused = { ...item, refusal: failure.refusal };
      await store.put(refused);
      result.refused.push(refused);
    }
  }
  return result;
}

/** One round at a time per user on this page: the online event, the timer and a load may all ask at once. */
const rounds = new Map<number, Promise<SendResult>>();
export function sendQueueOnce(userId: number, run: () => Promise<SendResult>): Promise<SendResult> {
  const current = rounds.get(userId);
  if (current) return current;
  const round = run().finally(() => rounds.delete(userId));
  rounds.set(userId, round);
  return round;
}
