import type { z } from 'zod';
import type { TScheduleWriteReply, ZScheduleMoveBody } from '../../../src/contracts/schedules';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import type { MessageQueue } from '../../messaging/queue';
import { afterClassChange } from './class-change';
import { tellClassChange } from './class-notices';
import { type TravelWarning, travelWarnings } from './class-place';
import { checkConflicts } from './conflicts';
import { centreTimeZone } from './list-schedules';
import { outsideAvailability } from './outside-availability';
import { recordRevisions } from './schedule-revisions';
import { scheduleSelect, toSchedule } from './schedule-view';
import { editedClass, markOverridden, retime, saveTimes, scopeTargets } from './series-scope';

type MoveBody = z.output<typeof ZScheduleMoveBody>;

/**
 * PATCH /schedules/:id/time (a drag or resize on the calendar): new times for the class, or with
 * `scope` for its series' PLANNED classes (same local wall-clock times, shifted by the same number of
 * local days). Each class keeps its own teacher offsets: the teacher start moves with the start, the
 * teacher end with the end (the class times when that would leave no teacher time).
 */
export async function moveSchedule(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  body: MoveBody,
  queue?: MessageQueue,
): Promise<TScheduleWriteReply> {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const current = await editedClass(tx, organisationId, id);
    const zone = current.series?.timeZone ?? (await centreTimeZone(tx, organisationId));
    const targets = await scopeTargets(tx, current, body.scope);
    const classTimes = retime(targets, new Date(body.startAt), new Date(body.endAt), zone);
    const times = targets.map((row, i) => {
      const { startAt, endAt } = classTimes[i];
      let teacherStartAt = new Date(startAt.getTime() + row.teacherStartAt.getTime() - row.startAt.getTime());
      let teacherEndAt = new Date(endAt.getTime() + row.teacherEndAt.getTime() - row.endAt.getTime());
      if (teacherEndAt <= teacherStartAt) [teacherStartAt, teacherEndAt] = [startAt, endAt];
      return { id: row.id, startAt, endAt, teacherStartAt, teacherEndAt };
    });
    const clashing = await checkConflicts(
      tx,
      targets.map((row, i) => ({
        startAt: times[i].startAt,
        endAt: times[i].endAt,
        teacherId: row.teacherId,
        studentIds: row.students.map((s) => s.studentId),
        roomId: row.roomId,
      })),
      body.override,
      targets.map((row) => row.id),
    );
    await recordRevisions(tx, targets, 'update', auth.userId);
    await saveTimes(tx, times);
    await markOverridden(
      tx,
      targets.filter((_, i) => clashing.has(i)).map((row) => row.id),
      body.override?.reason,
    );
    await afterClassChange(tx, auth, {
      action: 'UPDATE',
      before: targets,
      reason: 'Class times changed',
      notifyTeacher: body.notify?.teacher,
    });
    const told = await tellClassChange(tx, queue, auth, { before: targets, notify: body.notify });
    const warnings: string[] = [];
    for (const teacherId of new Set(targets.map((row) => row.teacherId))) {
      const own = times.filter((_, i) => targets[i].teacherId === teacherId);
      warnings.push(...(await outsideAvailability(tx, teacherId, own, zone)));
    }
    warnings.sort();
    // Travel between locations, per teacher and location of the moved classes (one statement each).
    const tooLittleTravel: TravelWarning[] = [];
    let notTheirLocation = false;
    for (const key of new Set(targets.map((row) => `${row.teacherId}:${row.locationId}`))) {
      const own = targets.flatMap((row, i) => (`${row.teacherId}:${row.locationId}` === key ? [i] : []));
      const [{ teacherId, locationId }] = own.map((i) => targets[i]);
      const found = await travelWarnings(tx, organisationId, {
        teacherId,
        locationId,
        classes: own.map((i) => times[i]),
        excluded: targets.map((row) => row.id),
        zone,
      });
      tooLittleTravel.push(...found.tooLittleTravel);
      notTheirLocation ||= found.notTheirLocation;
    }
    const row = await tx.schedule.findUniqueOrThrow({ where: { id }, select: scheduleSelect });
    const schedule = { ...toSchedule(row), outsideAvailability: warnings.includes(row.startAt.toISOString()) };
    return {
      schedule,
      count: targets.length,
      outsideAvailability: warnings,
      told,
      tooLittleTravel,
      notTheirLocation,
    };
  });
}
