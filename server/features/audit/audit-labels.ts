import type { TAuditEntity } from '../../../src/contracts/audit';
import type { PrismaClient } from '../../generated/prisma/client';
import { isoDate } from '../../http/list';
import { wallClockIn } from '../courses/zoned-dates';

type Label = { id: number; label: string };
const userName = { firstName: true, lastName: true, login: true } as const;
const fullName = (u: { firstName: string | null; lastName: string | null; login: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.login;
const studentName = (s: { firstName: string; lastName: string; studentId: string }) =>
  `${s.firstName} ${s.lastName} (${s.studentId})`;
const studentNameSelect = { select: { firstName: true, lastName: true, studentId: true } } as const;

/** The labels of the given records of one kind, within the centre. */
async function labelsOf(
  prisma: PrismaClient,
  organisationId: number,
  timeZone: string,
  kind: TAuditEntity,
  ids: number[],
): Promise<Label[]> {
  const where = { id: { in: ids }, organisationId };
  switch (kind) {
    case 'STUDENT': {
      const rows = await prisma.student.findMany({
        where,
        select: { id: true, firstName: true, lastName: true, studentId: true },
      });
      return rows.map((s) => ({ id: s.id, label: studentName(s) }));
    }
    case 'TEACHER': {
      const rows = await prisma.teacher.findMany({ where, select: { id: true, user: { select: userName } } });
      return rows.map((t) => ({ id: t.id, label: fullName(t.user) }));
    }
    case 'USER': {
      const rows = await prisma.user.findMany({ where, select: { id: true, ...userName } });
      return rows.map((u) => ({ id: u.id, label: fullName(u) }));
    }
    case 'COURSE': {
      const rows = await prisma.course.findMany({ where, select: { id: true, name: true } });
      return rows.map((c) => ({ id: c.id, label: c.name }));
    }
    case 'TERM_REGISTER': {
      const rows = await prisma.termRegister.findMany({
        where,
        select: { id: true, course: { select: { name: true } }, student: studentNameSelect },
      });
      return rows.map((r) => ({ id: r.id, label: `${studentName(r.student)} · ${r.course.name}` }));
    }
    case 'SCHEDULE': {
      const rows = await prisma.schedule.findMany({
        where,
        select: { id: true, startAt: true, course: { select: { name: true } } },
      });
      const local = (at: Date) => wallClockIn(at, timeZone).toISOString().slice(0, 16).replace('T', ' ');
      return rows.map((s) => ({ id: s.id, label: `${s.course.name} · ${local(s.startAt)}` }));
    }
    case 'VOUCHER_PURCHASE': {
      const rows = await prisma.voucherPurchase.findMany({ where, select: { id: true, student: studentNameSelect } });
      return rows.map((p) => ({ id: p.id, label: studentName(p.student) }));
    }
    case 'ORGANISATION': {
      const rows = await prisma.organisation.findMany({
        where: { id: organisationId },
        select: { id: true, name: true },
      });
      return rows.map((o) => ({ id: o.id, label: o.name }));
    }
    case 'CLOSURE': {
      const rows = await prisma.closure.findMany({
        where,
        select: { id: true, name: true, startDate: true, endDate: true },
      });
      return rows.map((c) => ({ id: c.id, label: `${c.name} (${isoDate(c.startDate)} – ${isoDate(c.endDate)})` }));
    }
    case 'PAYROLL_PERIOD': {
      const rows = await prisma.payrollPeriod.findMany({ where, select: { id: true, startDate: true, endDate: true } });
      return rows.map((p) => ({ id: p.id, label: `${isoDate(p.startDate)} – ${isoDate(p.endDate)}` }));
    }
    case 'HOUSEHOLD': {
      const rows = await prisma.household.findMany({ where, select: { id: true, name: true } });
      return rows.map((h) => ({ id: h.id, label: h.name }));
    }
  }
}

/**
 * How each record of a page of events reads now ("Ada Li (S-001)", "Algebra · 2026-11-23 16:00"), in
 * one query per kind of record on the page, all within the caller's centre. A record gone since (a
 * deleted course) has no label.
 */
export async function auditLabels(
  prisma: PrismaClient,
  organisationId: number,
  timeZone: string,
  refs: readonly { entityType: TAuditEntity; entityId: number }[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const kind of new Set(refs.map((r) => r.entityType))) {
    const ids = [...new Set(refs.filter((r) => r.entityType === kind).map((r) => r.entityId))];
    for (const row of await labelsOf(prisma, organisationId, timeZone, kind, ids)) {
      labels.set(`${kind}:${row.id}`, row.label);
    }
  }
  return labels;
}
