import type { Prisma } from '../../generated/prisma/client';
import { namedTeacher, teacherNameSelect } from './references';

export const courseSelect = {
  id: true,
  school: true,
  courseNumber: true,
  name: true,
  description: true,
  createdAt: true,
  teachers: { select: teacherNameSelect, orderBy: { id: 'asc' } },
} as const satisfies Prisma.CourseSelect;

type CourseRow = Prisma.CourseGetPayload<{ select: typeof courseSelect }>;

export function toCourse({ teachers, createdAt, ...course }: CourseRow) {
  return { ...course, teachers: teachers.map(namedTeacher), createdAt: createdAt.toISOString() };
}
