// The job `family-lesson-changes` (every minute; issue 37, finding 14): each household whose first held
// lesson change (schedules/family-lesson-changes.ts) is at least LESSON_CHANGE_DIGEST_MINUTES old gets
// all its held changes as one message per guardian and channel, by their choices for lesson changes
// (message-choices.ts: email on, SMS to the primary contact by default, SMS only with consent) and in
// their language; then the changes are deleted, in the same transaction. The household's held rows are
// locked first, so two runs at once send them once; the message keys
// `family-lesson-changes:<first change>:<guardian>:<channel>` are unique besides.
import type { PrismaClient } from '../../../generated/prisma/client';
import { enqueueMessagesOnce, type MessageInput } from '../../../messaging/enqueue';
import type { MessageQueue } from '../../../messaging/queue';
import { householdGuardiansSelect } from '../../households/guardian-recipients';
import { kindRecipients } from '../../households/message-choices';
import { noticeLang } from '../../schedules/class-notice-texts';
import type { HeldChangeFacts } from '../../schedules/family-lesson-changes';
import { yieldToEventLoop } from './job-tools';
import { type DigestChange, FAMILY_LESSON_CHANGES_TEMPLATE, lessonChangesText } from './lesson-change-texts';

export const DEFAULT_DIGEST_MINUTES = 5;

export const lessonChangesKey = (firstChangeId: number, guardianId: number, channel: 'EMAIL' | 'SMS') =>
  `${FAMILY_LESSON_CHANGES_TEMPLATE}:${firstChangeId}:${guardianId}:${channel}`;

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Sends household `householdId`'s held changes in `tx`; returns how many messages were queued. */
async function sendHousehold(tx: Tx, queue: MessageQueue, householdId: number): Promise<number> {
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "FamilyLessonChange" WHERE "householdId" = ${householdId} ORDER BY "id" FOR UPDATE`;
  if (!locked.length) return 0;
  const ids = locked.map((row) => row.id);
  const rows = await tx.familyLessonChange.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
  const household = await tx.household.findUniqueOrThrow({
    where: { id: householdId },
    select: { organisation: { select: { id: true, name: true, timeZone: true } }, ...householdGuardiansSelect },
  });
  const students = await tx.student.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.studentId))] } },
    select: { id: true, firstName: true, lastName: true },
  });
  const nameOf = new Map(students.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  const changes: DigestChange[] = rows
    .map((row) => ({
      studentId: row.studentId,
      student: nameOf.get(row.studentId) ?? '',
      facts: row.facts as unknown as HeldChangeFacts,
    }))
    .sort((a, b) => Date.parse(a.facts.was) - Date.parse(b.facts.was) || a.student.localeCompare(b.student));
  const { organisation: centre } = household;
  const inputs: (MessageInput & { idempotencyKey: string })[] = [];
  const written = new Set<string>();
  for (const to of kindRecipients(household.guardians, 'LESSON_CHANGES')) {
    const { guardian } = to;
    for (const [channel, address] of [
      ['EMAIL', to.email],
      ['SMS', to.phone],
    ] as const) {
      if (!address || written.has(address.toLowerCase())) continue;
      // What the student's own message told this address already, and SMS replies answered by SMS.
      const told = changes.filter(
        (c) => !c.facts.reached?.includes(address.toLowerCase()) && !(channel === 'SMS' && c.facts.noSms),
      );
      if (!told.length) continue;
      written.add(address.toLowerCase());
      const text = lessonChangesText(noticeLang(guardian.langKey), {
        centre: centre.name,
        zone: centre.timeZone,
        householdId,
        changes: told,
      });
      inputs.push({
        organisationId: centre.id,
        channel,
        recipient: address,
        recipientName: guardian.name ?? told[0].student,
        template: text.template,
        subject: channel === 'EMAIL' ? text.subject : null,
        bodyText: channel === 'EMAIL' ? text.body : text.sms,
        entityType: text.entityType,
        entityId: text.entityId,
        queuedById: rows.find((r) => r.queuedById !== null)?.queuedById ?? null,
        idempotencyKey: lessonChangesKey(ids[0], guardian.id, channel),
      });
    }
  }
  const queued = await enqueueMessagesOnce(tx, queue, inputs);
  await tx.familyLessonChange.deleteMany({ where: { id: { in: ids } } });
  return queued;
}

/**
 * Sends the held lesson changes of every household whose first one is at least the configured minutes
 * old at `now`. Returns how many messages were queued.
 */
export async function runLessonChangeDigests(prisma: PrismaClient, queue: MessageQueue, now = new Date()) {
  const minutes = queue.config.lessonChangeDigestMinutes ?? DEFAULT_DIGEST_MINUTES;
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const due = await prisma.$queryRaw<{ householdId: number }[]>`
    SELECT "householdId" FROM "FamilyLessonChange"
     GROUP BY "householdId" HAVING min("createdAt") <= ${cutoff}
     ORDER BY min("createdAt"), "householdId"`;
  let queued = 0;
  for (const { householdId } of due) {
    queued += await prisma.$transaction((tx) => sendHousehold(tx, queue, householdId), { timeout: 60_000 });
    await yieldToEventLoop();
  }
  return queued;
}
