// Lesson reminders to families (issue 21): before each PLANNED class (the centre's
// `lessonReminderHours`, default 24; 0 sends none), each guardian of an attending student's household
// (unless the household turned them off) gets one reminder per channel they chose: email when they
// allow email and have an address, SMS only with recorded consent and a number that can receive it,
// each as they chose for reminders (message-choices.ts: SMS to the primary contact by default).
// Siblings in one class make one message. Exactly once per class, guardian and channel: the message's
// idempotency key `lesson-reminder:<class>:<guardian>:<EMAIL|SMS>` is unique in the database, so two
// runs at once, or a run repeated, queue each reminder once (ON CONFLICT DO NOTHING).
import { normalisePhone } from '../../../../src/contracts/login';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import { enqueueMessagesOnce, type MessageInput } from '../../../messaging/enqueue';
import type { MessageQueue } from '../../../messaging/queue';
import { channelsFor } from '../../households/message-choices';
import { slices, yieldToEventLoop } from './job-tools';
import { reminderEmail, reminderSms } from './lesson-reminder-texts';

export const LESSON_REMINDER_TEMPLATE = 'lesson-reminder';
/** Messages per transaction: each slice is two statements (rows, jobs). */
const SLICE = 1000;

export const reminderKey = (scheduleId: number, guardianId: number, channel: 'EMAIL' | 'SMS') =>
  `${LESSON_REMINDER_TEMPLATE}:${scheduleId}:${guardianId}:${channel}`;

interface Row {
  scheduleId: number;
  organisationId: number;
  startAt: Date;
  endAt: Date;
  address: string | null;
  course: string;
  teacher: string;
  centre: string;
  timeZone: string;
  hours: number;
  guardianId: number;
  guardianName: string | null;
  email: string | null;
  phone: string | null;
  langKey: string;
  emailWanted: boolean;
  smsWanted: boolean;
  emailDone: boolean;
  smsDone: boolean;
  children: string[];
  /** The guardian's own choice for reminders (null: the default) and whether they are the primary contact. */
  choiceEmail: boolean | null;
  choiceSms: boolean | null;
  primaryContact: boolean;
}

/** The reminders due at `now` that are not queued yet: one row per class and guardian. */
function dueReminders(db: PrismaClient | Prisma.TransactionClient, now: Date) {
  return db.$queryRaw<Row[]>`
    WITH due AS (
      SELECT s.id AS "scheduleId", s."organisationId", s."startAt", s."endAt", s.address,
             c.name AS course,
             COALESCE(NULLIF(t."preferredName", ''), concat_ws(' ', tu."firstName", tu."lastName")) AS teacher,
             o.name AS centre, o."timeZone", o."lessonReminderHours" AS hours,
             g.id AS "guardianId", g.name AS "guardianName", g.email, g.phone, g."langKey",
             (g."allowEmail" AND g.email IS NOT NULL AND g.email <> '') AS "emailWanted",
             (g."allowSms" AND g."smsConsentAt" IS NOT NULL AND g.phone IS NOT NULL) AS "smsWanted",
             array_agg(st."firstName" ORDER BY st."firstName", st.id) AS children,
             mc.email AS "choiceEmail", mc.sms AS "choiceSms",
             g.id = (SELECT min(p.id) FROM "Guardian" p
                      WHERE p."householdId" = h.id AND p."allowSms" AND p."smsConsentAt" IS NOT NULL
                        AND COALESCE(p.phone, '') <> '') AS "primaryContact"
        FROM "Schedule" s
        JOIN "Organisation" o ON o.id = s."organisationId" AND o."lessonReminderHours" > 0
        JOIN "ScheduleStudent" ss ON ss."scheduleId" = s.id
        JOIN "Student" st ON st.id = ss."studentId" AND st.active
        JOIN "Household" h ON h.id = st."householdId" AND h."lessonReminders"
        JOIN "Guardian" g ON g."householdId" = h.id
        LEFT JOIN "GuardianMessageChoice" mc ON mc."guardianId" = g.id AND mc.kind = 'REMINDERS'
        JOIN "Course" c ON c.id = s."courseId"
        JOIN "Teacher" t ON t.id = s."teacherId"
        JOIN "User" tu ON tu.id = t."userId"
       WHERE s.status = 'PLANNED'
         AND s."startAt" > ${now}
         AND s."startAt" <= ${now}::timestamptz + make_interval(hours => o."lessonReminderHours")
       GROUP BY s.id, c.name, t."preferredName", tu."firstName", tu."lastName", o.id, g.id, h.id, mc.email, mc.sms
    )
    SELECT due.*,
           EXISTS (SELECT 1 FROM "Message" m WHERE m."idempotencyKey" =
                   ${`${LESSON_REMINDER_TEMPLATE}:`} || due."scheduleId" || ':' || due."guardianId" || ':EMAIL') AS "emailDone",
           EXISTS (SELECT 1 FROM "Message" m WHERE m."idempotencyKey" =
                   ${`${LESSON_REMINDER_TEMPLATE}:`} || due."scheduleId" || ':' || due."guardianId" || ':SMS') AS "smsDone"
      FROM due
     WHERE due."emailWanted" OR due."smsWanted"
     ORDER BY due."startAt", due."scheduleId", due."guardianId"`;
}

function messagesOf(row: Row): (MessageInput & { idempotencyKey: string })[] {
  const facts = {
    lang: row.langKey === 'zh-CN' ? ('zh-CN' as const) : ('en-US' as const),
    centre: row.centre,
    guardian: row.guardianName,
    children: row.children,
    course: row.course,
    teacher: row.teacher,
    startAt: row.startAt,
    endAt: row.endAt,
    address: row.address,
    timeZone: row.timeZone,
    hours: row.hours,
  };
  const common = {
    organisationId: row.organisationId,
    recipientName: row.guardianName,
    template: LESSON_REMINDER_TEMPLATE,
    entityType: 'SCHEDULE',
    entityId: row.scheduleId,
  };
  const out: (MessageInput & { idempotencyKey: string })[] = [];
  const stored =
    row.choiceEmail === null ? [] : [{ kind: 'REMINDERS' as const, email: row.choiceEmail, sms: !!row.choiceSms }];
  const wants = channelsFor('REMINDERS', stored, row.primaryContact === true);
  if (wants.email && row.emailWanted && !row.emailDone && row.email)
    out.push({
      ...common,
      channel: 'EMAIL',
      recipient: row.email,
      ...reminderEmail(facts),
      idempotencyKey: reminderKey(row.scheduleId, row.guardianId, 'EMAIL'),
    });
  const phone = row.phone ? normalisePhone(row.phone) : undefined;
  if (wants.sms && row.smsWanted && !row.smsDone && phone)
    out.push({
      ...common,
      channel: 'SMS',
      recipient: phone,
      bodyText: reminderSms(facts),
      idempotencyKey: reminderKey(row.scheduleId, row.guardianId, 'SMS'),
    });
  return out;
}

/** The messages of the reminders due at `now` and not queued yet (the demo seed stores them as sent). */
export async function dueReminderMessages(db: PrismaClient | Prisma.TransactionClient, now: Date) {
  return (await dueReminders(db, now)).flatMap(messagesOf);
}

/** Queues the reminders due at `now`, a slice per transaction. Returns how many were queued. */
export async function runLessonReminders(prisma: PrismaClient, queue: MessageQueue, now = new Date()): Promise<number> {
  const messages = await dueReminderMessages(prisma, now);
  let queued = 0;
  for (const slice of slices(messages, SLICE)) {
    queued += await prisma.$transaction((tx) => enqueueMessagesOnce(tx, queue, slice), { timeout: 60_000 });
    await yieldToEventLoop();
  }
  return queued;
}
