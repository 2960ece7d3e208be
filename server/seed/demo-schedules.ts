// The demo centre's timetable: each running term gets a weekly series from its first to its last
// day, at local wall-clock times in the centre's zone (luxon, so a 15:30 class stays 15:30 across
// daylight saving). Classes before today are confirmed, with attendance, except the last week of
// the demo teacher's and one other teacher's classes: those wait for confirmation, so the teacher's
// phone page and the table view have work to show. A few classes are cancelled.
import { DateTime } from 'luxon';
import type { Attendance, Prisma } from '../generated/prisma/client';
import type { DemoPlace } from './demo-rooms';

type Tx = Prisma.TransactionClient;

export interface DemoTerm {
  id: number;
  courseId: number;
  teacherId: number | null;
  startDate: Date;
  endDate: Date;
  current: boolean;
}

interface Slot {
  weekday: number;
  startTime: string;
  endTime: string;
}

/**
 * Slots per course index: every teacher and student keeps clear of clashes (courses that share a
 * weekday meet at 15:30 and 17:30). The first course meets twice a week.
 */
function slotsOf(courseIndex: number): Slot[] {
  const early = { startTime: '15:30', endTime: '17:00' };
  const late = { startTime: '17:30', endTime: '19:00' };
  const days = [1, 2, 3, 4, 5, 1, 2, 3];
  const slot = { weekday: days[courseIndex % days.length], ...(courseIndex < 4 ? early : late) };
  return courseIndex === 0 ? [slot, { weekday: 4, ...late }] : [slot];
}

const dateOf = (d: Date) => d.toISOString().slice(0, 10);

export async function seedDemoSchedules(
  tx: Tx,
  options: {
    organisationId: number;
    timeZone: string;
    terms: DemoTerm[];
    courseIds: number[];
    demoTeacherId: number;
    /** The other teacher whose last week waits for confirmation. */
    lateTeacherId: number;
    /** Who confirmed the past classes (the demo admin). */
    confirmedById: number | null;
    now: Date;
    random: () => number;
    /** The centre's location and its rooms: a term's classes get a room free at all their times. */
    place: DemoPlace;
  },
): Promise<number> {
  const { organisationId, timeZone, now, random } = options;
  const teacherRates = new Map(
    (await tx.teacher.findMany({ where: { organisationId }, select: { id: true, hourlyRate: true } })).map((t) => [
      t.id,
      t.hourlyRate,
    ]),
  );
  let made = 0;
  for (const term of options.terms.filter((t) => t.current && t.teacherId !== null)) {
    const teacherId = term.teacherId as number;
    const registered = await tx.termRegister.findMany({
      where: { termId: term.id, student: { active: true } },
      select: { student: { select: { id: true, hourlyRate: true } } },
      orderBy: { studentId: 'asc' },
    });
    if (registered.length === 0) continue;
    const students = registered.map((r) => r.student);
    const slots = slotsOf(options.courseIds.indexOf(term.courseId));
    const series = await tx.scheduleSeries.create({
      data: {
        organisationId,
        timeZone,
        firstDate: term.startDate,
        untilDate: term.endDate,
        slots: { create: slots },
      },
      select: { id: true },
    });
    // Every occurrence from the first to the last day of the term, in time order.
    const first = DateTime.fromISO(dateOf(term.startDate), { zone: timeZone });
    const last = DateTime.fromISO(dateOf(term.endDate), { zone: timeZone });
    const occurrences: { start: DateTime; end: DateTime }[] = [];
    for (let day = first; day <= last; day = day.plus({ days: 1 })) {
      for (const slot of slots.filter((s) => s.weekday === day.weekday)) {
        const at = (time: string) => {
          const [hour, minute] = time.split(':').map(Number);
          return day.set({ hour, minute, second: 0, millisecond: 0 });
        };
        occurrences.push({ start: at(slot.startTime), end: at(slot.endTime) });
      }
    }
    occurrences.sort((a, b) => a.start.toMillis() - b.start.toMillis());
    const weekAgo = now.getTime() - 7 * 86_400_000;
    const waits = teacherId === options.demoTeacherId || teacherId === options.lateTeacherId;
    const classes = occurrences.map(({ start, end }) => {
      const past = end.toMillis() <= now.getTime();
      const awaiting = past && waits && start.toMillis() > weekAgo;
      const completed = past && !awaiting;
      return { start, end, completed, cancelled: !past && random() < 0.04 };
    });
    const roomId = options.place.book(
      occurrences.map(({ start, end }) => ({ start: start.toMillis(), end: end.toMillis() })),
      students.length,
    );
    // One insert for the term's classes, one for their students (matched back by start time).
    const rows = await tx.schedule.createManyAndReturn({
      data: classes.map(({ start, end, completed, cancelled }) => ({
        organisationId,
        seriesId: series.id,
        status: cancelled ? ('CANCELLED' as const) : completed ? ('COMPLETED' as const) : ('PLANNED' as const),
        courseType: students.length === 1 ? ('ONE_ON_ONE' as const) : ('GROUP' as const),
        courseId: term.courseId,
        teacherId,
        // At the centre's location (its address applies), in a room when one was free.
        locationId: options.place.locationId,
        roomId,
        startAt: start.toJSDate(),
        endAt: end.toJSDate(),
        teacherStartAt: start.toJSDate(),
        teacherEndAt: end.toJSDate(),
        termId: term.id,
        teacherHourlyRate: teacherRates.get(teacherId) ?? null,
        paymentType: 'TERM' as const,
        confirmedAt: completed ? end.plus({ minutes: 20 }).toJSDate() : null,
        confirmedById: completed ? options.confirmedById : null,
        confirmedOnBehalf: completed,
      })),
      select: { id: true, startAt: true },
    });
    const idAt = new Map(rows.map((row) => [row.startAt.getTime(), row.id]));
    await tx.scheduleStudent.createMany({
      data: classes.flatMap(({ start, completed }) =>
        students.map((student) => {
          const roll = random();
          const attendance: Attendance | null = !completed
            ? null
            : roll < 0.85
              ? 'ATTENDED'
              : roll < 0.93
                ? 'ABSENT'
                : 'EXCUSED';
          return {
            scheduleId: idAt.get(start.toMillis()) as number,
            studentId: student.id,
            attendance,
            hourlyRate: student.hourlyRate,
          };
        }),
      ),
    });
    made += rows.length;
  }
  return made;
}
