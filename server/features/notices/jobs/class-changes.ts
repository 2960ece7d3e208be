// Class changes to the teacher: the SCHEDULE audit events after the job's cursor, each an email and/or
// SMS to the class's teacher by their CLASS_CHANGE settings, in their language, the cursor moved in the
// same transaction (keys `class-change:<auditEventId>:<channel>` make a repeat harmless). Changes the
// teacher made themselves, confirmations and reopenings, changes to classes already begun and changes
// whose author unticked "Notify the teacher" (AuditEvent.notifyTeacher) are not sent. Classes created
// together (a weekly series: one transaction, one `at`) are one message listing them.
import type { AuditEvent, Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { MessageQueue } from '../../../messaging/queue';
import { recipientsFor } from '../../../notices/channels';
import { noticeLang } from '../../schedules/class-notice-texts';
import { changeText, seriesText } from './class-change-texts';
import { lockCursor, moveCursor, SETTLE_SECONDS } from './job-cursor';
import { enqueueOnce, yieldToEventLoop } from './job-tools';

export const CLASS_CHANGE_CURSOR = 'class-change-notices';
export const CLASS_CHANGE_TEMPLATE = 'class-change';
const BATCH = 100;
const NOTIFIED_ACTIONS = new Set(['CREATE', 'UPDATE', 'CANCEL', 'DELETE']);

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
        let events = fresh === -1 ? read : read.slice(0, fresh);
        // A full batch may end inside one transaction's events (a series): those wait for the next batch.
        if (read.length === BATCH && fresh === -1) {
          const cut = events.findIndex((e) => e.at.getTime() === events[events.length - 1].at.getTime());
          if (cut > 0) events = events.slice(0, cut);
        }
        if (!events.length) return { count: 0, more: false };
        const classes = await tx.schedule.findMany({
          where: { id: { in: [...new Set(events.map((e) => e.entityId))] } },
          select: {
            id: true,
            startAt: true,
            organisation: { select: { timeZone: true } },
            course: { select: { name: true } },
            teacher: { select: { id: true, userId: true, deletedAt: true, user: { select: { langKey: true } } } },
          },
        });
        // The events to tell, each group one message: a creation joins the other creations of its
        // transaction (same actor, time and teacher); every other event is a group of its own.
        const groups = new Map<string, { event: AuditEvent; klass: (typeof classes)[number] }[]>();
        for (const event of events) {
          const klass = classes.find((c) => c.id === event.entityId);
          if (!klass || klass.teacher.deletedAt || !NOTIFIED_ACTIONS.has(event.action) || !event.notifyTeacher)
            continue;
          if (event.actorId === klass.teacher.userId || klass.startAt <= event.at) continue;
          const key =
            event.action === 'CREATE'
              ? `create:${event.actorId}:${event.at.getTime()}:${klass.teacher.userId}`
              : `event:${event.id}`;
          groups.set(key, [...(groups.get(key) ?? []), { event, klass }]);
        }
        let sent = 0;
        for (const group of groups.values()) {
          const [{ event, klass }] = group;
          const [recipient] = await recipientsFor(tx, [klass.teacher.userId], 'CLASS_CHANGE');
          if (!recipient) continue;
          const lang = noticeLang(klass.teacher.user.langKey);
          const zone = klass.organisation.timeZone;
          const text =
            group.length > 1
              ? seriesText(
                  lang,
                  group.map((g) => ({ course: g.klass.course.name, startAt: g.klass.startAt })),
                  zone,
                )
              : changeText(lang, event, { course: klass.course.name, startAt: klass.startAt }, zone);
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
