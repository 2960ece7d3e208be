import { describe, expect, it } from 'vitest';
import type { TSchedule } from '../../contracts/schedules';
import { classifySendFailure, sendQueue, sendQueueOnce } from './send';
import type { QueuedConfirmation } from './store';

const item = (key: string, scheduleId: number): QueuedConfirmation => ({
  idempotencyKey: key,
  userId: 7,
  scheduleId,
  body: { idempotencyKey: key, version: '0123456789abcdef' },
  queuedAt: `2026-11-24T10:00:0${scheduleId}.000Z`,
  schedule: { id: scheduleId } as TSchedule,
});

function memoryStore(items: QueuedConfirmation[]) {
  const rows = new Map(items.map((i) => [i.idempotencyKey, i]));
  return {
    rows,
    list: async () => [...rows.values()],
    remove: async (key: string) => void rows.delete(key),
    put: async (i: QueuedConfirmation) => void rows.set(i.idempotencyKey, i),
  };
}

const noReply = () => Object.assign(new Error('Network Error'), { request: {} });
const reply = (status: number, data: unknown) =>
  Object.assign(new Error(`Request failed with status code ${status}`), { request: {}, response: { status, data } });
const refusal = (errorKey: string, errorMessage: string) =>
  reply(409, { success: false, errorKey, errorMessage, errorCode: 'conflict', showType: 2 });

describe('sending the queued confirmations', () => {
  it('removes each one the server took and keeps a refused one with what the server said', async () => {
    const store = memoryStore([item('a', 1), item('b', 2)]);
    const result = await sendQueue(store, async (i) => {
      if (i.scheduleId === 2) throw refusal('classchanged', 'This class was changed after you saw it');
      return { id: i.scheduleId, status: 'COMPLETED' } as TSchedule;
    });
    expect(result.sent.map((s) => s.id)).toEqual([1]);
    expect([...store.rows.keys()]).toEqual(['b']);
    expect(store.rows.get('b')?.refusal).toEqual({
      status: 409,
      errorKey: 'classchanged',
      errorMessage: 'This class was changed after you saw it',
    });
  });

  it('stops at the first network failure and keeps it and the rest for later', async () => {
    const store = memoryStore([item('a', 1), item('b', 2)]);
    const sent: number[] = [];
    const result = await sendQueue(store, async (i) => {
      sent.push(i.scheduleId);
      throw noReply();
    });
    expect(sent).toEqual([1]);
    expect(result.waiting).toBe(2);
    expect([...store.rows.values()].every((i) => !i.refusal)).toBe(true);
  });

  it('never sends a refused one again', async () => {
    const refused = { ...item('a', 1), refusal: { status: 409, errorMessage: 'x' } };
    const store = memoryStore([refused]);
    const result = await sendQueue(store, async () => {
      throw new Error('must not be sent');
    });
    expect(result).toEqual({ sent: [], refused: [], waiting: 0 });
  });

  it('takes server errors and sign-outs as "later", field errors as refusals', () => {
    expect(classifySendFailure(reply(503, 'down'))).toEqual({ kind: 'later' });
    expect(classifySendFailure(reply(401, {}))).toEqual({ kind: 'signedOut' });
    const bad = reply(400, {
      success: false,
      errorMessage: 'idempotencyKey: Must be a UUID',
      fieldErrors: [{ field: 'idempotencyKey', message: 'Must be a UUID' }],
    });
    expect(classifySendFailure(bad)).toEqual({
      kind: 'refused',
      refusal: { status: 400, errorKey: undefined, errorMessage: 'Must be a UUID' },
    });
  });

  it('runs one round at a time for a user: a second call during a round shares it', async () => {
    let rounds = 0;
    let finish = () => {};
    const run = () => {
      rounds += 1;
      return new Promise<{ sent: TSchedule[]; refused: QueuedConfirmation[]; waiting: number }>((resolve) => {
        finish = () => resolve({ sent: [], refused: [], waiting: 0 });
      });
    };
    const first = sendQueueOnce(7, run);
    const second = sendQueueOnce(7, run);
    expect(second).toBe(first);
    finish();
    await first;
    await sendQueueOnce(7, async () => ({ sent: [], refused: [], waiting: 0 }));
    expect(rounds).toBe(1);
  });
});
