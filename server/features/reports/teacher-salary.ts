// GET /api/reports/teacher-salary: one page of lines plus the totals per teacher and overall.
import type { TTeacherSalaryQuery } from '../../../src/contracts/reports';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs } from '../../http/list';
import { checkTeacher, reportCentre, reportLocations } from './report-scope';
import { type SalaryScope, salaryLines, salaryTotals } from './salary-lines';

export async function salaryScope(
  prisma: PrismaClient,
  auth: AuthContext,
  query: Pick<TTeacherSalaryQuery, 'teacherId' | 'locationId' | 'from' | 'to'>,
) {
  const centre = await reportCentre(prisma, auth);
  await checkTeacher(prisma, centre.organisationId, query.teacherId);
  const locationIds = await reportLocations(prisma, auth, query.locationId);
  const scope: SalaryScope = {
    organisationId: centre.organisationId,
    timeZone: centre.timeZone,
    from: query.from,
    to: query.to,
    teacherIds: query.teacherId === undefined ? undefined : [query.teacherId],
    locationIds,
  };
  return { centre, scope };
}

export async function teacherSalary(prisma: PrismaClient, auth: AuthContext, query: TTeacherSalaryQuery) {
  const { scope } = await salaryScope(prisma, auth, query);
  const { skip, take } = pageArgs(query);
  const [totals, lines] = await Promise.all([salaryTotals(prisma, scope), salaryLines(prisma, scope, { skip, take })]);
  return {
    data: lines.map((line, i) => ({
      ...line,
      id: skip + i + 1,
      startAt: line.startAt.toISOString(),
      endAt: line.endAt.toISOString(),
    })),
    total: totals.totals.lines,
    success: true as const,
    ...totals,
  };
}
