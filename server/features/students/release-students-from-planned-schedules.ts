import type { Prisma } from '../../generated/prisma/client';

/** The PLANNED classes a deactivated student left; a one-on-one class without them is cancelled. */
export interface ReleasedStudent {
  id: number;
  schedules: { id: number; startAt: string; course: string; cancelled: boolean }[];
}

/**
 * Deactivating a student unbinds them from PLANNED classes (DECISIONS.md, Schedules), in the
 * deactivation's transaction. A ONE_ON_ONE class that loses its only student is CANCELLED (no class is
 * left to teach); a GROUP class stays planned for its other students, or empty for the operator to
 * fill or cancel. Taught (COMPLETED) and cancelled classes keep the student: they are history.
 * Returns the ids it could not release (none: nothing holds a student) and what each student left.
 */
export async function releaseStudentsFromPlannedSchedules(
  tx: Prisma.TransactionClient,
  studentIds: number[],
): Promise<{ held: { id: number; reason: string }[]; released: ReleasedStudent[] }> {
  if (studentIds.length === 0) return { held: [], released: [] };
  const links = await tx.scheduleStudent.findMany({
    where: { studentId: { in: studentIds }, schedule: { status: 'PLANNED' } },
    orderBy: [{ studentId: 'asc' }, { schedule: { startAt: 'asc' } }],
    select: {
      studentId: true,
      schedule: {
        select: {
          id: true,
          startAt: true,
          courseType: true,
          course: { select: { name: true } },
          _count: { select: { students: true } },
        },
      },
    },
  });
  if (links.length === 0) return { held: [], released: [] };
  await tx.scheduleStudent.deleteMany({
    where: { studentId: { in: studentIds }, scheduleId: { in: links.map((l) => l.schedule.id) } },
  });
  const emptied = links
    .filter((l) => l.schedule.courseType === 'ONE_ON_ONE' && l.schedule._count.students === 1)
    .map((l) => l.schedule.id);
  if (emptied.length) {
    await tx.schedule.updateMany({ where: { id: { in: emptied }, status: 'PLANNED' }, data: { status: 'CANCELLED' } });
  }
  const byStudent = new Map<number, ReleasedStudent>();
  for (const { studentId, schedule } of links) {
    const entry = byStudent.get(studentId) ?? { id: studentId, schedules: [] };
    entry.schedules.push({
      id: schedule.id,
      startAt: schedule.startAt.toISOString(),
      course: schedule.course.name,
      cancelled: emptied.includes(schedule.id),
    });
    byStudent.set(studentId, entry);
  }
  return { held: [], released: [...byStudent.values()] };
}
