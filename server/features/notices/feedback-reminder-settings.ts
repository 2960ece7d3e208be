import type { TFeedbackReminderSettings, TLessonReminderSettings } from '../../../src/contracts/notices';
import { recordAudit } from '../../audit/record-audit';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';

// The centre's reminder settings (admins): each group is some columns of Organisation, read and
// written the same way, every change audited.
const feedbackSelect = { feedbackReminders: true, feedbackReminderHour: true } as const;
const lessonSelect = { lessonReminderHours: true } as const;

function readSettings<S extends Record<string, true>>(prisma: PrismaClient, auth: AuthContext, select: S) {
  return prisma.organisation.findUniqueOrThrow({ where: { id: organisationOf(auth) }, select });
}

/** Writes the group and its audit row in one transaction. */
function writeSettings<S extends Record<string, true>>(
  prisma: PrismaClient,
  auth: AuthContext,
  select: S,
  body: { [K in keyof S]: unknown },
) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    // The row lock orders concurrent changes, so each audit row's "before" is what it replaced.
    await tx.$queryRaw`SELECT id FROM "Organisation" WHERE id = ${organisationId} FOR NO KEY UPDATE`;
    const before = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId }, select });
    const after = await tx.organisation.update({ where: { id: organisationId }, data: body, select });
    await recordAudit(tx, auth, [
      { entity: 'ORGANISATION', entityId: organisationId, action: 'UPDATE', before, after },
    ]);
    return after;
  });
}

export const feedbackReminderSettings = (prisma: PrismaClient, auth: AuthContext): Promise<TFeedbackReminderSettings> =>
  readSettings(prisma, auth, feedbackSelect);

/** Turns the daily feedback reminders on or off and sets their local hour. */
export const setFeedbackReminderSettings = (
  prisma: PrismaClient,
  auth: AuthContext,
  body: TFeedbackReminderSettings,
): Promise<TFeedbackReminderSettings> => writeSettings(prisma, auth, feedbackSelect, body);

export const lessonReminderSettings = (prisma: PrismaClient, auth: AuthContext): Promise<TLessonReminderSettings> =>
  readSettings(prisma, auth, lessonSelect);

/** Sets how many hours before each class families are reminded (0: no reminders). */
export const setLessonReminderSettings = (
  prisma: PrismaClient,
  auth: AuthContext,
  body: TLessonReminderSettings,
): Promise<TLessonReminderSettings> => writeSettings(prisma, auth, lessonSelect, body);
