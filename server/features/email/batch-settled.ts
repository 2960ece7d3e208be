// The settled hook of 'bulk' messages: once no message of the batch is QUEUED or SENDING, the batch
// is finished (once) and its sender gets a BULK_EMAIL_FINISHED notice (once per batch: its key).
import type { SettledHandler } from '../../messaging/settled-handlers';
import { createNotices } from '../../notices/create-notices';

export const bulkMessageSettled: SettledHandler = async (prisma, message) => {
  const batchId = message.batchId;
  if (batchId === null) return;
  await prisma.$transaction(async (tx) => {
    const pending = await tx.message.count({ where: { batchId, status: { in: ['QUEUED', 'SENDING'] } } });
    if (pending > 0) return;
    const finished = await tx.emailBatch.updateMany({
      where: { id: batchId, finishedAt: null },
      data: { finishedAt: new Date() },
    });
    if (finished.count === 0) return;
    const batch = await tx.emailBatch.findUniqueOrThrow({
      where: { id: batchId },
      select: { organisationId: true, subject: true, createdById: true },
    });
    if (batch.createdById === null) return;
    const [sent, failed] = await Promise.all([
      tx.message.count({ where: { batchId, status: 'SENT' } }),
      tx.message.count({ where: { batchId, status: 'FAILED' } }),
    ]);
    await createNotices(tx, [batch.createdById], {
      organisationId: batch.organisationId,
      type: 'BULK_EMAIL_FINISHED',
      entityType: 'EMAIL_BATCH',
      entityId: batchId,
      data: { subject: batch.subject, sent, failed },
      key: `BULK_EMAIL_FINISHED:batch:${batchId}`,
    });
  });
};
