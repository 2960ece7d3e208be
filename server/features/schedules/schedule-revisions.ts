import type { Prisma } from '../../generated/prisma/client';
import { money } from '../../http/list';

/** What a revision keeps of a class: every field money or attendance is computed from. */
export const revisionSelect = {
  id: true,
  organisationId: true,
  status: true,
  courseType: true,
  courseId: true,
  teacherId: true,
  termId: true,
  locationId: true,
  roomId: true,
  address: true,
  startAt: true,
  endAt: true,
  teacherStartAt: true,
  teacherEndAt: true,
  hourlyRate: true,
  teacherHourlyRate: true,
  price: true,
  paymentType: true,
  comments: true,
  confirmedAt: true,
  confirmedById: true,
  confirmedOnBehalf: true,
  students: { select: { studentId: true, attendance: true, hourlyRate: true }, orderBy: { studentId: 'asc' } },
} as const satisfies Prisma.ScheduleSelect;

export type RevisionRow = Prisma.ScheduleGetPayload<{ select: typeof revisionSelect }>;

export function classSnapshot(row: RevisionRow) {
  return {
    status: row.status,
    courseType: row.courseType,
    courseId: row.courseId,
    teacherId: row.teacherId,
    termId: row.termId,
    // Where (issue 23): a move to another location or room is a change like any other.
    locationId: row.locationId,
    roomId: row.roomId,
    address: row.address,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    teacherStartAt: row.teacherStartAt.toISOString(),
    teacherEndAt: row.teacherEndAt.toISOString(),
    hourlyRate: money(row.hourlyRate),
    teacherHourlyRate: money(row.teacherHourlyRate),
    price: money(row.price),
    paymentType: row.paymentType,
    comments: row.comments,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    confirmedById: row.confirmedById,
    confirmedOnBehalf: row.confirmedOnBehalf,
    students: row.students.map((s) => ({
      studentId: s.studentId,
      attendance: s.attendance,
      hourlyRate: money(s.hourlyRate),
    })),
  };
}

export type RevisionAction = 'update' | 'reopen' | 'attendance';

/**
 * Keeps the previous values of every COMPLETED class among `rows` before it changes (the money issue
 * recomputes charges and salaries from them). Other classes have no money attached yet: no revision.
 */
export async function recordRevisions(
  db: Prisma.TransactionClient,
  rows: RevisionRow[],
  action: RevisionAction,
  changedById: number,
) {
  const completed = rows.filter((row) => row.status === 'COMPLETED');
  if (completed.length === 0) return;
  await db.scheduleRevision.createMany({
    data: completed.map((row) => ({ scheduleId: row.id, action, changedById, previous: classSnapshot(row) })),
  });
}
