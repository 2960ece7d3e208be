import type { Prisma } from '../../generated/prisma/client';
import { isoDate } from '../../http/list';
import { namedTeacher, teacherNameSelect } from './references';

export const termSelect = {
  id: true,
  name: true,
  school: true,
  startDate: true,
  endDate: true,
  comments: true,
  createdAt: true,
  course: { select: { id: true, name: true } },
  teacher: { select: teacherNameSelect },
} as const satisfies Prisma.TermSelect;

type TermRow = Prisma.TermGetPayload<{ select: typeof termSelect }>;

export function toTerm({ teacher, startDate, endDate, createdAt, ...term }: TermRow) {
  return {
    ...term,
    teacher: teacher ? namedTeacher(teacher) : null,
    startDate: isoDate(startDate) ?? '',
    endDate: isoDate(endDate) ?? '',
    createdAt: createdAt.toISOString(),
  };
}
