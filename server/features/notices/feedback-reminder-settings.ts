import type { TFeedbackReminderSettings } from '../../../src/contracts/notices';
import { recordAudit } from '../../audit/record-audit';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';

const select = { feedbackReminders: true, feedbackReminderHour: true } as const;

export function feedbackReminderSettings(prisma: PrismaClient, auth: AuthContext): Promise<TFeedbackReminderSettings> {
  return prisma.organisation.findUniqueOrThrow({ where: { id: organisationOf(auth) }, select });
}

/** Turns the daily feedback reminders on or off and sets their local hour, audited, in one transaction. */
export async function setFeedbackReminderSettings(
  prisma: PrismaClient,
  auth: AuthContext,
  body: TFeedbackReminderSettings,
): Promise<TFeedbackReminderSettings> {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    // The row lock orders concurrent changes, so each audit row's "before" is what it replaced.
    await tx.$queryRaw`SELECT id FROM "Organisation" WHERE id = ${organisationId} FOR UPDATE`;
    const before = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId }, select });
    const after = await tx.organisation.update({ where: { id: organisationId }, data: body, select });
    await recordAudit(tx, auth, [
      { entity: 'ORGANISATION', entityId: organisationId, action: 'UPDATE', before, after },
    ]);
    return after;
  });
}
