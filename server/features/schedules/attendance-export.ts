// The attendance export: one row per student per class, in class start order, for a range of days
// (in the centre's zone) and the table view's filters. A studentId filter keeps that student's rows.
import type { Response } from 'express';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { type Column, cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { sitesOf } from '../locations/sites';
import {
  type DownloadFilters,
  downloadWhere,
  localDate,
  personName,
  scheduleBatches,
  startOrder,
} from './download-rows';

const attendanceSelect = (studentId: number | undefined) =>
  ({
    id: true,
    status: true,
    startAt: true,
    endAt: true,
    location: { select: { name: true } },
    room: { select: { name: true } },
    course: { select: { name: true } },
    teacher: { select: { user: { select: { firstName: true, lastName: true, login: true } } } },
    students: {
      where: studentId ? { studentId } : undefined,
      select: {
        attendance: true,
        student: { select: { studentId: true, firstName: true, lastName: true } },
      },
      orderBy: [{ student: { lastName: 'asc' } }, { student: { firstName: 'asc' } }, { studentId: 'asc' }],
    },
  }) as const satisfies Prisma.ScheduleSelect;
type ClassRow = Prisma.ScheduleGetPayload<{ select: ReturnType<typeof attendanceSelect> }>;
type AttendanceRow = { schedule: ClassRow; student: ClassRow['students'][number] };

function attendanceColumns(timeZone: string): Column<AttendanceRow>[] {
  return [
    { header: 'Class ID', kind: 'number', value: (r) => r.schedule.id },
    { header: 'Date', kind: 'date', value: (r) => localDate(r.schedule.startAt, timeZone) },
    { header: 'Start', kind: 'time', value: (r) => r.schedule.startAt },
    { header: 'End', kind: 'time', value: (r) => r.schedule.endAt },
    { header: 'Course', width: 28, value: (r) => r.schedule.course.name },
    { header: 'Teacher', width: 22, value: (r) => personName(r.schedule.teacher.user, r.schedule.teacher.user.login) },
    { header: 'Student ID', width: 14, value: (r) => r.student.student.studentId },
    { header: 'Student name', width: 24, value: (r) => personName(r.student.student) },
    { header: 'Attendance', value: (r) => r.student.attendance },
    { header: 'Class status', value: (r) => r.schedule.status },
    // Where (issue 23), last so that the columns before keep their places in existing sheets.
    { header: 'Location', width: 20, value: (r) => r.schedule.location?.name },
    { header: 'Room', width: 16, value: (r) => r.schedule.room?.name },
  ];
}

async function* perStudent(classes: AsyncIterable<ClassRow>): AsyncIterable<AttendanceRow> {
  for await (const schedule of classes) {
    for (const student of schedule.students) yield { schedule, student };
  }
}

export async function exportAttendance(
  prisma: PrismaClient,
  auth: AuthContext,
  { from, to, ...filters }: DownloadFilters & { from: string; to: string },
  res: Response,
): Promise<undefined> {
  const organisationId = organisationOf(auth);
  const format = await cellFormatOf(prisma, organisationId);
  const where = downloadWhere(organisationId, format.timeZone, from, to, filters, sitesOf(auth));
  const select = attendanceSelect(filters.studentId);
  const classes = await scheduleBatches(where, (batchWhere, take) =>
    prisma.schedule.findMany({ where: batchWhere, orderBy: startOrder, take, select }),
  );
  await sendXlsx(res, `attendance-${from}-to-${to}`, attendanceColumns(format.timeZone), perStudent(classes), format);
  return undefined;
}
