// The recipients of a bulk email: active staff, teachers and students of the chosen groups, narrowed
// by course, teacher, term and low balance. Students are reached only when they allow email and have
// an address; a person reached twice (a teacher who is also staff, a shared family address) once.
import type { z } from 'zod';
import type { TAudienceCount, TRecipient, ZAudience } from '../../../src/contracts/email';
import type { Prisma } from '../../generated/prisma/client';
import { hasStaffRole } from '../staff/staff-view';
import { lowBalanceWhere } from '../vouchers/low-balance-rule';

export type Audience = z.output<typeof ZAudience>;
type Db = Prisma.TransactionClient;

/** A recipient with the names its placeholders use. */
export type AudienceMember = TRecipient & { firstName: string; lastName: string };

export interface ResolvedAudience {
  recipients: AudienceMember[];
  byGroup: TAudienceCount['byGroup'];
  leftOut: TAudienceCount['leftOut'];
}

const nameOf = (p: { firstName: string | null; lastName: string | null }, fallback: string) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || fallback;

function studentWhere(organisationId: number, a: Audience, threshold: Prisma.Decimal): Prisma.StudentWhereInput {
  const and: Prisma.StudentWhereInput[] = [];
  if (a.courseId) {
    and.push({
      OR: [
        { termRegisters: { some: { courseId: a.courseId } } },
        { schedules: { some: { schedule: { courseId: a.courseId } } } },
      ],
    });
  }
  if (a.teacherId) {
    const teacherId = a.teacherId;
    and.push({
      OR: [
        { termRegisters: { some: { OR: [{ teacherId }, { term: { teacherId } }] } } },
        { schedules: { some: { schedule: { teacherId } } } },
      ],
    });
  }
  if (a.termId) {
    and.push({
      OR: [
        { termRegisters: { some: { termId: a.termId } } },
        { schedules: { some: { schedule: { termId: a.termId } } } },
      ],
    });
  }
  if (a.lowBalance) and.push(lowBalanceWhere(organisationId, threshold));
  return { organisationId, active: true, AND: and };
}

function teacherWhere(organisationId: number, a: Audience): Prisma.TeacherWhereInput {
  const and: Prisma.TeacherWhereInput[] = [];
  if (a.courseId) {
    const courseId = a.courseId;
    and.push({
      OR: [
        { courses: { some: { id: courseId } } },
        { terms: { some: { courseId } } },
        { schedules: { some: { courseId } } },
      ],
    });
  }
  if (a.teacherId) and.push({ id: a.teacherId });
  if (a.termId) {
    const termId = a.termId;
    and.push({
      OR: [
        { terms: { some: { id: termId } } },
        { termRegisters: { some: { termId } } },
        { schedules: { some: { termId } } },
      ],
    });
  }
  return { organisationId, deletedAt: null, user: { activated: true }, AND: and };
}

/**
 * `sites`: a site-limited operator's locations (issue 23): the students among the recipients are those
 * enrolled there only; null: every student of the centre.
 */
export async function resolveAudience(
  db: Db,
  organisationId: number,
  audience: Audience,
  sites: number[] | null = null,
): Promise<ResolvedAudience> {
  const groups = new Set(audience.groups);
  const { lowBalanceThreshold } = await db.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { lowBalanceThreshold: true },
  });
  const byName = [{ lastName: 'asc' as const }, { firstName: 'asc' as const }, { id: 'asc' as const }];
  const [staff, teachers, students] = await Promise.all([
    groups.has('STAFF')
      ? db.user.findMany({
          // Role lists as the staff feature matches them (PGlite's adapter cannot bind hasSome's enum array).
          where: { organisationId, activated: true, ...hasStaffRole() },
          orderBy: byName,
          select: { id: true, firstName: true, lastName: true, login: true, email: true },
        })
      : [],
    groups.has('TEACHERS')
      ? db.teacher.findMany({
          where: teacherWhere(organisationId, audience),
          orderBy: [{ user: { lastName: 'asc' } }, { user: { firstName: 'asc' } }, { id: 'asc' }],
          select: { id: true, user: { select: { firstName: true, lastName: true, login: true, email: true } } },
        })
      : [],
    groups.has('STUDENTS')
      ? db.student.findMany({
          where: {
            ...studentWhere(organisationId, audience, lowBalanceThreshold),
            ...(sites ? { locationId: { in: sites } } : {}),
          },
          orderBy: byName,
          select: { id: true, firstName: true, lastName: true, email: true, allowEmail: true },
        })
      : [],
  ]);

  const leftOut = { noAddress: 0, optedOut: 0, duplicate: 0 };
  const byGroup = { STAFF: 0, TEACHERS: 0, STUDENTS: 0 };
  const seen = new Set<string>();
  const recipients: AudienceMember[] = [];
  const add = (group: keyof typeof byGroup, recipient: AudienceMember) => {
    const address = recipient.email.trim().toLowerCase();
    if (seen.has(address)) {
      leftOut.duplicate += 1;
      return;
    }
    seen.add(address);
    byGroup[group] += 1;
    recipients.push({ ...recipient, email: recipient.email.trim() });
  };
  const names = (p: { firstName: string | null; lastName: string | null }) => ({
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
  });
  for (const u of staff) {
    add('STAFF', { kind: 'staff', id: u.id, name: nameOf(u, u.login), email: u.email, ...names(u) });
  }
  for (const { id, user } of teachers) {
    add('TEACHERS', { kind: 'teacher', id, name: nameOf(user, user.login), email: user.email, ...names(user) });
  }
  for (const s of students) {
    if (!s.allowEmail) leftOut.optedOut += 1;
    else if (!s.email?.trim()) leftOut.noAddress += 1;
    else add('STUDENTS', { kind: 'student', id: s.id, name: nameOf(s, ''), email: s.email, ...names(s) });
  }
  return { recipients, byGroup, leftOut };
}
