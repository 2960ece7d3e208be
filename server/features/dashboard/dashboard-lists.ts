import type { z } from 'zod';
import type { dashboardEndpoints } from '../../../src/contracts/dashboard';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { cappedTotal, countTake, isoDate, pageArgs } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { locationScope, locationWhere } from '../locations/site-checks';
import { lowBalanceWhere } from '../vouchers/low-balance-rule';

type PageQuery = z.output<typeof dashboardEndpoints.lowBalance.query>;
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * Active voucher payers (`lowBalanceWhere`) whose cached ledger balance (Student.voucherBalance) is
 * below the centre's threshold, lowest first (a negative balance is owed). The filter and order are on
 * the cached balance, so no ledger row is read.
 */
export async function lowBalanceStudents(prisma: PrismaClient, auth: AuthContext, query: PageQuery) {
  const organisationId = organisationOf(auth);
  const { lowBalanceThreshold } = await prisma.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { lowBalanceThreshold: true },
  });
  // The caller's sites, or the one location asked for (issue 23): students by the site they are enrolled at.
  const where = {
    AND: [lowBalanceWhere(organisationId, lowBalanceThreshold), locationWhere(locationScope(auth, query.locationId))],
  };
  const take = countTake(query);
  const orderBy = [{ voucherBalance: 'asc' as const }, { id: 'asc' as const }];
  const [rows, counted] = await Promise.all([
    prisma.student.findMany({
      where,
      orderBy,
      ...pageArgs(query),
      select: { id: true, studentId: true, firstName: true, lastName: true, voucherBalance: true },
    }),
    // In the page's order: the LIMIT walks the index the page reads (Prisma orders by id otherwise).
    prisma.student.count({ where, orderBy, take }),
  ]);
  return {
    data: rows.map((s) => ({
      id: s.id,
      studentId: s.studentId,
      name: nameOf(s),
      balance: s.voucherBalance.toFixed(2),
    })),
    ...cappedTotal(counted, take),
    success: true as const,
  };
}

/** Unpaid term registrations, newest first: the (organisationId, paid, createdAt) index serves it. */
export async function unpaidTermRegisters(prisma: PrismaClient, auth: AuthContext, query: PageQuery) {
  const scope = locationScope(auth, query.locationId);
  const where = {
    organisationId: organisationOf(auth),
    paid: false,
    ...(scope === null ? {} : { student: locationWhere(scope) }),
  };
  const take = countTake(query);
  const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
  const [rows, counted] = await Promise.all([
    prisma.termRegister.findMany({
      where,
      orderBy,
      ...pageArgs(query),
      select: {
        id: true,
        price: true,
        createdAt: true,
        student: { select: { id: true, studentId: true, firstName: true, lastName: true } },
        course: { select: { name: true } },
        term: { select: { name: true, startDate: true, endDate: true } },
      },
    }),
    prisma.termRegister.count({ where, orderBy, take }),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      student: { id: r.student.id, studentId: r.student.studentId, name: nameOf(r.student) },
      course: r.course.name,
      termName: r.term.name,
      termStart: isoDate(r.term.startDate) ?? '',
      termEnd: isoDate(r.term.endDate) ?? '',
      price: r.price.toFixed(2),
      createdAt: r.createdAt.toISOString(),
    })),
    ...cappedTotal(counted, take),
    success: true as const,
  };
}
