import type { z } from 'zod';
import type { TScheduleWriteReply, ZScheduleCreateBody } from '../../../src/contracts/schedules';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { toDbDate } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { assertStudentsAtSites } from '../locations/site-checks';
import { assertEnrolmentFits } from '../seats/capacity';
import { afterClassChange } from './class-change';
import { assertRoomFits, capacityIn, resolvePlace, travelWarnings } from './class-place';
import { closedRanges } from './closures';
import { checkConflicts } from './conflicts';
import { centreTimeZone } from './list-schedules';
import { outsideAvailability } from './outside-availability';
import { classReferences } from './schedule-references';
import { scheduleSelect, toSchedule } from './schedule-view';
import { expandSeries, localParts, type Occurrence } from './series-expansion';

type CreateBody = z.output<typeof ZScheduleCreateBody>;

/**
 * Teacher times of each class: the first class's teacher start and end offsets (teacherStart - start,
 * teacherEnd - end) applied to every occurrence, so "the teacher comes 15 minutes early" carries over.
 */
function withTeacherTimes(body: CreateBody, occurrences: Occurrence[]) {
  const startAt = Date.parse(body.startAt);
  const endAt = Date.parse(body.endAt);
  const startOffset = (body.teacherStartAt ? Date.parse(body.teacherStartAt) : startAt) - startAt;
  const endOffset = (body.teacherEndAt ? Date.parse(body.teacherEndAt) : endAt) - endAt;
  return occurrences.map((o) => {
    const teacherStartAt = new Date(o.startAt.getTime() + startOffset);
    const teacherEndAt = new Date(o.endAt.getTime() + endOffset);
    if (teacherEndAt <= teacherStartAt)
      throw fieldError('teacherStartAt', 'The teacher times do not fit the shorter classes of the series');
    return { ...o, teacherStartAt, teacherEndAt };
  });
}

/** POST /schedules: one class, or a weekly series whose occurrences are each a class of their own. */
export async function createSchedule(
  prisma: PrismaClient,
  auth: AuthContext,
  body: CreateBody,
): Promise<TScheduleWriteReply> {
  const organisationId = organisationOf(auth);
  const zone = await centreTimeZone(prisma, organisationId);
  const first = { startAt: new Date(body.startAt), endAt: new Date(body.endAt) };
  const closed = body.repeat ? await closedRanges(prisma, organisationId) : [];
  const occurrences = withTeacherTimes(
    body,
    body.repeat ? expandSeries({ first, ...body.repeat, zone, closed }) : [first],
  );
  return prisma.$transaction(async (tx) => {
    const { studentRates, teacherRate } = await classReferences(tx, organisationId, body);
    // The place first: a location not the operator's own is a 400 naming it, whoever the students are.
    const place = await resolvePlace(tx, auth, organisationId, body);
    // Another site's student is not found for a site-limited operator (issue 37, finding 2).
    await assertStudentsAtSites(
      tx,
      auth,
      body.students.map((s) => s.studentId),
    );
    const capacity = capacityIn(place, body.courseType, body.capacity);
    assertRoomFits(place, { capacity, students: body.students.length, override: body.overrideCapacity });
    const studentIds = body.students.map((s) => s.studentId);
    const clashing = await checkConflicts(
      tx,
      occurrences.map((o) => ({ ...o, teacherId: body.teacherId, studentIds, roomId: place.roomId })),
      body.override,
    );
    const series = body.repeat
      ? await tx.scheduleSeries.create({
          data: {
            organisationId,
            timeZone: zone,
            firstDate: toDbDate(localParts(first.startAt, zone).date) as Date,
            untilDate: toDbDate(body.repeat.untilDate),
            count: body.repeat.count ?? null,
            slots: { create: body.repeat.slots },
          },
          select: { id: true },
        })
      : null;
    const created = await tx.schedule.createManyAndReturn({
      data: occurrences.map((o, i) => ({
        organisationId,
        seriesId: series?.id ?? null,
        courseType: body.courseType,
        courseId: body.courseId,
        teacherId: body.teacherId,
        locationId: place.locationId,
        roomId: place.roomId,
        address: body.address,
        startAt: o.startAt,
        endAt: o.endAt,
        teacherStartAt: o.teacherStartAt,
        teacherEndAt: o.teacherEndAt,
        termId: body.termId,
        hourlyRate: body.hourlyRate,
        teacherHourlyRate: body.teacherHourlyRate ?? teacherRate,
        price: body.price,
        paymentType: body.paymentType,
        comments: body.comments,
        capacity,
        conflictOverride: clashing.has(i),
        conflictReason: clashing.has(i) ? (body.override?.reason ?? null) : null,
      })),
      select: { id: true, startAt: true },
    });
    created.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
    if (body.students.length) {
      await tx.scheduleStudent.createMany({
        data: created.flatMap((row) =>
          body.students.map((s) => ({
            scheduleId: row.id,
            studentId: s.studentId,
            hourlyRate: s.hourlyRate ?? studentRates.get(s.studentId) ?? null,
          })),
        ),
      });
    }
    await assertEnrolmentFits(
      tx,
      organisationId,
      created.map((row) => row.id),
      { override: body.overrideCapacity },
    );
    await afterClassChange(tx, auth, {
      action: 'CREATE',
      before: [],
      ids: created.map((row) => row.id),
      reason: 'Class changed',
      newPlannedClasses: true,
    });
    const warnings = await outsideAvailability(tx, body.teacherId, occurrences, zone);
    const where = await travelWarnings(tx, organisationId, {
      teacherId: body.teacherId,
      locationId: place.locationId,
      classes: occurrences,
      excluded: created.map((row) => row.id),
      zone,
    });
    const row = await tx.schedule.findUniqueOrThrow({ where: { id: created[0].id }, select: scheduleSelect });
    const schedule = { ...toSchedule(row), outsideAvailability: warnings.includes(row.startAt.toISOString()) };
    return { schedule, count: created.length, outsideAvailability: warnings, ...where };
  });
}
