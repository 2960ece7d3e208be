import { useCallback, useEffect, useState } from 'react';
import type { TConfirmBody, TSchedule } from '@/contracts/schedules';
import { confirmMyClass } from '@/services/schedules';
import { sendQueue, sendQueueOnce } from '@/utils/teacherOffline/send';
import {
  putConfirmation,
  type QueuedConfirmation,
  queuedConfirmations,
  removeConfirmation,
} from '@/utils/teacherOffline/store';

/** While the page is open, queued confirmations are tried this often (besides the online event and each load). */
const RETRY_MS = 30_000;

/** A v4 UUID; crypto.randomUUID exists only on secure pages (a phone on the centre's LAN address is not one). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The signed-in teacher's confirmations kept on this phone (issue 11): queue one made without a
 * network, send them when it returns (the online event, each load of the list, and every 30 s while
 * the page is open), and keep the server's refusals on screen until dismissed.
 */
export function useConfirmationQueue(userId: number | undefined, onSent: (saved: TSchedule[]) => void) {
  const [items, setItems] = useState<QueuedConfirmation[]>([]);

  const refresh = useCallback(async () => {
    if (userId === undefined) return;
    setItems(await queuedConfirmations(userId));
  }, [userId]);

  const sync = useCallback(async () => {
    if (userId === undefined) return;
    const store = {
      list: () => queuedConfirmations(userId),
      remove: removeConfirmation,
      put: putConfirmation,
    };
    try {
      const result = await sendQueueOnce(userId, () =>
        sendQueue(store, (item) => confirmMyClass(item.scheduleId, item.body)),
      );
      if (result.sent.length) onSent(result.sent);
    } finally {
      await refresh();
    }
  }, [userId, onSent, refresh]);

  useEffect(() => {
    void sync();
    const retry = window.setInterval(() => navigator.onLine && void sync(), RETRY_MS);
    return () => window.clearInterval(retry);
  }, [sync]);

  const enqueue = useCallback(
    async (schedule: TSchedule, body: TConfirmBody & { idempotencyKey: string }) => {
      if (userId === undefined) throw new Error('No signed-in user to keep the confirmation for');
      await putConfirmation({
        idempotencyKey: body.idempotencyKey,
        userId,
        scheduleId: schedule.id,
        body,
        queuedAt: new Date().toISOString(),
        schedule,
      });
      await refresh();
    },
    [userId, refresh],
  );

  const dismiss = useCallback(
    async (idempotencyKey: string) => {
      await removeConfirmation(idempotencyKey);
      await refresh();
    },
    [refresh],
  );

  return { items, sync, enqueue, dismiss };
}
