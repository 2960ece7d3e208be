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

/** The confirmation's idempotency key: the same UUID maker as the forms' (utils/idempotency.ts). */
export { newIdempotencyKey } from '@/utils/idempotency';

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
