// The teacher salary report as an .xlsx file: each teacher's lines (read one teacher at a time, in
// the report's order), then the teacher's total; the overall total last. Totals come from the same
// SQL aggregate as the screen's.
import type { Response } from 'express';
import type { z } from 'zod';
import type { TSalarySource, ZTeacherSalaryDownloadQuery } from '../../../src/contracts/reports';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { type Column, sendXlsx } from '../../http/spreadsheet';
import { type SalaryLine, type SalaryScope, type SalaryTotals, salaryLines, salaryTotals } from './salary-lines';
import { salaryScope } from './teacher-salary';

const SOURCE_TEXT: Record<TSalarySource, string> = {
  CLASS: 'Class',
  CLOSED: 'Closed period',
  ADJUSTMENT: 'Adjustment',
};

type Row =
  | { line: SalaryLine; total?: undefined }
  | { line?: undefined; total: { label: string; hours: string; amount: string } };

const columns: Column<Row>[] = [
  { header: 'Teacher', width: 24, value: (r) => (r.line ? r.line.teacher.name : r.total.label) },
  { header: 'Date', kind: 'date', value: (r) => r.line?.date },
  { header: 'Source', width: 14, value: (r) => r.line && SOURCE_TEXT[r.line.source] },
  { header: 'Class date', kind: 'date', value: (r) => r.line?.classDate },
  { header: 'Start', kind: 'time', value: (r) => r.line?.startAt },
  { header: 'End', kind: 'time', value: (r) => r.line?.endAt },
  { header: 'Course', width: 28, value: (r) => r.line?.course.name },
  { header: 'Students', kind: 'number', value: (r) => r.line?.students },
  { header: 'Teacher hours', kind: 'number', value: (r) => (r.line ? r.line.hours : r.total.hours) },
  { header: 'Teacher hourly rate', kind: 'money', value: (r) => r.line?.rate },
  { header: 'Amount', width: 14, kind: 'money', value: (r) => (r.line ? r.line.amount : r.total.amount) },
  { header: 'Reason', width: 30, value: (r) => r.line?.reason },
  { header: 'Class ID', kind: 'number', value: (r) => r.line?.scheduleId },
];

/** Lines read per query: whole teachers at a time, up to about this many lines. */
const BATCH_LINES = 5000;

/** The teachers (in report order) in groups of about BATCH_LINES lines, from their line counts. */
function batches(teachers: SalaryTotals['teachers']) {
  const groups: SalaryTotals['teachers'][] = [];
  let lines = BATCH_LINES;
  for (const teacher of teachers) {
    if (lines + teacher.lines > BATCH_LINES) {
      groups.push([]);
      lines = 0;
    }
    groups[groups.length - 1].push(teacher);
    lines += teacher.lines;
  }
  return groups;
}

async function* rows(prisma: PrismaClient, scope: SalaryScope, totals: SalaryTotals): AsyncGenerator<Row> {
  for (const group of batches(totals.teachers)) {
    const lines = await salaryLines(prisma, { ...scope, teacherIds: group.map((t) => t.teacher.id) });
    let at = 0;
    for (const teacher of group) {
      for (; at < lines.length && lines[at].teacher.id === teacher.teacher.id; at++) yield { line: lines[at] };
      yield { total: { label: `Total ${teacher.teacher.name}`, hours: teacher.hours, amount: teacher.amount } };
    }
  }
  yield { total: { label: 'Total', hours: totals.totals.hours, amount: totals.totals.amount } };
}

export async function downloadTeacherSalary(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZTeacherSalaryDownloadQuery>,
  res: Response,
): Promise<undefined> {
  const { centre, scope } = await salaryScope(prisma, auth, query);
  const totals = await salaryTotals(prisma, scope);
  await sendXlsx(res, `teacher-salary-${query.from}-to-${query.to}`, columns, rows(prisma, scope, totals), centre);
  return undefined;
}
