import { recordAudit } from '../../audit/record-audit';
import type { AuditAction, Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { termLabel } from '../courses/list-terms';
import { syncFeedbackStatus } from '../feedback/feedback-status';
import { lockPayrollForClassChange } from '../payroll/payroll-lock';
import { syncPayrollAdjustments } from '../payroll/payroll-sync';
import { type ChargeReason, syncClassCharges } from '../vouchers/class-charges';
import { namedUser } from '../vouchers/voucher-view';
import { classSnapshot, type RevisionRow, revisionSelect } from './schedule-revisions';

type Tx = Prisma.TransactionClient;

/** The classes as they are now (the "before" of a change), with everything money is computed from. */
export function classesNow(tx: Tx, ids: readonly number[]): Promise<RevisionRow[]> {
  return tx.schedule.findMany({ where: { id: { in: [...ids] } }, select: revisionSelect, orderBy: { id: 'asc' } });
}

/**
 * Locks a class's row for the rest of the transaction, so two confirmations (or a confirmation and an
 * edit) of one class run one after the other and the second sees what the first wrote.
 */
export async function lockClass(tx: Tx, id: number, organisationId: number) {
  await tx.$queryRaw`SELECT "id" FROM "Schedule" WHERE "id" = ${id} AND "organisationId" = ${organisationId} FOR NO KEY UPDATE`;
}

const unique = (values: number[]) => [...new Set(values)];
const personName = (p: { firstName: string; lastName: string; studentId: string }) =>
  `${p.firstName} ${p.lastName} (${p.studentId})`;

/**
 * A class as its audit events show it: the revision's values with names instead of ids (course,
 * teacher, term, who confirmed, each student), read in one query per kind for every class at once.
 */
async function auditSnapshots(tx: Tx, rows: readonly RevisionRow[]) {
  // Prisma sends a query even for an empty id list: none is asked for (a class without a term, room...).
  const some = <T>(ids: number[], read: (ids: number[]) => Promise<T[]>) =>
    ids.length ? read(unique(ids)) : Promise.resolve<T[]>([]);
  const idsOf = (pick: (row: RevisionRow) => number | null | undefined) =>
    rows.flatMap((row) => {
      const id = pick(row);
      return id ? [id] : [];
    });
  const [courses, teachers, terms, students, users, locations, rooms] = await Promise.all([
    some(
      idsOf((r) => r.courseId),
      (ids) => tx.course.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    ),
    some(
      idsOf((r) => r.teacherId),
      (ids) =>
        tx.teacher.findMany({
          where: { id: { in: ids } },
          select: { id: true, user: { select: { id: true, firstName: true, lastName: true, login: true } } },
        }),
    ),
    some(
      idsOf((r) => r.termId),
      (ids) =>
        tx.term.findMany({
          where: { id: { in: ids } },
          select: { id: true, name: true, startDate: true, endDate: true },
        }),
    ),
    some(
      rows.flatMap((r) => r.students.map((st) => st.studentId)),
      (ids) =>
        tx.student.findMany({
          where: { id: { in: ids } },
          select: { id: true, firstName: true, lastName: true, studentId: true },
        }),
    ),
    some(
      idsOf((r) => r.confirmedById),
      (ids) =>
        tx.user.findMany({
          where: { id: { in: ids } },
          select: { id: true, firstName: true, lastName: true, login: true },
        }),
    ),
    some(
      idsOf((r) => r.locationId),
      (ids) => tx.location.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    ),
    some(
      idsOf((r) => r.roomId),
      (ids) => tx.room.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    ),
  ]);
  const name = <T extends { id: number }>(list: T[], id: number | null, show: (row: T) => string) => {
    const row = id === null ? undefined : list.find((item) => item.id === id);
    return row ? show(row) : id;
  };
  return (row: RevisionRow) => {
    const {
      courseId,
      teacherId,
      termId,
      confirmedById,
      locationId,
      roomId,
      students: lines,
      ...rest
    } = classSnapshot(row);
    return {
      ...rest,
      course: name(courses, courseId, (c) => c.name),
      teacher: name(teachers, teacherId, (t) => namedUser(t.user).name),
      term: name(terms, termId, termLabel),
      location: name(locations, locationId, (l) => l.name),
      room: name(rooms, roomId, (r) => r.name),
      confirmedBy: name(users, confirmedById, (u) => namedUser(u).name),
      students: lines.map((st) => ({
        student: name(students, st.studentId, personName),
        attendance: st.attendance,
        hourlyRate: st.hourlyRate,
      })),
    };
  };
}

type Snapshot = Awaited<ReturnType<typeof auditSnapshots>> extends (row: RevisionRow) => infer S ? S : never;
type StudentLine = Snapshot['students'][number];

/**
 * The students of a changed class as its audit event keeps them: only those whose line changed, each
 * with its name and only the values that changed (a student added or removed keeps the whole line),
 * so confirming a class of twelve where one was absent reads as that one student, not two lists.
 */
export function changedStudentLines(before: readonly StudentLine[], after: readonly StudentLine[]) {
  const key = (line: StudentLine) => String(line.student);
  const was = new Map(before.map((line) => [key(line), line]));
  const now = new Map(after.map((line) => [key(line), line]));
  const b: Partial<StudentLine>[] = [];
  const a: Partial<StudentLine>[] = [];
  for (const name of new Set([...was.keys(), ...now.keys()])) {
    const from = was.get(name);
    const to = now.get(name);
    if (!from || !to) {
      if (from) b.push(from);
      if (to) a.push(to);
      continue;
    }
    const fields = (Object.keys(to) as (keyof StudentLine)[]).filter(
      (field) => field !== 'student' && JSON.stringify(from[field]) !== JSON.stringify(to[field]),
    );
    if (!fields.length) continue;
    b.push(Object.fromEntries([['student', from.student], ...fields.map((f) => [f, from[f]])]));
    a.push(Object.fromEntries([['student', to.student], ...fields.map((f) => [f, to[f]])]));
  }
  return { before: b, after: a };
}

/**
 * What every change to classes does last, in its transaction: the audit event of each class (values
 * before and after), the voucher charges brought in line with the classes (reversal and new charge
 * where the amount due moved) and the payroll adjustments of classes of a closed pay period (refused
 * for a non-admin: the whole change rolls back).
 */
export async function afterClassChange(
  tx: Tx,
  auth: AuthContext,
  change: {
    action: AuditAction;
    before: readonly RevisionRow[];
    ids?: readonly number[];
    reason: ChargeReason;
    /** False: "Notify the teacher" was unticked, so the class-change notices skip these events. */
    notifyTeacher?: boolean;
    /**
     * The classes were just created PLANNED with their students (POST /api/schedules): they have no
     * ledger entries, pay nothing and need no feedback yet, so the charge, payroll and feedback syncs
     * would read them and change nothing (11 round trips of the transaction, issue 24). The payroll
     * lock is still taken: no class appears in a month while it is being closed.
     */
    newPlannedClasses?: boolean;
  },
) {
  const ids = [...new Set([...(change.ids ?? []), ...change.before.map((row) => row.id)])];
  if (!ids.length) return;
  const after = await classesNow(tx, ids);
  const byId = new Map(change.before.map((row) => [row.id, row]));
  const snapshot = await auditSnapshots(tx, [...change.before, ...after]);
  await recordAudit(
    tx,
    auth,
    after.map((row) => {
      const was = byId.get(row.id);
      const after = snapshot(row);
      const before = was ? snapshot(was) : null;
      const students = before ? changedStudentLines(before.students, after.students) : null;
      return {
        entity: 'SCHEDULE' as const,
        entityId: row.id,
        action: was ? change.action : 'CREATE',
        before: before && students ? { ...before, students: students.before } : null,
        after: students ? { ...after, students: students.after } : after,
        notifyTeacher: change.notifyTeacher,
      };
    }),
  );
  if (change.newPlannedClasses) {
    await lockPayrollForClassChange(tx, organisationOf(auth));
    return;
  }
  await syncClassCharges(tx, auth.userId, ids, change.reason);
  await syncPayrollAdjustments(tx, auth, ids);
  await syncFeedbackStatus(tx, ids);
}
