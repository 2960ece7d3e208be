import type { z } from 'zod';
import type { dashboardEndpoints } from '../../../src/contracts/dashboard';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate, pageArgs } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
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
  const where = lowBalanceWhere(organisationId, lowBalanceThreshold);
  const [rows, total] = await Promise.all([
    prisma.student.findMany({
      where,
      orderBy: [{ voucherBalance: 'asc' }, { id: 'asc' }],
      ...pageArgs(query),
      select: { id: true, studentId: true, firstName: true, lastName: true, voucherBalance: true },
    }),
    prisma.student.count({ where }),
  ]);
  return {
    data: rows.map((s) => ({
      id: s.id,
      studentId: s.studentId,
      name: nameOf(s),
      balance: s.voucherBalance.toFixed(2),
    })),
    total,
    success: true as const,
  };
}

/** Unpaid term registrations, newest first: the (organisationId, paid, createdAt) index serves it. */
export async function unpaidTermRegisters(prisma: PrismaClient, auth: AuthContext, query: PageQuery) {
  const where = { organisationId: organisationOf(auth), paid: false };
  const [rows, total] = await Promise.all([
    prisma.termRegister.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
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
    prisma.termRegister.count({ where }),
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
    total,
    success: true as const,
  };
}
