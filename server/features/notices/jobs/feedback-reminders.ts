// Daily feedback reminders: a teacher with classes that need feedback (the stored MISSING_FEEDBACK
// status, feedback-status.ts's one rule) and ended more than a day ago gets one message per channel per local day, listing those classes. The
// FeedbackReminder rows (class, local day) are claimed in the same transaction as the messages, so a
// class is never reminded twice on one day, whichever worker or run gets there first.
import type { PrismaClient } from '../../../generated/prisma/client';
import { log } from '../../../http/log';
import type { MessageQueue } from '../../../messaging/queue';
import { recipientsFor } from '../../../notices/channels';
import { NEEDS_FEEDBACK } from '../../feedback/feedback-status';
import { enqueueOnce, localClassTime, localNow, yieldToEventLoop } from './job-tools';

export const FEEDBACK_REMINDER_TEMPLATE = 'feedback-reminder';
/** Older classes are left to the dashboard's missing-feedback list (the demo has years of history). */
export const REMINDER_LOOKBACK_DAYS = 30;
/** Classes named in one message; the rest are counted. */
const LISTED_MAX = 20;

interface DueClass {
  id: number;
  teacherId: number;
  userId: number;
  startAt: Date;
  course: string;
}

function reminderText(classes: DueClass[], timeZone: string) {
  const lines = classes.slice(0, LISTED_MAX).map((c) => `- ${localClassTime(c.startAt, timeZone)} ${c.course}`);
  if (classes.length > LISTED_MAX) lines.push(`- and ${classes.length - LISTED_MAX} more`);
  const count = classes.length === 1 ? '1 class' : `${classes.length} classes`;
  return {
    subject: `Feedback to write: ${count}`,
    body: `These classes of yours ended more than a day ago and have no submitted feedback:\n${lines.join('\n')}\n\nPlease write and submit the feedback in Level Up (Teacher confirmation).`,
    sms: `Level Up: feedback missing for ${count} (first: ${localClassTime(classes[0].startAt, timeZone)} ${classes[0].course}).`,
  };
}

/** One run over every centre with reminders on whose local hour has come. Returns messages queued. */
export async function runFeedbackReminders(
  prisma: PrismaClient,
  queue: MessageQueue,
  now = new Date(),
): Promise<number> {
  const centres = await prisma.organisation.findMany({
    where: { feedbackReminders: true },
    select: { id: true, timeZone: true, feedbackReminderHour: true },
    orderBy: { id: 'asc' },
  });
  let queued = 0;
  for (const centre of centres) {
    const local = localNow(now, centre.timeZone);
    if (local.hour < centre.feedbackReminderHour) continue;
    queued += await remindCentre(prisma, queue, centre, local.toISODate() ?? '', now);
    await yieldToEventLoop();
  }
  return queued;
}

async function remindCentre(
  prisma: PrismaClient,
  queue: MessageQueue,
  centre: { id: number; timeZone: string },
  day: string,
  now: Date,
): Promise<number> {
  const endedBefore = new Date(now.getTime() - 24 * 3_600_000);
  const endedAfter = new Date(now.getTime() - REMINDER_LOOKBACK_DAYS * 24 * 3_600_000);
  const due = await prisma.$queryRaw<DueClass[]>`
    SELECT s.id, s."teacherId", t."userId", s."startAt", c.name AS course
      FROM "Schedule" s
      JOIN "Teacher" t ON t.id = s."teacherId" AND t."deletedAt" IS NULL
      JOIN "Course" c ON c.id = s."courseId"
     WHERE s."organisationId" = ${centre.id} AND s."notificationStatus" = ${NEEDS_FEEDBACK}::"NotificationStatus"
       AND s."startAt" >= ${endedAfter.toISOString()}::timestamptz - interval '12 hours'
       AND s."endAt" >= ${endedAfter.toISOString()}::timestamptz
       AND s."endAt" < ${endedBefore.toISOString()}::timestamptz
       AND NOT EXISTS (SELECT 1 FROM "FeedbackReminder" r WHERE r."scheduleId" = s.id AND r.day = ${day}::date)
     ORDER BY s."teacherId", s."startAt", s.id`;
  const byTeacher = new Map<number, DueClass[]>();
  for (const row of due) byTeacher.set(row.teacherId, [...(byTeacher.get(row.teacherId) ?? []), row]);
  let queued = 0;
  for (const [teacherId, classes] of byTeacher) {
    try {
      queued += await remindTeacher(prisma, queue, centre, day, teacherId, classes);
    } catch (error) {
      log('error', 'feedback reminder failed', {
        teacherId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    await yieldToEventLoop();
  }
  return queued;
}

async function remindTeacher(
  prisma: PrismaClient,
  queue: MessageQueue,
  centre: { id: number; timeZone: string },
  day: string,
  teacherId: number,
  classes: DueClass[],
): Promise<number> {
  const [recipient] = await recipientsFor(prisma, [classes[0].userId], 'FEEDBACK_REMINDER');
  if (!recipient) return 0; // no channel chosen (or no address): nothing sent, nothing marked reminded
  return prisma
    .$transaction(async (tx) => {
      // One teacher's reminder at a time across workers: the checks below then see each other's writes.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('feedback-reminder'), ${teacherId})`;
      const channels = (
        [
          ['EMAIL', recipient.email],
          ['SMS', recipient.sms],
        ] as const
      ).filter(([, to]) => to);
      const claimed = await tx.$queryRaw<{ scheduleId: number }[]>`
      INSERT INTO "FeedbackReminder" ("scheduleId", day)
      SELECT id, ${day}::date FROM unnest(${classes.map((c) => c.id)}::int[]) AS id
      ON CONFLICT DO NOTHING RETURNING "scheduleId"`;
      const ids = new Set(claimed.map((r) => r.scheduleId));
      const fresh = classes.filter((c) => ids.has(c.id));
      if (!fresh.length) return 0;
      const text = reminderText(fresh, centre.timeZone);
      let sent = 0;
      for (const [channel, to] of channels) {
        const made = await enqueueOnce(tx, queue, {
          organisationId: centre.id,
          channel,
          recipient: to as string,
          recipientName: recipient.name,
          template: FEEDBACK_REMINDER_TEMPLATE,
          subject: channel === 'EMAIL' ? text.subject : null,
          bodyText: channel === 'EMAIL' ? text.body : text.sms,
          entityType: 'TEACHER',
          entityId: teacherId,
          idempotencyKey: `feedback-reminder:${teacherId}:${day}:${channel.toLowerCase()}`,
        });
        if (made) sent += 1;
      }
      // Already reminded today by every channel (a class that became due later in the day): it waits
      // for tomorrow, so it is not marked reminded now.
      if (!sent) throw new NothingSent();
      return sent;
    })
    .catch((error: unknown) => {
      if (error instanceof NothingSent) return 0;
      throw error;
    });
}

class NothingSent extends Error {}

export const feedbackReminderDay = (now: Date, timeZone: string) => localNow(now, timeZone).toISODate();
