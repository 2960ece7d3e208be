import type { z } from 'zod';
import { HAS_HOUSEHOLD, MERGE_ITSELF, type ZHouseholdBody } from '../../../src/contracts/households';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { getHousehold } from './household-view';

/** Locks the caller's centre's households `ids` (in id order, so two merges cannot deadlock), or 404. */
async function lockHouseholds(tx: Prisma.TransactionClient, organisationId: number, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const found = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "Household" WHERE id = ANY(${sorted}::int[]) AND "organisationId" = ${organisationId}
     ORDER BY id FOR NO KEY UPDATE`;
  const missing = sorted.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw notFound('Household', missing);
}

export async function updateHousehold(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  input: z.output<typeof ZHouseholdBody>,
) {
  const { count } = await prisma.household.updateMany({
    where: { id, organisationId: organisationOf(auth) },
    data: input,
  });
  if (!count) throw notFound('Household', id);
  return getHousehold(prisma, auth, id);
}

/**
 * Siblings: the students and guardians of household `otherId` move into household `id`, and the
 * emptied household is removed, in one transaction.
 */
export async function mergeHouseholds(prisma: PrismaClient, auth: AuthContext, id: number, otherId: number) {
  if (id === otherId) throw fieldError('householdId', MERGE_ITSELF);
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    await lockHouseholds(tx, organisationId, [id, otherId]);
    await tx.student.updateMany({ where: { householdId: otherId, organisationId }, data: { householdId: id } });
    await tx.guardian.updateMany({ where: { householdId: otherId, organisationId }, data: { householdId: id } });
    await tx.household.delete({ where: { id: otherId } });
    return getHousehold(tx, auth, id);
  });
}

/** Moves one student into household `id`; the household they leave is removed when no student is left. */
export async function moveStudent(prisma: PrismaClient, auth: AuthContext, id: number, studentId: number) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const student = await tx.student.findFirst({
      where: { id: studentId, organisationId },
      select: { householdId: true },
    });
    if (!student) throw notFound('Student', studentId);
    const left = student.householdId;
    if (left === id) throw fieldError('studentId', 'This student is already in this household');
    await lockHouseholds(tx, organisationId, left === null ? [id] : [id, left]);
    await tx.student.update({ where: { id: studentId }, data: { householdId: id } });
    if (left !== null && (await tx.student.count({ where: { householdId: left } })) === 0) {
      await tx.guardian.deleteMany({ where: { householdId: left } });
      await tx.household.delete({ where: { id: left } });
    }
    return getHousehold(tx, auth, id);
  });
}

/**
 * A household for a student who has none (one added after the households migration), named by their
 * family name, with their contact details as guardians by the migration's rule: the address, phone and
 * WeChat with their opt-ins, and a separate feedback address as a second guardian.
 */
export async function createHouseholdForStudent(prisma: PrismaClient, auth: AuthContext, studentId: number) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM "Student" WHERE id = ${studentId} AND "organisationId" = ${organisationId} FOR NO KEY UPDATE`;
    if (!locked.length) throw notFound('Student', studentId);
    const s = await tx.student.findUniqueOrThrow({ where: { id: studentId } });
    if (s.householdId !== null) throw fieldError('studentId', HAS_HOUSEHOLD, { code: 'conflict' });
    const household = await tx.household.create({ data: { organisationId, name: s.lastName } });
    await tx.student.update({ where: { id: studentId }, data: { householdId: household.id } });
    const sameAddress = !s.feedbackEmail || s.feedbackEmail.toLowerCase() === s.email?.toLowerCase();
    const guardians = [
      ...(s.email || s.phone || s.wechat
        ? [
            {
              email: s.email,
              phone: s.phone,
              wechat: s.wechat,
              allowEmail: s.allowEmail,
              allowSms: s.allowSms,
              smsConsentAt: s.allowSms ? new Date() : null,
              smsConsentSource: s.allowSms ? 'student record' : null,
              receivesFeedback: s.feedbackNotification && sameAddress,
            },
          ]
        : []),
      ...(s.feedbackEmail && !sameAddress
        ? [{ email: s.feedbackEmail, receivesFeedback: s.feedbackNotification }]
        : []),
    ];
    for (const guardian of guardians)
      await tx.guardian.create({ data: { ...guardian, organisationId, householdId: household.id } });
    return getHousehold(tx, auth, household.id);
  });
}
