import type { z } from 'zod';
import type { TScheduleWriteReply, ZScheduleUpdateBody } from '../../../src/contracts/schedules';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import type { MessageQueue } from '../../messaging/queue';
import { assertStudentsAtSites } from '../locations/site-checks';
import { assertEnrolmentFits, seatsTakenOf } from '../seats/capacity';
import { seatFreed } from '../seats/seat-freed';
import { afterClassChange } from './class-change';
import { tellClassChange } from './class-notices';
import { assertRoomFits, capacityIn, resolvePlace, travelWarnings } from './class-place';
import { checkConflicts } from './conflicts';
import { centreTimeZone } from './list-schedules';
import { outsideAvailability } from './outside-availability';
import { classReferences } from './schedule-references';
import { recordRevisions } from './schedule-revisions';
import { scheduleSelect, toSchedule } from './schedule-view';
import {
  editedClass,
  markOverridden,
  retime,
  saveTimes,
  scopeTargets,
  type TargetRow,
  targetSelect,
  timesChange,
} from './series-scope';

type UpdateBody = z.output<typeof ZScheduleUpdateBody>;

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The classes the rates go to: with `rateScope` on a series, 'future' = the edited class and every
 * later class of the series, 'all' = every class of the series including past and completed ones
 * (never the cancelled ones); without it, the classes of `scope`.
 */
async function rateTargets(
  tx: Parameters<typeof scopeTargets>[0],
  current: TargetRow,
  body: UpdateBody,
  targets: TargetRow[],
) {
  if (!body.rateScope || current.seriesId === null) return targets;
  const rows = await tx.schedule.findMany({
    where: {
      seriesId: current.seriesId,
      status: { in: ['PLANNED', 'COMPLETED'] },
      id: { not: current.id },
      ...(body.rateScope === 'future' ? { startAt: { gt: current.startAt } } : {}),
    },
    select: targetSelect,
  });
  return [current, ...rows];
}

type Tx = Parameters<typeof scopeTargets>[0];

/** Seats taken and capacity of each class before an edit (an edit that adds nobody is never refused). */
async function seatsBeforeOf(tx: Tx, ids: number[]) {
  const taken = await seatsTakenOf(tx, ids);
  const rows = await tx.schedule.findMany({ where: { id: { in: ids } }, select: { id: true, capacity: true } });
  return new Map(rows.map((r) => [r.id, { taken: taken.get(r.id) ?? 0, capacity: r.capacity }]));
}

/** A student taken off a PLANNED class with a capacity frees a seat: offered (issue 22). */
async function offerSeatsLeft(
  tx: Tx,
  organisationId: number,
  leaving: { scheduleId: number; studentId: number }[],
  queue?: MessageQueue,
) {
  if (leaving.length === 0) return;
  const open = await tx.schedule.findMany({
    where: { id: { in: leaving.map((l) => l.scheduleId) }, status: 'PLANNED', capacity: { not: null } },
    select: { id: true },
  });
  for (const { id } of open)
    for (const l of leaving.filter((x) => x.scheduleId === id))
      await seatFreed(tx, { organisationId, scheduleId: id, freedByStudentId: l.studentId, queue });
}

/**
 * PUT /schedules/:id: the class's fields, for `scope` 'following' or 'all' also those of the series'
 * PLANNED classes (their local wall-clock times follow the edited class's, see retime). Clashes are
 * checked for every class whose times, teacher or students change; every COMPLETED class changed keeps
 * a revision of its previous values. One transaction.
 */
export async function updateSchedule(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  body: UpdateBody,
  queue?: MessageQueue,
): Promise<TScheduleWriteReply> {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const current = await editedClass(tx, organisationId, id);
    const zone = current.series?.timeZone ?? (await centreTimeZone(tx, organisationId));
    const { studentRates, teacherRate } = await classReferences(tx, organisationId, body, {
      teacherId: current.teacherId,
      studentIds: current.students.map((s) => s.studentId),
    });
    // A student added to the class must be of a site-limited operator's sites (issue 37, finding 2); those
    // the class has already stay on it, as an inactive student does, so the class can still be edited.
    const had = new Set(current.students.map((s) => s.studentId));
    await assertStudentsAtSites(
      tx,
      auth,
      body.students.map((s) => s.studentId).filter((id) => !had.has(id)),
    );
    const startAt = new Date(body.startAt);
    const endAt = new Date(body.endAt);
    const teacherStartAt = new Date(body.teacherStartAt ?? body.startAt);
    const teacherEndAt = new Date(body.teacherEndAt ?? body.endAt);
    const targets = await scopeTargets(tx, current, body.scope);
    const classTimes = timesChange(current, startAt, endAt)
      ? retime(targets, startAt, endAt, zone)
      : targets.map((row) => ({ startAt: row.startAt, endAt: row.endAt }));
    const teacherMoves =
      timesChange(current, startAt, endAt) ||
      timesChange({ startAt: current.teacherStartAt, endAt: current.teacherEndAt }, teacherStartAt, teacherEndAt);
    // Every class of the scope keeps the edited class's teacher offsets (teacher start - start, end - end).
    const times = targets.map((row, i) => {
      if (!teacherMoves)
        return { id: row.id, ...classTimes[i], teacherStartAt: row.teacherStartAt, teacherEndAt: row.teacherEndAt };
      const own = classTimes[i];
      const t = {
        id: row.id,
        ...own,
        teacherStartAt: new Date(own.startAt.getTime() + teacherStartAt.getTime() - startAt.getTime()),
        teacherEndAt: new Date(own.endAt.getTime() + teacherEndAt.getTime() - endAt.getTime()),
      };
      if (t.teacherEndAt <= t.teacherStartAt)
        throw fieldError('teacherStartAt', 'The teacher times do not fit the shorter classes of the series');
      return t;
    });

    // Where: the edited class's place, carried to every class of the scope (a location or room left
    // out stays as the edited class has it).
    const place = await resolvePlace(tx, auth, organisationId, body, current);
    const capacity = capacityIn(place, body.courseType, body.capacity);
    assertRoomFits(place, { capacity, students: body.students.length, override: body.overrideCapacity });
    const studentIds = body.students.map((s) => s.studentId);
    const checked = targets.filter(
      (row, i) =>
        timesChange(row, times[i].startAt, times[i].endAt) ||
        row.teacherId !== body.teacherId ||
        (place.roomId !== null && row.roomId !== place.roomId) ||
        !sameSet(
          row.students.map((s) => s.studentId),
          studentIds,
        ),
    );
    const checkedTimes = checked.map((row) => times[targets.indexOf(row)]);
    const clashing = await checkConflicts(
      tx,
      checkedTimes.map((t) => ({
        startAt: t.startAt,
        endAt: t.endAt,
        teacherId: body.teacherId,
        studentIds,
        roomId: place.roomId,
      })),
      body.override,
      targets.map((row) => row.id),
    );

    const rated = await rateTargets(tx, current, body, targets);
    const changed = [...new Map([...targets, ...rated].map((row) => [row.id, row])).values()];
    await recordRevisions(tx, changed, 'update', auth.userId);

    const targetIds = targets.map((row) => row.id);
    const ratedIds = rated.map((row) => row.id);
    const seatsBefore = await seatsBeforeOf(tx, targetIds);
    const rates = { hourlyRate: body.hourlyRate, teacherHourlyRate: body.teacherHourlyRate ?? teacherRate };
    await tx.schedule.updateMany({
      where: { id: { in: targetIds } },
      data: {
        courseType: body.courseType,
        courseId: body.courseId,
        teacherId: body.teacherId,
        locationId: place.locationId,
        roomId: place.roomId,
        address: body.address,
        termId: body.termId,
        price: body.price,
        paymentType: body.paymentType,
        comments: body.comments,
        capacity,
      },
    });
    await tx.schedule.updateMany({ where: { id: { in: ratedIds } }, data: rates });
    await saveTimes(
      tx,
      times.filter((t, i) => timesChange(targets[i], t.startAt, t.endAt) || teacherMoves),
    );
    await markOverridden(
      tx,
      checked.filter((_, i) => clashing.has(i)).map((row) => row.id),
      body.override?.reason,
    );

    // The students: the body's list on every class of the scope; their rates on the rated classes.
    const leaving = await tx.scheduleStudent.findMany({
      where: { scheduleId: { in: targetIds }, studentId: { notIn: studentIds }, cancelledAt: null },
      select: { scheduleId: true, studentId: true },
    });
    await tx.scheduleStudent.deleteMany({ where: { scheduleId: { in: targetIds }, studentId: { notIn: studentIds } } });
    const rateOf = (s: UpdateBody['students'][number]) => s.hourlyRate ?? studentRates.get(s.studentId) ?? null;
    await tx.scheduleStudent.createMany({
      data: targets.flatMap((row) =>
        body.students.map((s) => ({
          scheduleId: row.id,
          studentId: s.studentId,
          hourlyRate: rateOf(s),
          // A completed class records every student's attendance: one added afterwards attended.
          attendance: row.status === 'COMPLETED' ? ('ATTENDED' as const) : null,
        })),
      ),
      skipDuplicates: true,
    });
    for (const s of body.students) {
      await tx.scheduleStudent.updateMany({
        where: { scheduleId: { in: ratedIds }, studentId: s.studentId },
        data: { hourlyRate: rateOf(s) },
      });
    }

    await assertEnrolmentFits(tx, organisationId, targetIds, { override: body.overrideCapacity, before: seatsBefore });
    await offerSeatsLeft(tx, organisationId, leaving, queue);

    await afterClassChange(tx, auth, {
      action: 'UPDATE',
      before: changed,
      reason: 'Class changed',
      notifyTeacher: body.notify?.teacher,
    });
    const told = await tellClassChange(tx, queue, auth, { before: changed, notify: body.notify });
    const warnings = await outsideAvailability(tx, body.teacherId, times, zone);
    const where = await travelWarnings(tx, organisationId, {
      teacherId: body.teacherId,
      locationId: place.locationId,
      classes: times,
      excluded: targetIds,
      zone,
    });
    const row = await tx.schedule.findUniqueOrThrow({ where: { id }, select: scheduleSelect });
    const schedule = { ...toSchedule(row), outsideAvailability: warnings.includes(row.startAt.toISOString()) };
    return { schedule, count: changed.length, outsideAvailability: warnings, told, ...where };
  });
}
