// The Idempotency-Key of a form's Save (issue 24, item 8; the server's rules: server/http/idempotency.ts).
// A form makes a key when it opens and sends it with the POST of every Save until one succeeds, then
// makes a new one: a double click, or Save pressed again after a timeout whose write had in fact
// committed, gets the first reply back instead of a second record.
//
// RecordForm's saves are the pages' own functions (createStudent(values)...): rather than thread the key
// through each of them, the form runs its save inside withIdempotencyKey(), and the request layer's
// interceptor puts the key on the first POST that save starts (takeIdempotencyKey). A save's later POSTs
// (a teacher's sites after the teacher) go without it. A service can also pass the header itself
// (idempotencyHeaders), as the class form does for each of its tries (clash, then override).
import { IDEMPOTENCY_HEADER } from '../contracts/idempotency';

/** A v4 UUID; crypto.randomUUID exists only on secure pages (a phone on the centre's LAN address is not one). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key waiting for the first POST of the save that runs now, if any. */
let waiting: string | undefined;
/** The key of the save that runs now, used up or not. */
let running: string | undefined;

/** Runs a save with `key` waiting for its first POST; the key no longer waits once the save settles. */
export async function withIdempotencyKey<T>(key: string | undefined, save: () => Promise<T>): Promise<T> {
  waiting = key;
  running = key;
  try {
    return await save();
  } finally {
    if (waiting === key) waiting = undefined;
    if (running === key) running = undefined;
  }
}

/**
 * The key of the save that runs now, for a save that sends its POST again with other input (a new
 * student's ID taken meanwhile). Read it before the save's first await. Sending it again is safe: the
 * server forgets a key whose reply was not a 2xx, and a Save pressed again after the second POST's reply
 * was lost sends the same key and the same input, so it gets that reply back.
 */
export const runningIdempotencyKey = (): string | undefined => running;

/** For the request interceptor: the waiting key if this request is a POST (it is then used up). */
export function takeIdempotencyKey(method: string | undefined): string | undefined {
  if (method?.toUpperCase() !== 'POST' || waiting === undefined) return undefined;
  const key = waiting;
  waiting = undefined;
  return key;
}

/** The request headers for a key given explicitly (none without one). */
export const idempotencyHeaders = (key: string | undefined): Record<string, string> =>
  key ? { [IDEMPOTENCY_HEADER]: key } : {};

/** A form's key: made on its first Save, the same on every Save until one succeeds (`renew()` then). */
export class FormIdempotencyKey {
  private key: string | undefined;
  constructor(private readonly make: () => string = newIdempotencyKey) {}
  /** The key of this opening of the form (made on first use). */
  current(): string {
    this.key ??= this.make();
    return this.key;
  }
  /** After a successful save, or when the form opens again: the next Save is a new request. */
  renew(): void {
    this.key = undefined;
  }
}
