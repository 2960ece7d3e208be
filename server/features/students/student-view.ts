import type { TStudent } from '../../../src/contracts/students';
import type { Prisma } from '../../generated/prisma/client';
import { isoDate, money } from '../../http/list';

export const studentSelect = {
  id: true,
  studentId: true,
  firstName: true,
  lastName: true,
  referrerId: true,
  referrer: { select: { id: true, name: true } },
  startDate: true,
  wechat: true,
  phone: true,
  email: true,
  comments: true,
  allowSms: true,
  allowEmail: true,
  feedbackEmail: true,
  feedbackNotification: true,
  hourlyRate: true,
  householdId: true,
  locationId: true,
  active: true,
  createdAt: true,
} satisfies Prisma.StudentSelect;

export type StudentRow = Prisma.StudentGetPayload<{ select: typeof studentSelect }>;

/** A student row as the API replies with it: money as 2-decimal strings, dates as 'YYYY-MM-DD'. */
export function toStudent(row: StudentRow): TStudent {
  return {
    ...row,
    startDate: isoDate(row.startDate),
    hourlyRate: money(row.hourlyRate),
    createdAt: row.createdAt.toISOString(),
  };
}
