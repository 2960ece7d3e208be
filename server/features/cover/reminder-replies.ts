// Two-way lesson reminders (issue 22): a guardian answers the reminder SMS with 1 (coming) or 2 (cannot
// come). The answer belongs to the latest reminder SMS sent to that phone (Message template
// lesson-reminder, entityType SCHEDULE) whose lesson has not started; its idempotency key names the
// guardian it was written to, and the reply counts for that guardian's children in the class. 1 records
// COMING; 2 records NOT_COMING and cancels each child's lesson with the centre's policy
// (cancelStudentLesson, by FAMILY from SMS, by the guardian's login or none), answered with the
// consequence in the guardian's language. The caller turns the answer into TwiML.
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { render } from '../../i18n/text';
import { PHONE_KEY_SQL } from '../../messaging/sms-opt-out';
import { type SmsReplyLanguage, smsReplyLanguage, smsReplyTexts } from '../../messaging/sms-reply-texts';
import { cancelStudentLesson } from '../lessons/cancel-lesson';
import { localClassTime } from '../notices/jobs/job-tools';
import { LESSON_REMINDER_TEMPLATE } from '../notices/jobs/lesson-reminders';

export const SMS_REPLY_REASON = 'Answered the lesson reminder with 2 (cannot come)';

interface Reminder {
  scheduleId: number;
  idempotencyKey: string | null;
}

/**
 * The latest reminder SMS to this number (its last 10 digits) for a lesson not yet started (a cancelled
 * one too: its answer says so).
 */
async function latestReminder(prisma: PrismaClient, key: string, now: Date): Promise<Reminder | undefined> {
  const [row] = await prisma.$queryRawUnsafe<Reminder[]>(
    `SELECT m."entityId" AS "scheduleId", m."idempotencyKey"
       FROM "Message" m JOIN "Schedule" s ON s.id = m."entityId"
      WHERE m.channel = 'SMS' AND m.template = $1 AND m."entityType" = 'SCHEDULE'
        AND ${PHONE_KEY_SQL('m.recipient')} = $2
        AND s.status IN ('PLANNED', 'CANCELLED') AND s."startAt" > $3
      ORDER BY m."queuedAt" DESC, m.id DESC LIMIT 1`,
    LESSON_REMINDER_TEMPLATE,
    key,
    now,
  );
  return row;
}

/** The guardian a reminder was written to: `lesson-reminder:<class>:<guardian>:SMS`. */
const guardianOfKey = (key: string | null) => {
  const id = Number(key?.split(':')[2]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * Answers a reply of 1 or 2 from `key`'s phone; undefined when no reminder of a lesson to come was sent
 * to it (the caller answers with help).
 */
export async function answerReminderReply(
  prisma: PrismaClient,
  key: string,
  digit: '1' | '2',
  now = new Date(),
): Promise<{ text: string; language: SmsReplyLanguage } | undefined> {
  const reminder = await latestReminder(prisma, key, now);
  const guardianId = guardianOfKey(reminder?.idempotencyKey ?? null);
  if (!reminder || !guardianId) return undefined;
  const guardian = await prisma.guardian.findUnique({
    where: { id: guardianId },
    select: { id: true, householdId: true, langKey: true, userId: true },
  });
  if (!guardian) return undefined;
  const language = smsReplyLanguage(guardian.langKey);
  const texts = smsReplyTexts(language);
  const lesson = await prisma.schedule.findUniqueOrThrow({
    where: { id: reminder.scheduleId },
    select: {
      id: true,
      organisationId: true,
      status: true,
      startAt: true,
      course: { select: { name: true } },
      organisation: { select: { timeZone: true } },
      students: {
        where: { student: { householdId: guardian.householdId } },
        orderBy: { student: { firstName: 'asc' } },
        select: { studentId: true, cancelledAt: true, student: { select: { firstName: true } } },
      },
    },
  });
  if (!lesson.students.length) return undefined;
  const when = `${lesson.course.name} ${localClassTime(lesson.startAt, lesson.organisation.timeZone)}`;
  const open = lesson.status === 'PLANNED' ? lesson.students.filter((line) => line.cancelledAt === null) : [];
  const who = (lines: typeof lesson.students) => lines.map((line) => line.student.firstName).join(', ');
  if (!open.length) return { language, text: texts.alreadyCancelled({ who: who(lesson.students), lesson: when }) };

  if (digit === '1') {
    await prisma.scheduleStudent.updateMany({
      where: { scheduleId: lesson.id, studentId: { in: open.map((line) => line.studentId) }, cancelledAt: null },
      data: { reply: 'COMING', repliedAt: now },
    });
    return { language, text: texts.coming({ who: who(open), lesson: when }) };
  }
  try {
    const consequences = await prisma.$transaction(async (tx) => {
      const out: string[] = [];
      for (const line of open) {
        const result = await cancelStudentLesson(tx, {
          organisationId: lesson.organisationId,
          scheduleId: lesson.id,
          studentId: line.studentId,
          by: 'FAMILY',
          reason: SMS_REPLY_REASON,
          actorUserId: guardian.userId,
          source: 'SMS',
          now,
        });
        await tx.scheduleStudent.update({
          where: { scheduleId_studentId: { scheduleId: lesson.id, studentId: line.studentId } },
          data: { reply: 'NOT_COMING', repliedAt: now },
        });
        out.push(render(result.summary, language));
      }
      return out;
    });
    return {
      language,
      text: texts.cancelled({ who: who(open), lesson: when, consequence: [...new Set(consequences)].join(' ') }),
    };
  } catch (error) {
    // Cancelled meanwhile, or the class changed: nothing was posted (the transaction rolled back).
    if (error instanceof AppError) return { language, text: texts.notCancelled({ lesson: when }) };
    throw error;
  }
}

/** Whether a lesson reminder was ever sent to this number (a reply to it deserves the short help). */
export async function hadReminder(prisma: PrismaClient, key: string): Promise<boolean> {
  const [row] = await prisma.$queryRawUnsafe<{ id: number }[]>(
    `SELECT id FROM "Message" WHERE channel = 'SMS' AND template = $1 AND ${PHONE_KEY_SQL('recipient')} = $2 LIMIT 1`,
    LESSON_REMINDER_TEMPLATE,
    key,
  );
  return row !== undefined;
}
