import type { TDeactivateStudentsReply } from '../../../src/contracts/students';
import { recordAudit } from '../../audit/record-audit';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { runtimeText } from '../../i18n/text';
import { studentSiteWhere } from '../locations/sites';
import { releaseStudentsFromPlannedSchedules } from './release-students-from-planned-schedules';
import { studentSelect, toStudent } from './student-view';

const ALREADY_INACTIVE = 'Already inactive';

export async function activateStudent(prisma: PrismaClient, auth: AuthContext, id: number) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const found = await tx.$queryRaw<{ active: boolean }[]>`
      SELECT "active" FROM "Student" WHERE "id" = ${id} AND "organisationId" = ${organisationId} FOR NO KEY UPDATE`;
    if (!found.length) throw notFound('Student', id);
    if (!found[0].active) {
      await tx.student.update({ where: { id }, data: { active: true } });
      await recordAudit(tx, auth, [activeChange(id, false, true)]);
    }
    return toStudent(await tx.student.findUniqueOrThrow({ where: { id }, select: studentSelect }));
  });
}

const activeChange = (id: number, was: boolean, now: boolean) => ({
  entity: 'STUDENT' as const,
  entityId: id,
  action: 'UPDATE' as const,
  before: { active: was },
  after: { active: now },
});

/**
 * Deactivates the given students of the caller's centre in one transaction and says, per id, why a
 * student was left as is (another centre's or unknown id, already inactive, held by schedules).
 */
export async function deactivateStudents(
  prisma: PrismaClient,
  auth: AuthContext,
  ids: number[],
): Promise<TDeactivateStudentsReply> {
  const organisationId = organisationOf(auth);
  const unique = [...new Set(ids)];
  return prisma.$transaction(async (tx) => {
    const found = await tx.student.findMany({
      // Another site's student is "not found" for a site-limited operator (issue 23).
      where: { id: { in: unique }, organisationId, ...studentSiteWhere(auth) },
      select: { id: true, active: true },
    });
    const byId = new Map(found.map((s) => [s.id, s]));
    const notDeactivated: TDeactivateStudentsReply['notDeactivated'] = [];
    const candidates: number[] = [];
    for (const id of unique) {
      const student = byId.get(id);
      if (!student) notDeactivated.push({ id, reason: 'Not found in this centre' });
      else if (!student.active) notDeactivated.push({ id, reason: ALREADY_INACTIVE });
      else candidates.push(id);
    }
    const { held, released } = await releaseStudentsFromPlannedSchedules(tx, candidates);
    const heldIds = new Set(held.map((h) => h.id));
    const deactivated = candidates.filter((id) => !heldIds.has(id));
    if (deactivated.length) {
      await tx.student.updateMany({ where: { id: { in: deactivated }, organisationId }, data: { active: false } });
      await recordAudit(
        tx,
        auth,
        deactivated.map((id) => activeChange(id, true, false)),
      );
    }
    return { deactivated, notDeactivated: [...notDeactivated, ...held], released };
  });
}

/** One student: 404 for an unknown or foreign id; deactivating an inactive student changes nothing. */
export async function deactivateStudent(prisma: PrismaClient, auth: AuthContext, id: number) {
  const organisationId = organisationOf(auth);
  if (!(await prisma.student.count({ where: { id, organisationId } }))) throw notFound('Student', id);
  const { notDeactivated } = await deactivateStudents(prisma, auth, [id]);
  const held = notDeactivated.find((n) => n.reason !== ALREADY_INACTIVE);
  if (held) throw new AppError('conflict', runtimeText(held.reason));
  return toStudent(await prisma.student.findUniqueOrThrow({ where: { id }, select: studentSelect }));
}
