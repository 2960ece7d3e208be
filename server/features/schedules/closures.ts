// Closures: days a centre is closed, with a name. New weekly series skip them (series-expansion.ts);
// adding or changing one answers the PLANNED classes already on its days, which the operator cancels
// in one step (batch cancel, with whom to tell) or moves.
import type { z } from 'zod';
import type { TClosure, TClosureClass, ZClosureBody, ZClosureListQuery } from '../../../src/contracts/closures';
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate, pageArgs, toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { centreTimeZone } from './list-schedules';
import { addDays, atLocal } from './series-expansion';

type Db = Prisma.TransactionClient | PrismaClient;
type Body = z.output<typeof ZClosureBody>;
type Row = { id: number; name: string; startDate: Date; endDate: Date };

/** The instants [from, to) of local days startDate..endDate in `zone`. */
const span = (row: Pick<Row, 'startDate' | 'endDate'>, zone: string) => ({
  gte: atLocal(isoDate(row.startDate) as string, '00:00', zone),
  lt: atLocal(addDays(isoDate(row.endDate) as string, 1), '00:00', zone),
});

const classSelect = {
  id: true,
  startAt: true,
  endAt: true,
  course: { select: { name: true } },
  teacher: { select: { user: { select: { firstName: true, lastName: true, login: true } } } },
  students: { select: { student: { select: { firstName: true, lastName: true } } } },
} as const satisfies Prisma.ScheduleSelect;

/** The PLANNED classes on the closure's days, in time order. */
export async function classesOnClosure(db: Db, organisationId: number, row: Row): Promise<TClosureClass[]> {
  const zone = await centreTimeZone(db, organisationId);
  const rows = await db.schedule.findMany({
    where: { organisationId, status: 'PLANNED', startAt: span(row, zone) },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: classSelect,
  });
  return rows.map((r) => ({
    id: r.id,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    course: r.course.name,
    teacher: [r.teacher.user.firstName, r.teacher.user.lastName].filter(Boolean).join(' ') || r.teacher.user.login,
    students: r.students.map((s) => `${s.student.firstName} ${s.student.lastName}`),
  }));
}

const toClosure = (row: Row, classCount: number): TClosure => ({
  id: row.id,
  name: row.name,
  startDate: isoDate(row.startDate) as string,
  endDate: isoDate(row.endDate) as string,
  classCount,
});

/** The centre's closures as local date ranges, for a series being expanded. */
export async function closedRanges(db: Db, organisationId: number) {
  const rows = await db.closure.findMany({ where: { organisationId }, select: { startDate: true, endDate: true } });
  return rows.map((r) => ({ startDate: isoDate(r.startDate) as string, endDate: isoDate(r.endDate) as string }));
}

export async function listClosures(prisma: PrismaClient, auth: AuthContext, query: z.output<typeof ZClosureListQuery>) {
  const organisationId = organisationOf(auth);
  const zone = await centreTimeZone(prisma, organisationId);
  const direction = query.sortOrder === 'ascend' ? ('asc' as const) : ('desc' as const);
  const [rows, total] = await Promise.all([
    prisma.closure.findMany({
      where: { organisationId },
      orderBy: [{ startDate: direction }, { id: direction }],
      ...pageArgs(query),
    }),
    prisma.closure.count({ where: { organisationId } }),
  ]);
  const counts = await Promise.all(
    rows.map((row) =>
      prisma.schedule.count({ where: { organisationId, status: 'PLANNED', startAt: span(row, zone) } }),
    ),
  );
  return { data: rows.map((row, i) => toClosure(row, counts[i])), total, success: true as const };
}

async function ownClosure(db: Db, organisationId: number, id: number) {
  const row = await db.closure.findFirst({ where: { id, organisationId } });
  if (!row) throw notFound('Closure', id);
  return row;
}

/** A closure as its audit events keep it: its name and local days. */
const audited = (row: Row) => ({ name: row.name, startDate: isoDate(row.startDate), endDate: isoDate(row.endDate) });

/** Adds (no id) or changes a closure, audited; answers it with the planned classes on its days. */
export async function saveClosure(prisma: PrismaClient, auth: AuthContext, body: Body, id?: number) {
  const organisationId = organisationOf(auth);
  const data = {
    name: body.name,
    startDate: toDbDate(body.startDate) as Date,
    endDate: toDbDate(body.endDate) as Date,
  };
  const row = await prisma.$transaction(async (tx) => {
    const before = id === undefined ? null : await ownClosure(tx, organisationId, id);
    const saved = before
      ? await tx.closure.update({ where: { id: before.id }, data })
      : await tx.closure.create({ data: { organisationId, ...data } });
    await recordAudit(tx, auth, [
      {
        entity: 'CLOSURE',
        entityId: saved.id,
        action: before ? 'UPDATE' : 'CREATE',
        before: before && audited(before),
        after: audited(saved),
      },
    ]);
    return saved;
  });
  const classes = await classesOnClosure(prisma, organisationId, row);
  return { closure: toClosure(row, classes.length), classes };
}

export async function deleteClosure(prisma: PrismaClient, auth: AuthContext, id: number): Promise<undefined> {
  const organisationId = organisationOf(auth);
  await prisma.$transaction(async (tx) => {
    const row = await ownClosure(tx, organisationId, id);
    await tx.closure.delete({ where: { id } });
    await recordAudit(tx, auth, [
      { entity: 'CLOSURE', entityId: id, action: 'DELETE', before: audited(row), after: null },
    ]);
  });
  return undefined;
}

export async function closureClasses(prisma: PrismaClient, auth: AuthContext, id: number) {
  const organisationId = organisationOf(auth);
  return classesOnClosure(prisma, organisationId, await ownClosure(prisma, organisationId, id));
}
