// Class changes to the teacher: the SCHEDULE audit events after the job's cursor, each an email and/or
// SMS to the class's teacher by their CLASS_CHANGE settings, the cursor moved in the same transaction
// (keys `class-change:<auditEventId>:<channel>` make a repeat harmless). Changes the teacher made
// themselves, confirmations and reopenings, and changes to classes already begun are not sent.
import type { AuditEvent, Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { MessageQueue } from '../../../messaging/queue';
import { recipientsFor } from '../../../notices/channels';
import { lockCursor, moveCursor, SETTLE_SECONDS } from './job-cursor';
import { enqueueOnce, localClassTime, yieldToEventLoop } from './job-tools';

export const CLASS_CHANGE_CURSOR = 'class-change-notices';
export const CLASS_CHANGE_TEMPLATE = 'class-change';
const BATCH = 100;
const NOTIFIED_ACTIONS = new Set(['CREATE', 'UPDATE', 'CANCEL', 'DELETE']);

type Values = Record<string, unknown> | null;
const headline = { CREATE: 'New class', CANCEL: 'Class cancelled', DELETE: 'Class removed', UPDATE: 'Class changed' };
const shown: Record<string, string> = {
  startAt: 'Start',
  endAt: 'End',
  teacherStartAt: 'Your start',
  teacherEndAt: 'Your end',
  course: 'Course',
  teacher: 'Teacher',
  address: 'Address',
  status: 'Status',
  comments: 'Comments',
  students: 'Students',
};

function shownValue(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return localClassTime(new Date(value), timeZone);
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'student' in v ? String(v.student) : String(v))).join(', ');
  return String(value);
}

function changeText(event: AuditEvent, klass: { course: string; startAt: Date }, timeZone: string) {
  const title = headline[event.action as keyof typeof headline] ?? headline.UPDATE;
  const when = `${klass.course}, ${localClassTime(klass.startAt, timeZone)}`;
  const before = event.before as Values;
  const after = event.after as Values;
  const lines =
    event.action === 'UPDATE'
      ? Object.keys(shown)
          .filter((key) => (before && key in before) || (after && key in after))
          .map(
            (key) => `${shown[key]}: ${shownValue(before?.[key], timeZone)} -> ${shownValue(after?.[key], timeZone)}`,
          )
      : [];
  return {
    subject: `${title}: ${when}`,
    body: [`${title}: ${when}`, ...lines, '', 'See your classes in Level Up.'].join('\n'),
    sms: `Level Up: ${title.toLowerCase()}: ${when}`,
  };
}

/** Where the cursor starts: after every event so far. */
export async function lastAuditEventId(tx: Prisma.TransactionClient): Promise<number> {
  const top = await tx.auditEvent.aggregate({ _max: { id: true } });
  return top._max.id ?? 0;
}

/** Handles the audit events after the cursor, batch by batch. Returns messages queued. */
export async function runClassChangeNotices(
  prisma: PrismaClient,
  queue: MessageQueue,
  now = new Date(),
): Promise<number> {
  const settled = new Date(now.getTime() - SETTLE_SECONDS * 1000);
  let queued = 0;
  for (;;) {
    const { count, more } = await prisma.$transaction(
      async (tx) => {
        const lastId = await lockCursor(tx, CLASS_CHANGE_CURSOR, () => lastAuditEventId(tx));
        const read = await tx.auditEvent.findMany({
          where: { id: { gt: lastId }, entityType: 'SCHEDULE' },
          orderBy: { id: 'asc' },
          take: BATCH,
        });
        // Up to the first event too recent to be sure nothing before it is still uncommitted.
        const fresh = read.findIndex((e) => e.at >= settled);
        const events = fresh === -1 ? read : read.slice(0, fresh);
        if (!events.length) return { count: 0, more: false };
        const classes = await tx.schedule.findMany({
          where: { id: { in: [...new Set(events.map((e) => e.entityId))] } },
          select: {
            id: true,
            startAt: true,
            organisation: { select: { timeZone: true } },
            course: { select: { name: true } },
            teacher: { select: { id: true, userId: true, deletedAt: true } },
          },
        });
        let sent = 0;
        for (const event of events) {
          const klass = classes.find((c) => c.id === event.entityId);
          if (!klass || klass.teacher.deletedAt || !NOTIFIED_ACTIONS.has(event.action)) continue;
          if (event.actorId === klass.teacher.userId || klass.startAt <= event.at) continue;
          const [recipient] = await recipientsFor(tx, [klass.teacher.userId], 'CLASS_CHANGE');
          if (!recipient) continue;
          const text = changeText(
            event,
            { course: klass.course.name, startAt: klass.startAt },
            klass.organisation.timeZone,
          );
          for (const [channel, to] of [
            ['EMAIL', recipient.email],
            ['SMS', recipient.sms],
          ] as const) {
            if (!to) continue;
            const made = await enqueueOnce(tx, queue, {
              organisationId: event.organisationId,
              channel,
              recipient: to,
              recipientName: recipient.name,
              template: CLASS_CHANGE_TEMPLATE,
              subject: channel === 'EMAIL' ? text.subject : null,
              bodyText: channel === 'EMAIL' ? text.body : text.sms,
              entityType: 'SCHEDULE',
              entityId: klass.id,
              idempotencyKey: `class-change:${event.id}:${channel.toLowerCase()}`,
            });
            if (made) sent += 1;
          }
        }
        await moveCursor(tx, CLASS_CHANGE_CURSOR, events[events.length - 1].id);
        return { count: sent, more: read.length === BATCH && fresh === -1 };
      },
      { timeout: 60_000 },
    );
    queued += count;
    if (!more) return queued;
    await yieldToEventLoop();
  }
}
