import type { z } from 'zod';
import {
  ALREADY_REGISTERED_MESSAGE,
  COURSE_NOT_TERMS_MESSAGE,
  type ZSetPaidBody,
  type ZTermRegisterBody,
} from '../../../src/contracts/term-registers';
import { recordAudit } from '../../audit/record-audit';
import { termRegisterSnapshot } from '../../audit/snapshots';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { isoDate, toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { todayIn } from '../billing/invoice-view';
import { assertTeachersUsable, studentOfCentre, termOfCentre } from './references';
import { termRegisterSelect, toTermRegister } from './term-register-view';
import { refuseDuplicate } from './unique-refusal';

// (termId, studentId) is unique: a student registers once per term.
const alreadyRegistered = refuseDuplicate(
  ['termId', 'studentId'],
  'studentId',
  ALREADY_REGISTERED_MESSAGE,
  'alreadyregistered',
);

type TermRegisterBody = z.output<typeof ZTermRegisterBody>;
type SetPaidBody = z.output<typeof ZSetPaidBody>;
type Tx = Prisma.TransactionClient;

const registerAudit = (row: Parameters<typeof toTermRegister>[0]) => termRegisterSnapshot(toTermRegister(row));

/** The register under its row lock (so the audit's "before" is what the change replaced), or 404. */
async function lockedRegister(tx: Tx, organisationId: number, id: number) {
  await tx.$queryRaw`SELECT "id" FROM "TermRegister" WHERE "id" = ${id} AND "organisationId" = ${organisationId} FOR NO KEY UPDATE`;
  const row = await tx.termRegister.findFirst({
    where: { id, organisationId },
    select: { ...termRegisterSelect, teacherId: true },
  });
  if (!row) throw notFound('Term register', id);
  return row;
}

export async function getTermRegister(prisma: PrismaClient, auth: AuthContext, id: number) {
  const register = await prisma.termRegister.findFirst({
    where: { id, organisationId: organisationOf(auth) },
    select: termRegisterSelect,
  });
  if (!register) throw notFound('Term register', id);
  return toTermRegister(register);
}

/** The centre's today, 'YYYY-MM-DD' in its zone. */
async function centreToday(tx: Tx, organisationId: number) {
  const { timeZone } = await tx.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { timeZone: true },
  });
  return todayIn(timeZone);
}

type PaidState = { paid: boolean; paidOn: Date | null; paidMethod: TermRegisterBody['paymentType'] | null };

/**
 * Paid: on `paidOn` and by `paidMethod` when given, else as already recorded, else the centre's today and
 * the payment type (as the Paid switch records them); unpaid: neither.
 */
async function paidData(tx: Tx, organisationId: number, body: TermRegisterBody, current?: PaidState) {
  if (!body.paid) return { paid: false, paidOn: null, paidMethod: null };
  const was = current?.paid ? current : undefined;
  const paidOn = body.paidOn ?? (was?.paidOn ? isoDate(was.paidOn) : await centreToday(tx, organisationId));
  return { paid: true, paidOn: toDbDate(paidOn), paidMethod: body.paidMethod ?? was?.paidMethod ?? body.paymentType };
}

/** Checks every reference against the centre; course and teacher default to the term's. */
async function registerData(
  tx: Prisma.TransactionClient,
  organisationId: number,
  body: TermRegisterBody,
  current?: PaidState & { teacherId: number | null },
) {
  const currentTeacherId = current?.teacherId ?? null;
  const term = await termOfCentre(tx, organisationId, body.termId);
  await studentOfCentre(tx, organisationId, body.studentId);
  const courseId = body.courseId ?? term.courseId;
  if (courseId !== term.courseId) throw fieldError('courseId', COURSE_NOT_TERMS_MESSAGE);
  const teacherId = body.teacherId === undefined ? term.teacherId : body.teacherId;
  if (teacherId !== null) {
    const known = [term.teacherId, currentTeacherId].filter((id): id is number => id !== null);
    await assertTeachersUsable(tx, organisationId, [teacherId], 'teacherId', known);
  }
  return {
    paymentType: body.paymentType,
    price: body.price,
    termId: term.id,
    studentId: body.studentId,
    courseId,
    teacherId,
    comments: body.comments,
    ...(await paidData(tx, organisationId, body, current)),
  };
}

export async function createTermRegister(prisma: PrismaClient, auth: AuthContext, body: TermRegisterBody) {
  const organisationId = organisationOf(auth);
  const register = await prisma
    .$transaction(async (tx) => {
      const created = await tx.termRegister.create({
        data: { ...(await registerData(tx, organisationId, body)), organisationId },
        select: termRegisterSelect,
      });
      await recordAudit(tx, auth, [
        {
          entity: 'TERM_REGISTER',
          entityId: created.id,
          action: 'CREATE',
          before: null,
          after: registerAudit(created),
        },
      ]);
      return created;
    })
    .catch(alreadyRegistered);
  return toTermRegister(register);
}

export async function updateTermRegister(prisma: PrismaClient, auth: AuthContext, id: number, body: TermRegisterBody) {
  const organisationId = organisationOf(auth);
  const register = await prisma
    .$transaction(async (tx) => {
      const current = await lockedRegister(tx, organisationId, id);
      const data = await registerData(tx, organisationId, body, current);
      const updated = await tx.termRegister.update({ where: { id }, data, select: termRegisterSelect });
      await recordAudit(tx, auth, [
        {
          entity: 'TERM_REGISTER',
          entityId: id,
          action: 'UPDATE',
          before: registerAudit(current),
          after: registerAudit(updated),
        },
      ]);
      return updated;
    })
    .catch(alreadyRegistered);
  return toTermRegister(register);
}

/** Paid: on `paidOn` (default the centre's today) by `paidMethod` (default the payment type); unpaid clears both. */
export async function setTermRegisterPaid(prisma: PrismaClient, auth: AuthContext, id: number, body: SetPaidBody) {
  const organisationId = organisationOf(auth);
  await prisma.$transaction(async (tx) => {
    const current = await lockedRegister(tx, organisationId, id);
    const after = body.paid
      ? {
          paid: true,
          paidOn:
            body.paidOn ??
            (current.paid && current.paidOn ? isoDate(current.paidOn) : await centreToday(tx, organisationId)),
          paidMethod: body.paidMethod ?? current.paidMethod ?? current.paymentType,
        }
      : { paid: false, paidOn: null, paidMethod: null };
    const before = { paid: current.paid, paidOn: isoDate(current.paidOn), paidMethod: current.paidMethod };
    if (before.paid === after.paid && before.paidOn === after.paidOn && before.paidMethod === after.paidMethod) return;
    await tx.termRegister.update({
      where: { id },
      data: { paid: after.paid, paidOn: toDbDate(after.paidOn), paidMethod: after.paidMethod },
    });
    await recordAudit(tx, auth, [{ entity: 'TERM_REGISTER', entityId: id, action: 'UPDATE', before, after }]);
  });
  return getTermRegister(prisma, auth, id);
}

export async function deleteTermRegister(prisma: PrismaClient, auth: AuthContext, id: number): Promise<undefined> {
  const organisationId = organisationOf(auth);
  await prisma.$transaction(async (tx) => {
    const current = await lockedRegister(tx, organisationId, id);
    await tx.termRegister.delete({ where: { id } });
    await recordAudit(tx, auth, [
      { entity: 'TERM_REGISTER', entityId: id, action: 'DELETE', before: registerAudit(current), after: null },
    ]);
  });
  return undefined;
}
