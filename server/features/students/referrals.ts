import type { Response } from 'express';
import type { z } from 'zod';
import type { TReferral, ZReferralBody, ZReferralListQuery } from '../../../src/contracts/referrals';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { pageArgs, sortArgs } from '../../http/list';
import { cellFormatOf, sendXlsx } from '../../http/spreadsheet';
import { notFound, organisationOf } from '../../http/tenancy';
import { sitesOf } from '../locations/sites';
import { assertReferrerInCentre } from './save-student';

type ReferralInput = z.output<typeof ZReferralBody>;
const select = {
  id: true,
  referrerId: true,
  referrer: { select: { id: true, name: true } },
  studentId: true,
  student: { select: { id: true, studentId: true, firstName: true, lastName: true } },
  comments: true,
  createdAt: true,
} satisfies Prisma.ReferralSelect;
type ReferralRow = Prisma.ReferralGetPayload<{ select: typeof select }>;

function toReferral({ student, createdAt, ...row }: ReferralRow): TReferral {
  return {
    ...row,
    student: student && {
      id: student.id,
      studentId: student.studentId,
      name: `${student.firstName} ${student.lastName}`,
    },
    createdAt: createdAt.toISOString(),
  };
}

async function assertLinksInCentre(prisma: PrismaClient, organisationId: number, input: ReferralInput) {
  await assertReferrerInCentre(prisma, organisationId, input.referrerId);
  if (input.studentId !== null && !(await prisma.student.count({ where: { id: input.studentId, organisationId } }))) {
    throw fieldError('studentId', 'Choose a student of this centre');
  }
}

type ReferralFilters = Omit<z.output<typeof ZReferralListQuery>, 'current' | 'pageSize'>;

/**
 * The centre's referrals a caller may see (issue 37): a site-limited operator sees those of students
 * enrolled at their sites and those not tied to a student yet; another site's are not found.
 */
function visibleReferrals(auth: AuthContext): Prisma.ReferralWhereInput {
  const sites = sitesOf(auth);
  const organisationId = organisationOf(auth);
  return sites
    ? { organisationId, OR: [{ studentId: null }, { student: { locationId: { in: sites } } }] }
    : { organisationId };
}

function referralWhere(auth: AuthContext, filters: ReferralFilters): Prisma.ReferralWhereInput {
  return {
    ...visibleReferrals(auth),
    ...(filters.referrerId ? { referrerId: filters.referrerId } : {}),
    ...(filters.studentId ? { studentId: filters.studentId } : {}),
  };
}

export async function listReferrals(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZReferralListQuery>,
) {
  const where = referralWhere(auth, query);
  const orderBy = sortArgs(query.sortField, query.sortOrder ?? 'descend', 'createdAt');
  const [rows, total] = await prisma.$transaction([
    prisma.referral.findMany({ where, orderBy, ...pageArgs(query), select }),
    prisma.referral.count({ where }),
  ]);
  return { data: rows.map(toReferral), total, success: true as const };
}

/** The whole filtered view (every page) as an .xlsx download. */
export async function exportReferrals(
  prisma: PrismaClient,
  auth: AuthContext,
  filters: ReferralFilters,
  res: Response,
) {
  const rows = await prisma.referral.findMany({
    where: referralWhere(auth, filters),
    orderBy: sortArgs(filters.sortField, filters.sortOrder ?? 'descend', 'createdAt'),
    select,
  });
  await sendXlsx<ReferralRow>(
    res,
    'referrals',
    [
      { header: 'Referrer', width: 24, value: (r) => r.referrer.name },
      { header: 'Student ID', value: (r) => r.student?.studentId },
      { header: 'Student', width: 24, value: (r) => r.student && `${r.student.firstName} ${r.student.lastName}` },
      { header: 'Comments', width: 40, value: (r) => r.comments },
      { header: 'Created', width: 18, kind: 'timestamp', value: (r) => r.createdAt },
    ],
    rows,
    await cellFormatOf(prisma, organisationOf(auth)),
  );
  return undefined; // the reply was streamed
}

export async function getReferral(prisma: PrismaClient, auth: AuthContext, id: number) {
  const row = await prisma.referral.findFirst({ where: { id, ...visibleReferrals(auth) }, select });
  if (!row) throw notFound('Referral', id);
  return toReferral(row);
}

export async function createReferral(prisma: PrismaClient, auth: AuthContext, input: ReferralInput) {
  const organisationId = organisationOf(auth);
  await assertLinksInCentre(prisma, organisationId, input);
  const data = { referrerId: input.referrerId, studentId: input.studentId, comments: input.comments };
  return toReferral(await prisma.referral.create({ data: { ...data, organisationId }, select }));
}

export async function updateReferral(prisma: PrismaClient, auth: AuthContext, id: number, input: ReferralInput) {
  const organisationId = organisationOf(auth);
  if (!(await prisma.referral.count({ where: { id, ...visibleReferrals(auth) } }))) throw notFound('Referral', id);
  await assertLinksInCentre(prisma, organisationId, input);
  const data = { referrerId: input.referrerId, studentId: input.studentId, comments: input.comments };
  return toReferral(await prisma.referral.update({ where: { id }, data, select }));
}

export async function deleteReferral(prisma: PrismaClient, auth: AuthContext, id: number) {
  const { count } = await prisma.referral.deleteMany({ where: { id, ...visibleReferrals(auth) } });
  if (!count) throw notFound('Referral', id);
  return undefined;
}
