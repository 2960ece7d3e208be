// Substitutes (issue 22): another teacher teaches PLANNED classes. teacherId becomes the substitute, so
// payroll pays them and they confirm and write the feedback; originalTeacherId keeps the planned
// teacher (set once, cleared when the class goes back to them). The substitute is checked for clashes
// like a move (409 naming them unless overridden); the change is audited, revisioned and, through the
// class-change job, told to the teacher who now has the class; the teacher who loses it is told here.
import type { z } from 'zod';
import {
  SUBSTITUTE_SAME_MESSAGE,
  type TSubstituteReply,
  type ZSubstituteClassBody,
  type ZSubstituteRangeBody,
} from '../../../src/contracts/cover';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import { enqueueMessages, type MessageInput, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { recipientsFor } from '../../notices/channels';
import { assertTeachersUsable } from '../courses/references';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { afterClassChange } from '../schedules/class-change';
import { noticeLang } from '../schedules/class-notice-texts';
import { DEFAULT_NOTIFY } from '../schedules/class-notices';
import { checkConflicts } from '../schedules/conflicts';
import { centreTimeZone } from '../schedules/list-schedules';
import { recordRevisions } from '../schedules/schedule-revisions';
import { editedClass, markOverridden, type TargetRow, targetSelect } from '../schedules/series-scope';
import { coverNoticeText } from './cover-texts';

type Tx = Prisma.TransactionClient;
type ClassBody = z.output<typeof ZSubstituteClassBody>;
type RangeBody = z.output<typeof ZSubstituteRangeBody>;

export const SUBSTITUTE_TEMPLATE = 'class-substitute';
/** At most this many classes change in one request. */
const MAX_CLASSES = 500;

/** POST /schedules/:id/substitute. */
export function substituteClass(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  body: ClassBody,
  queue?: MessageQueue,
): Promise<TSubstituteReply> {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const row = await editedClass(tx, organisationId, id);
    if (row.status !== 'PLANNED') throw new AppError('conflict', 'Only a planned class gets a substitute');
    if (row.teacherId === body.teacherId) throw fieldError('teacherId', 'This teacher teaches the class already');
    return substitute(tx, auth, [row], body, queue);
  });
}

/** POST /substitutes: the teacher's PLANNED classes of the centre's local days from..to (optionally one course). */
export function substituteRange(
  prisma: PrismaClient,
  auth: AuthContext,
  body: RangeBody,
  queue?: MessageQueue,
): Promise<TSubstituteReply> {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    if (body.fromTeacherId === body.teacherId) throw fieldError('teacherId', SUBSTITUTE_SAME_MESSAGE);
    const from = await tx.teacher.findFirst({
      where: { id: body.fromTeacherId, organisationId },
      select: { id: true },
    });
    if (!from) throw fieldError('fromTeacherId', 'Choose a teacher of this centre');
    if (body.courseId !== null) {
      const course = await tx.course.findFirst({ where: { id: body.courseId, organisationId }, select: { id: true } });
      if (!course) throw fieldError('courseId', 'Choose a course of this centre');
    }
    const zone = await centreTimeZone(tx, organisationId);
    const where = {
      organisationId,
      teacherId: body.fromTeacherId,
      status: 'PLANNED' as const,
      startAt: { gte: startOfDayIn(body.from, zone), lt: endOfDayIn(body.to, zone) },
      ...(body.courseId !== null ? { courseId: body.courseId } : {}),
    };
    const ids = (await tx.schedule.findMany({ where, select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id);
    if (ids.length > MAX_CLASSES) throw fieldError('to', 'At most 500 classes at once: choose a shorter range');
    if (!ids.length) return { count: 0, classes: [], told: { teachers: 0, families: 0 } };
    // Locked in id order (every multi-class write here takes them so), then read again under the lock.
    await tx.$queryRaw`SELECT "id" FROM "Schedule" WHERE "id" = ANY(${ids}::int[]) ORDER BY "id" FOR NO KEY UPDATE`;
    const rows = await tx.schedule.findMany({
      where: { ...where, id: { in: ids } },
      select: targetSelect,
      orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    });
    return substitute(tx, auth, rows, body, queue);
  });
}

const originalSelect = { originalTeacherId: true, originalTeacherHourlyRate: true } as const;

async function substitute(
  tx: Tx,
  auth: AuthContext,
  targets: TargetRow[],
  body: { teacherId: number; override?: { reason: string }; notify?: { teacher: boolean; families: boolean } },
  queue: MessageQueue | undefined,
): Promise<TSubstituteReply> {
  const organisationId = organisationOf(auth);
  await assertTeachersUsable(tx, organisationId, [body.teacherId], 'teacherId');
  const ids = targets.map((row) => row.id);
  const clashing = await checkConflicts(
    tx,
    targets.map((row) => ({ startAt: row.startAt, endAt: row.endAt, teacherId: body.teacherId, studentIds: [] })),
    body.override,
    ids,
  );
  const originals = new Map(
    (await tx.schedule.findMany({ where: { id: { in: ids } }, select: { id: true, ...originalSelect } })).map((r) => [
      r.id,
      r,
    ]),
  );
  const substituteRate = (
    await tx.teacher.findUniqueOrThrow({ where: { id: body.teacherId }, select: { hourlyRate: true } })
  ).hourlyRate;
  await recordRevisions(tx, targets, 'update', auth.userId);
  for (const row of targets) {
    const original = originals.get(row.id);
    const covered = original?.originalTeacherId != null;
    const planned = covered ? (original?.originalTeacherId as number) : row.teacherId;
    // The planned teacher's rate on the class, kept while it is covered.
    const plannedRate = covered ? (original?.originalTeacherHourlyRate ?? null) : row.teacherHourlyRate;
    const backToPlanned = planned === body.teacherId;
    await tx.schedule.update({
      where: { id: row.id },
      data: {
        teacherId: body.teacherId,
        // Set once (the planned teacher and their rate), cleared when the class goes back to them.
        originalTeacherId: backToPlanned ? null : planned,
        originalTeacherHourlyRate: backToPlanned ? null : plannedRate,
        // A substitute is paid at their own rate (the planned rate when they have none); the planned
        // teacher gets the class's planned rate back.
        teacherHourlyRate: backToPlanned ? plannedRate : (substituteRate ?? plannedRate),
      },
    });
  }
  await markOverridden(
    tx,
    targets.filter((_, i) => clashing.has(i)).map((row) => row.id),
    body.override?.reason,
  );
  const notify = body.notify ?? DEFAULT_NOTIFY;
  await afterClassChange(tx, auth, {
    action: 'UPDATE',
    before: targets,
    reason: 'Class changed',
    notifyTeacher: notify.teacher,
  });
  const told = notify.teacher ? await tellTeachers(tx, auth, targets, body.teacherId, queue) : 0;
  const after = await tx.schedule.findMany({
    where: { id: { in: ids } },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      startAt: true,
      course: { select: { name: true } },
      teacher: { select: teacherNameSelect },
      originalTeacher: { select: teacherNameSelect },
    },
  });
  return {
    count: after.length,
    classes: after.map((row) => ({
      id: row.id,
      startAt: row.startAt.toISOString(),
      course: row.course.name,
      teacher: teacherNamed(row.teacher),
      originalTeacher: row.originalTeacher ? teacherNamed(row.originalTeacher) : null,
    })),
    told: { teachers: told, families: 0 },
  };
}

export const teacherNameSelect = {
  id: true,
  user: { select: { firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.TeacherSelect;

export function teacherNamed(t: {
  id: number;
  user: { firstName: string | null; lastName: string | null; login: string };
}) {
  return { id: t.id, name: [t.user.firstName, t.user.lastName].filter(Boolean).join(' ') || t.user.login };
}

/**
 * The class-change job tells the teacher who has the classes now (from the audit events); the teachers
 * who lose classes yet to start are told here, one message each listing them (not when they made the
 * change themselves). Returns how many teachers are told in all.
 */
async function tellTeachers(
  tx: Tx,
  auth: AuthContext,
  targets: TargetRow[],
  substituteId: number,
  queue?: MessageQueue,
) {
  const now = new Date();
  const upcoming = targets.filter((row) => row.startAt > now);
  if (!upcoming.length) return 0;
  const teachers = await tx.teacher.findMany({
    where: { id: { in: [...new Set([substituteId, ...upcoming.map((r) => r.teacherId)])] }, deletedAt: null },
    select: { id: true, userId: true, user: { select: { ...teacherNameSelect.user.select, langKey: true } } },
  });
  const byId = new Map(teachers.map((t) => [t.id, t]));
  const sub = byId.get(substituteId);
  const centre = await tx.organisation.findUniqueOrThrow({
    where: { id: organisationOf(auth) },
    select: { id: true, timeZone: true },
  });
  const courses = new Map(
    (
      await tx.course.findMany({
        where: { id: { in: [...new Set(upcoming.map((r) => r.courseId))] } },
        select: { id: true, name: true },
      })
    ).map((c) => [c.id, c.name]),
  );
  let told =
    sub && sub.userId !== auth.userId && (await recipientsFor(tx, [sub.userId], 'CLASS_CHANGE')).length ? 1 : 0;
  for (const teacherId of new Set(upcoming.map((r) => r.teacherId))) {
    const teacher = byId.get(teacherId);
    if (!teacher || teacher.userId === auth.userId) continue;
    const [recipient] = await recipientsFor(tx, [teacher.userId], 'CLASS_CHANGE');
    if (!recipient) continue;
    const classes = upcoming
      .filter((r) => r.teacherId === teacherId)
      .map((r) => ({ course: courses.get(r.courseId) ?? '', startAt: r.startAt }));
    const text = coverNoticeText(noticeLang(teacher.user.langKey), {
      substitute: sub ? teacherNamed(sub).name : '',
      classes,
      zone: centre.timeZone,
    });
    const first = upcoming.find((r) => r.teacherId === teacherId)?.id ?? null;
    const common = {
      organisationId: centre.id,
      recipientName: recipient.name,
      template: SUBSTITUTE_TEMPLATE,
      entityType: 'SCHEDULE',
      entityId: first,
      queuedById: auth.userId,
    };
    const inputs: MessageInput[] = [];
    if (recipient.email)
      inputs.push({
        ...common,
        channel: 'EMAIL',
        recipient: recipient.email,
        subject: text.subject,
        bodyText: text.body,
      });
    if (recipient.sms) inputs.push({ ...common, channel: 'SMS', recipient: recipient.sms, bodyText: text.sms });
    await enqueueMessages(tx, requireQueue(queue), inputs);
    told += 1;
  }
  return told;
}
