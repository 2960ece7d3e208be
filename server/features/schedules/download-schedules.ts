// The week and range downloads: one row per class, in start order, times on the centre's wall clock.
import type { Response } from 'express';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { type Column, cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { sitesOf } from '../locations/sites';
import {
  addDays,
  type DownloadFilters,
  downloadWhere,
  hoursBetween,
  localDate,
  localWeekday,
  personName,
  scheduleBatches,
  startOrder,
} from './download-rows';

const classSelect = {
  id: true,
  status: true,
  courseType: true,
  startAt: true,
  endAt: true,
  teacherStartAt: true,
  teacherEndAt: true,
  address: true,
  location: { select: { name: true } },
  room: { select: { name: true } },
  paymentType: true,
  notificationStatus: true,
  hourlyRate: true,
  teacherHourlyRate: true,
  price: true,
  course: { select: { name: true } },
  teacher: { select: { user: { select: { firstName: true, lastName: true, login: true } } } },
  students: {
    select: { student: { select: { studentId: true, firstName: true, lastName: true } } },
    orderBy: [{ student: { lastName: 'asc' } }, { student: { firstName: 'asc' } }, { studentId: 'asc' }],
  },
} as const satisfies Prisma.ScheduleSelect;
type ClassRow = Prisma.ScheduleGetPayload<{ select: typeof classSelect }>;

function classColumns(timeZone: string): Column<ClassRow>[] {
  return [
    { header: 'ID', kind: 'number', value: (s) => s.id },
    { header: 'Date', kind: 'date', value: (s) => localDate(s.startAt, timeZone) },
    { header: 'Weekday', value: (s) => localWeekday(s.startAt, timeZone) },
    { header: 'Start', kind: 'time', value: (s) => s.startAt },
    { header: 'End', kind: 'time', value: (s) => s.endAt },
    { header: 'Course', width: 28, value: (s) => s.course.name },
    { header: 'Course type', value: (s) => s.courseType },
    { header: 'Teacher', width: 22, value: (s) => personName(s.teacher.user, s.teacher.user.login) },
    {
      header: 'Students',
      width: 36,
      value: (s) => s.students.map(({ student }) => personName(student, student.studentId)).join(', '),
    },
    { header: 'Address', width: 28, value: (s) => s.address },
    { header: 'Status', value: (s) => s.status },
    { header: 'Payment type', value: (s) => s.paymentType },
    { header: 'Hours', kind: 'number', value: (s) => hoursBetween(s.startAt, s.endAt) },
    { header: 'Teacher hours', kind: 'number', value: (s) => hoursBetween(s.teacherStartAt, s.teacherEndAt) },
    { header: 'Hourly rate', kind: 'money', value: (s) => s.hourlyRate },
    { header: 'Teacher hourly rate', kind: 'money', value: (s) => s.teacherHourlyRate },
    { header: 'Price', kind: 'money', value: (s) => s.price },
    { header: 'Feedback email', value: (s) => s.notificationStatus },
    // Where (issue 23), last so that the columns before keep their places in existing sheets.
    { header: 'Location', width: 20, value: (s) => s.location?.name },
    { header: 'Room', width: 16, value: (s) => s.room?.name },
  ];
}

async function sendClasses(
  prisma: PrismaClient,
  auth: AuthContext,
  { from, to, filters, filename }: { from: string; to: string; filters: DownloadFilters; filename: string },
  res: Response,
): Promise<undefined> {
  const organisationId = organisationOf(auth);
  const format = await cellFormatOf(prisma, organisationId);
  const where = downloadWhere(organisationId, format.timeZone, from, to, filters, sitesOf(auth));
  const rows = await scheduleBatches(where, (batchWhere, take) =>
    prisma.schedule.findMany({ where: batchWhere, orderBy: startOrder, take, select: classSelect }),
  );
  await sendXlsx(res, filename, classColumns(format.timeZone), rows, format);
  return undefined;
}

/** The seven days from `monday` (the contract has checked it is a Monday). */
export function downloadWeek(
  prisma: PrismaClient,
  auth: AuthContext,
  { monday, ...filters }: DownloadFilters & { monday: string },
  res: Response,
) {
  return sendClasses(
    prisma,
    auth,
    { from: monday, to: addDays(monday, 6), filters, filename: `schedule-${monday}` },
    res,
  );
}

/** The days `from`..`to` inclusive (at most 31, checked by the contract). */
export function downloadRange(
  prisma: PrismaClient,
  auth: AuthContext,
  { from, to, ...filters }: DownloadFilters & { from: string; to: string },
  res: Response,
) {
  return sendClasses(prisma, auth, { from, to, filters, filename: `schedule-${from}-to-${to}` }, res);
}
