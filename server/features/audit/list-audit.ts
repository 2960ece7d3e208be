import type { z } from 'zod';
import type { TAuditEntity, TAuditEvent, TAuditListQuery, ZAuditHistoryQuery } from '../../../src/contracts/audit';
import { hasRight, type Right } from '../../../src/contracts/permissions';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { pageArgs } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { endOfDayIn, startOfDayIn } from '../courses/zoned-dates';
import { householdSiteWhere } from '../households/household-sites';
import { classesAtSites, studentsAtSites } from '../locations/site-checks';
import { sitesOf, studentSiteWhere } from '../locations/sites';
import { auditLabels } from './audit-labels';

const eventSelect = {
  id: true,
  at: true,
  entityType: true,
  entityId: true,
  action: true,
  before: true,
  after: true,
  actor: { select: { id: true, firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.AuditEventSelect;

// Newest first: the order of the (centre, at, id) index, read backwards.
const newestFirst: Prisma.AuditEventOrderByWithRelationInput[] = [{ at: 'desc' }, { id: 'desc' }];

async function page(
  prisma: PrismaClient,
  organisationId: number,
  where: Prisma.AuditEventWhereInput,
  query: { current: number; pageSize: number },
): Promise<{ data: TAuditEvent[]; total: number; success: true }> {
  const [rows, total, centre] = await prisma.$transaction([
    prisma.auditEvent.findMany({ where, orderBy: newestFirst, ...pageArgs(query), select: eventSelect }),
    prisma.auditEvent.count({ where }),
    prisma.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { timeZone: true } }),
  ]);
  const labels = await auditLabels(prisma, organisationId, centre.timeZone, rows);
  return {
    data: rows.map(({ actor, before, after, ...row }) => ({
      ...row,
      at: row.at.toISOString(),
      actor: actor
        ? { id: actor.id, name: [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.login }
        : null,
      label: labels.get(`${row.entityType}:${row.entityId}`) ?? null,
      before: before as TAuditEvent['before'],
      after: after as TAuditEvent['after'],
    })),
    total,
    success: true,
  };
}

/** GET /api/audit: the centre's events, filtered, newest first. */
export async function listAudit(prisma: PrismaClient, auth: AuthContext, query: TAuditListQuery) {
  const organisationId = organisationOf(auth);
  let at: Prisma.DateTimeFilter | undefined;
  if (query.from || query.to) {
    const { timeZone } = await prisma.organisation.findUniqueOrThrow({
      where: { id: organisationId },
      select: { timeZone: true },
    });
    at = {
      ...(query.from ? { gte: startOfDayIn(query.from, timeZone) } : {}),
      ...(query.to ? { lt: endOfDayIn(query.to, timeZone) } : {}),
    };
  }
  const where: Prisma.AuditEventWhereInput = {
    organisationId,
    entityType: query.entityType,
    entityId: query.entityId,
    actorId: query.actorId,
    action: query.action,
    at,
  };
  return page(prisma, organisationId, where, query);
}

/** The right that edits each kind of record: its history is theirs to read. */
const historyRights: Record<TAuditEntity, readonly Right[]> = {
  STUDENT: ['records:manage'],
  TEACHER: ['records:manage'],
  COURSE: ['records:manage'],
  TERM_REGISTER: ['records:manage'],
  USER: ['staff:changeRole', 'users:read'],
  SCHEDULE: ['schedules:manage'],
  VOUCHER_PURCHASE: ['vouchers:manage'],
  ORGANISATION: ['settings:manage'],
  PAYROLL_PERIOD: ['payroll:close'],
  CLOSURE: ['schedules:manage'],
  HOUSEHOLD: ['records:manage'],
};

/** How many records of the kind have this id in the centre (0 or 1). */
function countInCentre(prisma: PrismaClient, organisationId: number, entity: TAuditEntity, id: number) {
  const where = { id, organisationId };
  switch (entity) {
    case 'STUDENT':
      return prisma.student.count({ where });
    case 'TEACHER':
      return prisma.teacher.count({ where });
    case 'COURSE':
      return prisma.course.count({ where });
    case 'TERM_REGISTER':
      return prisma.termRegister.count({ where });
    case 'USER':
      return prisma.user.count({ where });
    case 'SCHEDULE':
      return prisma.schedule.count({ where });
    case 'VOUCHER_PURCHASE':
      return prisma.voucherPurchase.count({ where });
    case 'ORGANISATION':
      return Promise.resolve(id === organisationId ? 1 : 0);
    case 'PAYROLL_PERIOD':
      return prisma.payrollPeriod.count({ where });
    case 'CLOSURE':
      return prisma.closure.count({ where });
    case 'HOUSEHOLD':
      return prisma.household.count({ where });
  }
}

/** Whether the record is one of the centre's (a deleted one counts when the centre has its events). */
async function recordOfCentre(prisma: PrismaClient, organisationId: number, entity: TAuditEntity, id: number) {
  if ((await countInCentre(prisma, organisationId, entity, id)) > 0) return true;
  return (await prisma.auditEvent.count({ where: { organisationId, entityType: entity, entityId: id } })) > 0;
}

/**
 * Whether a site-limited operator may read the record's history: a student, class, household, term
 * registration or purchase of their sites only (issue 23), as the record itself. Other kinds: yes.
 */
async function recordAtSites(prisma: PrismaClient, auth: AuthContext, entity: TAuditEntity, id: number) {
  if (!sitesOf(auth)) return true;
  const student = studentSiteWhere(auth);
  switch (entity) {
    case 'STUDENT':
      return (await studentsAtSites(prisma, auth, [id])).size > 0;
    case 'SCHEDULE':
      return (await classesAtSites(prisma, auth, [id])).size > 0;
    case 'HOUSEHOLD':
      return (await prisma.household.count({ where: { id, ...householdSiteWhere(auth) } })) > 0;
    case 'TERM_REGISTER':
      return (await prisma.termRegister.count({ where: { id, student } })) > 0;
    case 'VOUCHER_PURCHASE':
      return (await prisma.voucherPurchase.count({ where: { id, student } })) > 0;
    default:
      return true;
  }
}

/** GET /api/audit/:entity/:id: one record's history, for whoever may edit that kind of record. */
export async function recordHistory(
  prisma: PrismaClient,
  auth: AuthContext,
  entity: TAuditEntity,
  id: number,
  query: z.output<typeof ZAuditHistoryQuery>,
) {
  const organisationId = organisationOf(auth);
  if (!historyRights[entity].some((right) => hasRight(auth.authorities, right))) {
    throw new AppError('forbidden', 'You do not have the right to see this history');
  }
  if (!(await recordOfCentre(prisma, organisationId, entity, id)) || !(await recordAtSites(prisma, auth, entity, id)))
    throw notFound('Record', id);
  return page(prisma, organisationId, { organisationId, entityType: entity, entityId: id }, query);
}
