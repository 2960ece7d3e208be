// The full classes a family may wait for (portal, issue 22): the PLANNED GROUP classes ahead, with a
// capacity and no free seat, of the courses the child has had or has a class of, which the child is
// not in; each with the child's place on its waitlist (null when not waiting).
import type { TPortalFullClass } from '../../../src/contracts/seats';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { portalChild, teacherName, teacherNameSelect } from '../portal/household-of';

export async function portalFullClasses(
  prisma: PrismaClient,
  auth: AuthContext,
  childId: number,
): Promise<TPortalFullClass[]> {
  const { scope, child } = await portalChild(prisma, auth, childId);
  const courses = await prisma.schedule.findMany({
    where: { organisationId: scope.organisationId, students: { some: { studentId: child.id } } },
    distinct: ['courseId'],
    select: { courseId: true },
  });
  if (courses.length === 0) return [];
  const rows = await prisma.schedule.findMany({
    where: {
      organisationId: scope.organisationId,
      courseId: { in: courses.map((c) => c.courseId) },
      courseType: 'GROUP',
      status: 'PLANNED',
      capacity: { not: null },
      startAt: { gt: new Date() },
      students: { none: { studentId: child.id } },
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    take: 200,
    select: {
      id: true,
      startAt: true,
      endAt: true,
      capacity: true,
      course: { select: { name: true } },
      teacher: teacherNameSelect,
      _count: { select: { students: { where: { cancelledAt: null } } } },
      waitlist: {
        where: { status: 'WAITING' },
        orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
        select: { studentId: true },
      },
    },
  });
  return rows
    .filter((row) => row.capacity !== null && row._count.students >= row.capacity)
    .slice(0, 50)
    .map((row) => {
      const place = row.waitlist.findIndex((w) => w.studentId === child.id);
      return {
        scheduleId: row.id,
        courseName: row.course.name,
        teacherName: teacherName(row.teacher.user),
        startAt: row.startAt.toISOString(),
        endAt: row.endAt.toISOString(),
        capacity: row.capacity as number,
        seatsTaken: row._count.students,
        position: place < 0 ? null : place + 1,
      };
    });
}
