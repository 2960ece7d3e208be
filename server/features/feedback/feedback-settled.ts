// Imported by the worker (server/messaging/settled-handlers.ts): keep its imports light.
import type { SettledHandler } from '../../messaging/settled-handlers';
import { syncFeedbackStatus } from './feedback-status';

/** A feedback email was SENT or FAILED for good: the class's status follows (idempotent, under the class's lock). */
export const feedbackSettled: SettledHandler = async (prisma, message) => {
  if (message.entityType !== 'SCHEDULE' || !message.entityId) return;
  const id = message.entityId;
  await prisma.$transaction(async (tx) => {
    // The class row's lock, as lockClass takes it: settles of one class (and class changes) run one at a time.
    await tx.$queryRaw`SELECT "id" FROM "Schedule" WHERE "id" = ${id} FOR NO KEY UPDATE`;
    await syncFeedbackStatus(tx, [id]);
  });
};
