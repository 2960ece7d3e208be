import type { z } from 'zod';
import { HAS_HOUSEHOLD, MERGE_ITSELF, type ZHouseholdBody } from '../../../src/contracts/households';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { recordHouseholdChanges } from './household-audit';
import { assertNothingLeftBehind, assertPeopleMovable, mergeHouseholdRecords } from './household-records';
import { householdsForChange } from './household-sites';
import { getHousehold } from './household-view';
import { closeGuardianSignIn } from './invitations';

export async function updateHousehold(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  input: z.output<typeof ZHouseholdBody>,
) {
  return prisma.$transaction(async (tx) => {
    const before = await householdsForChange(tx, auth, [id]);
    await tx.household.update({ where: { id }, data: input });
    await recordHouseholdChanges(tx, auth, before);
    return getHousehold(tx, auth, id);
  });
}

/**
 * Siblings: the students and guardians of household `otherId` move into household `id` with everything
 * else of it (household-records.ts), and the emptied household is removed, in one transaction.
 */
export async function mergeHouseholds(prisma: PrismaClient, auth: AuthContext, id: number, otherId: number) {
  if (id === otherId) throw fieldError('householdId', MERGE_ITSELF);
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    const before = await householdsForChange(tx, auth, [id, otherId]);
    await assertPeopleMovable(tx, [id, otherId]);
    await mergeHouseholdRecords(tx, organisationId, otherId, id);
    await recordHouseholdChanges(tx, auth, before);
    return getHousehold(tx, auth, id);
  });
}

/**
 * Moves one student into household `id`. What the household they leave holds stays with it (a card
 * top-up is the paying household's, whichever child it was for); that household is removed, with its
 * guardians' sign-ins ended, when no student is left, unless it holds such records (409: merge it).
 */
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
    const involved = left === null ? [id] : [id, left];
    const before = await householdsForChange(tx, auth, involved);
    await assertPeopleMovable(tx, involved);
    await tx.student.update({ where: { id: studentId }, data: { householdId: id } });
    if (left !== null && (await tx.student.count({ where: { householdId: left } })) === 0) {
      await assertNothingLeftBehind(tx, left);
      const guardians = await tx.guardian.findMany({
        where: { householdId: left },
        select: { id: true, userId: true },
      });
      for (const g of guardians) await closeGuardianSignIn(tx, g.id, g.userId);
      await tx.guardian.deleteMany({ where: { householdId: left } });
      await tx.household.delete({ where: { id: left } });
    }
    await recordHouseholdChanges(tx, auth, before);
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
    await recordHouseholdChanges(tx, auth, new Map([[household.id, null]]));
    return getHousehold(tx, auth, household.id);
  });
}
