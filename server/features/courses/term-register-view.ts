import type { Prisma } from '../../generated/prisma/client';
import { isoDate, money } from '../../http/list';
import { namedTeacher, teacherNameSelect } from './references';

export const termRegisterSelect = {
  id: true,
  paymentType: true,
  price: true,
  paid: true,
  paidOn: true,
  paidMethod: true,
  comments: true,
  createdAt: true,
  term: { select: { id: true, name: true, startDate: true, endDate: true } },
  course: { select: { id: true, name: true } },
  teacher: { select: teacherNameSelect },
  student: { select: { id: true, studentId: true, firstName: true, lastName: true } },
} as const satisfies Prisma.TermRegisterSelect;

type TermRegisterRow = Prisma.TermRegisterGetPayload<{ select: typeof termRegisterSelect }>;

export function toTermRegister({ price, createdAt, term, teacher, student, paidOn, ...register }: TermRegisterRow) {
  return {
    ...register,
    paidOn: isoDate(paidOn),
    price: money(price) ?? '0.00',
    createdAt: createdAt.toISOString(),
    term: {
      id: term.id,
      name: term.name,
      startDate: isoDate(term.startDate) ?? '',
      endDate: isoDate(term.endDate) ?? '',
    },
    teacher: teacher ? namedTeacher(teacher) : null,
    student: { id: student.id, studentId: student.studentId, name: `${student.firstName} ${student.lastName}` },
  };
}
