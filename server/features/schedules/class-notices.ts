// Telling people about a moved, cancelled or changed class, in the change's transaction. Families:
// one email and/or SMS per student (by the student's allowEmail/allowSms and address), listing their
// changed classes, queued here (a rolled-back change queues nothing). The household's guardians hear of
// it with the household's other lesson changes of the next few minutes, as one message each by their
// choices for lesson changes (SMS to the primary contact by default, only with recorded consent; held
// past quiet hours like every family SMS), in their language (issues 21 and 37): the changes are held
// in the change's transaction (family-lesson-changes.ts). The teacher: their class-change
// notice is sent by the class-change job from the audit event, unless "Notify the teacher" was
// unticked (AuditEvent.notifyTeacher, written by afterClassChange); here it is only counted.
import type { TNotifyChoice, TTold } from '../../../src/contracts/class-notices';
import type { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { enqueueMessages, type MessageInput, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { recipientsFor } from '../../notices/channels';
import { householdGuardiansSelect } from '../households/guardian-recipients';
import { kindRecipients } from '../households/message-choices';
import { type FamilyClassChange, familyNoticeText } from './class-notice-texts';
import { type HeldChange, holdLessonChanges } from './family-lesson-changes';
import { placeLine } from './schedule-view';

type Tx = Prisma.TransactionClient;
export const FAMILY_CLASS_CHANGE_TEMPLATE = 'class-change-family';

/** Without a choice in the request: the teacher is told (as always), the families are not. */
export const DEFAULT_NOTIFY: TNotifyChoice = { teacher: true, families: false };

interface ClassBefore {
  id: number;
  status: string;
  startAt: Date;
  endAt: Date;
  address: string | null;
  locationId?: number | null;
  roomId?: number | null;
}

const noticeSelect = {
  id: true,
  status: true,
  startAt: true,
  endAt: true,
  address: true,
  locationId: true,
  roomId: true,
  location: { select: { name: true, address: true } },
  room: { select: { name: true } },
  course: { select: { name: true } },
  teacher: { select: { userId: true, deletedAt: true } },
  students: {
    select: {
      student: {
        select: {
          id: true,
          firstName: true,
          lastName: true,
          allowEmail: true,
          email: true,
          allowSms: true,
          phone: true,
          household: { select: { id: true, ...householdGuardiansSelect } },
        },
      },
    },
  },
} as const satisfies Prisma.ScheduleSelect;

/** What a family is told of, or null when the change is nothing they need to know. */
function familyChange(was: ClassBefore, row: Prisma.ScheduleGetPayload<{ select: typeof noticeSelect }>) {
  // The place the family reads (issue 23): the room and the class's own address or its location's.
  const base = { course: row.course.name, was: was.startAt, now: row.startAt, address: placeLine(row) };
  if (row.status === 'CANCELLED' && was.status !== 'CANCELLED') return { ...base, kind: 'cancelled' as const };
  if (row.status === 'CANCELLED') return null;
  if (was.startAt.getTime() !== row.startAt.getTime() || was.endAt.getTime() !== row.endAt.getTime())
    return { ...base, kind: 'moved' as const };
  if ((was.address ?? '') !== (row.address ?? '')) return { ...base, kind: 'changed' as const };
  const placeMoved =
    (was.locationId !== undefined && was.locationId !== row.locationId) ||
    (was.roomId !== undefined && was.roomId !== row.roomId);
  if (placeMoved) return { ...base, kind: 'changed' as const };
  return null;
}

/**
 * Queues the families' messages (when `notify.families`) for the classes `before` now changed and
 * says who is told. Classes already begun (before and after the change) are nobody's news.
 */
export async function tellClassChange(
  tx: Tx,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  {
    before,
    notify = DEFAULT_NOTIFY,
    now = new Date(),
  }: { before: readonly ClassBefore[]; notify?: TNotifyChoice; now?: Date },
): Promise<TTold> {
  if (!before.length || (!notify.teacher && !notify.families)) return { teachers: 0, families: 0 };
  const rows = await tx.schedule.findMany({ where: { id: { in: before.map((b) => b.id) } }, select: noticeSelect });
  const upcoming = rows.filter((row) => {
    const was = before.find((b) => b.id === row.id);
    return was && Math.max(was.startAt.getTime(), row.startAt.getTime()) > now.getTime();
  });
  let teachers = 0;
  if (notify.teacher) {
    // The class-change job's own conditions: a living teacher, not the author, a class yet to start.
    const userIds = upcoming
      .filter((row) => !row.teacher.deletedAt && row.teacher.userId !== auth.userId && row.startAt > now)
      .map((row) => row.teacher.userId);
    teachers = (await recipientsFor(tx, [...new Set(userIds)], 'CLASS_CHANGE')).length;
  }
  if (!notify.families) return { teachers, families: 0 };

  const byStudent = new Map<
    number,
    {
      student: (typeof rows)[number]['students'][number]['student'];
      changes: (FamilyClassChange & { scheduleId: number })[];
    }
  >();
  for (const row of upcoming) {
    const was = before.find((b) => b.id === row.id) as ClassBefore;
    const change = familyChange(was, row);
    if (!change) continue;
    for (const { student } of row.students) {
      const entry = byStudent.get(student.id) ?? { student, changes: [] };
      entry.changes.push({ ...change, scheduleId: row.id });
      byStudent.set(student.id, entry);
    }
  }
  if (!byStudent.size) return { teachers, families: 0 };
  const centre = await tx.organisation.findUniqueOrThrow({
    where: { id: organisationOf(auth) },
    select: { id: true, name: true, timeZone: true },
  });
  const inputs: MessageInput[] = [];
  const held: HeldChange[] = [];
  let families = 0;
  for (const { student, changes } of byStudent.values()) {
    changes.sort((a, b) => a.was.getTime() - b.was.getTime());
    const name = `${student.firstName} ${student.lastName}`;
    const text = familyNoticeText('en-US', { centre: centre.name, student: name, changes, zone: centre.timeZone });
    const common = {
      organisationId: centre.id,
      recipientName: name,
      template: FAMILY_CLASS_CHANGE_TEMPLATE,
      entityType: 'STUDENT',
      entityId: student.id,
      queuedById: auth.userId,
    };
    const email = student.allowEmail && student.email?.trim();
    const phone = student.allowSms && student.phone?.trim();
    if (email)
      inputs.push({ ...common, channel: 'EMAIL', recipient: email, subject: text.subject, bodyText: text.body });
    if (phone) inputs.push({ ...common, channel: 'SMS', recipient: phone, bodyText: text.sms });
    // The household's guardians: held for the household's one message (family-lesson-changes.ts); an
    // address the student's own message reaches already is not written to twice.
    const reached = [email, phone].filter((a): a is string => Boolean(a)).map((a) => a.toLowerCase());
    const household = student.household;
    const guardians = (household ? kindRecipients(household.guardians, 'LESSON_CHANGES') : []).filter(
      (to) => (to.email && !reached.includes(to.email.toLowerCase())) || (to.phone && !reached.includes(to.phone)),
    ).length;
    if (household && guardians)
      for (const change of changes)
        held.push({
          organisationId: centre.id,
          householdId: household.id,
          studentId: student.id,
          scheduleId: change.scheduleId,
          queuedById: auth.userId,
          facts: {
            kind: change.kind,
            course: change.course,
            was: change.was.toISOString(),
            now: change.now.toISOString(),
            address: change.address,
            reached,
          },
        });
    if (email || phone || guardians) families += 1;
  }
  if (inputs.length) await enqueueMessages(tx, requireQueue(queue), inputs);
  await holdLessonChanges(tx, held);
  return { teachers, families };
}
