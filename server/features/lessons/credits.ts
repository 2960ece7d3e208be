// Make-up credits (issue 22): each credit's state lives on its row (status, usedScheduleId) as the
// cache of its append-only entries, both written here and only here, under the credit row's lock
// (SELECT ... FOR NO KEY UPDATE), so two bookings can never use one credit and an expired one is never used.
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import type { Canceller } from './policy';

type Tx = Prisma.TransactionClient;
type Kind = 'GRANTED' | 'USED' | 'RETURNED' | 'EXPIRED' | 'REVOKED';
type Status = 'AVAILABLE' | 'USED' | 'EXPIRED' | 'REVOKED';

interface LockedCredit {
  id: number;
  organisationId: number;
  studentId: number;
  courseId: number;
  status: Status;
  expiresAt: Date;
  usedScheduleId: number | null;
}

async function lockCredit(tx: Tx, creditId: number): Promise<LockedCredit | undefined> {
  const rows = await tx.$queryRaw<LockedCredit[]>`
    SELECT "id", "organisationId", "studentId", "courseId", "status"::text AS "status", "expiresAt", "usedScheduleId"
    FROM "MakeUpCredit" WHERE "id" = ${creditId} FOR NO KEY UPDATE`;
  return rows[0];
}

async function appendEntry(
  tx: Tx,
  creditId: number,
  kind: Kind,
  scheduleId: number | null,
  userId: number | null,
  note?: string,
) {
  const last = await tx.makeUpCreditEntry.findFirst({
    where: { creditId },
    orderBy: { seq: 'desc' },
    select: { seq: true },
  });
  await tx.makeUpCreditEntry.create({
    data: { creditId, seq: (last?.seq ?? 0) + 1, kind, scheduleId, createdById: userId, note },
  });
}

export interface GrantInput {
  organisationId: number;
  studentId: number;
  courseId: number;
  /** The cancelled lesson that earns it. */
  earnedScheduleId: number;
  cancelledBy: Canceller;
  late: boolean;
  /** Family credits count against this quota period; null for centre and teacher cancellations. */
  quotaPeriod: string | null;
  expiresAt: Date;
  userId: number | null;
}

/**
 * Grants the credit a cancelled lesson earns, at most once per (lesson, student): granting again
 * returns the credit as it is, unless it was revoked (a cancellation undone, then made again), when it
 * becomes available again with the new terms' expiry.
 */
export async function grantCredit(tx: Tx, input: GrantInput): Promise<{ id: number; granted: boolean }> {
  const existing = await tx.makeUpCredit.findUnique({
    where: { earnedScheduleId_studentId: { earnedScheduleId: input.earnedScheduleId, studentId: input.studentId } },
    select: { id: true },
  });
  if (existing) {
    const locked = await lockCredit(tx, existing.id);
    if (locked?.status !== 'REVOKED') return { id: existing.id, granted: false };
    await tx.makeUpCredit.update({
      where: { id: existing.id },
      data: {
        status: 'AVAILABLE',
        cancelledBy: input.cancelledBy,
        late: input.late,
        quotaPeriod: input.quotaPeriod,
        expiresAt: input.expiresAt,
        grantedAt: new Date(),
      },
    });
    await appendEntry(tx, existing.id, 'GRANTED', input.earnedScheduleId, input.userId);
    return { id: existing.id, granted: true };
  }
  const credit = await tx.makeUpCredit.create({
    data: {
      organisationId: input.organisationId,
      studentId: input.studentId,
      courseId: input.courseId,
      earnedScheduleId: input.earnedScheduleId,
      cancelledBy: input.cancelledBy,
      late: input.late,
      quotaPeriod: input.quotaPeriod,
      expiresAt: input.expiresAt,
    },
    select: { id: true },
  });
  await appendEntry(tx, credit.id, 'GRANTED', input.earnedScheduleId, input.userId);
  return { id: credit.id, granted: true };
}

/**
 * Uses an AVAILABLE, unexpired credit of the student for the make-up lesson `scheduleId`: 409 when it
 * was used, expired or revoked meanwhile (the caller's transaction then writes nothing).
 */
export async function useCredit(
  tx: Tx,
  {
    creditId,
    studentId,
    scheduleId,
    userId,
    now = new Date(),
  }: {
    creditId: number;
    studentId: number;
    scheduleId: number;
    userId: number | null;
    now?: Date;
  },
) {
  const credit = await lockCredit(tx, creditId);
  if (!credit || credit.studentId !== studentId)
    throw new AppError('validation', "Choose one of the student's make-up credits", {
      fieldErrors: [{ field: 'creditId', message: "Choose one of the student's make-up credits" }],
    });
  if (credit.status !== 'AVAILABLE') throw new AppError('conflict', 'This make-up credit was used or has expired');
  if (credit.expiresAt.getTime() <= now.getTime())
    throw new AppError('conflict', 'This make-up credit was used or has expired');
  await tx.makeUpCredit.update({ where: { id: creditId }, data: { status: 'USED', usedScheduleId: scheduleId } });
  await appendEntry(tx, creditId, 'USED', scheduleId, userId);
  return credit;
}

/** Gives a used credit back (its make-up was cancelled in time or by the centre); no-op otherwise. */
export async function returnCredit(
  tx: Tx,
  { creditId, userId, now = new Date() }: { creditId: number; userId: number | null; now?: Date },
) {
  const credit = await lockCredit(tx, creditId);
  if (credit?.status !== 'USED') return false;
  const scheduleId = credit.usedScheduleId;
  await tx.makeUpCredit.update({ where: { id: creditId }, data: { status: 'AVAILABLE', usedScheduleId: null } });
  await appendEntry(tx, creditId, 'RETURNED', scheduleId, userId);
  if (credit.expiresAt.getTime() <= now.getTime()) await expireLocked(tx, creditId, userId);
  return true;
}

/** Revokes an AVAILABLE credit (the cancellation that earned it was undone); a used one stays used. */
export async function revokeCredit(
  tx: Tx,
  { creditId, userId, note }: { creditId: number; userId: number | null; note?: string },
) {
  const credit = await lockCredit(tx, creditId);
  if (credit?.status !== 'AVAILABLE') return false;
  await tx.makeUpCredit.update({ where: { id: creditId }, data: { status: 'REVOKED' } });
  await appendEntry(tx, creditId, 'REVOKED', null, userId, note);
  return true;
}

async function expireLocked(tx: Tx, creditId: number, userId: number | null) {
  await tx.makeUpCredit.update({ where: { id: creditId }, data: { status: 'EXPIRED' } });
  await appendEntry(tx, creditId, 'EXPIRED', null, userId);
}

/**
 * Posts EXPIRED for every AVAILABLE credit whose expiry has passed (the scheduled job), each once: the
 * row is locked and its status read again, so a concurrent booking either used it first or finds it
 * expired. Returns how many were expired.
 */
export async function expireCredits(
  db: { $transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> } & Tx,
  now = new Date(),
  batch = 500,
): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await db.makeUpCredit.findMany({
      where: { status: 'AVAILABLE', expiresAt: { lte: now } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: batch,
    });
    if (!due.length) return total;
    total += await db.$transaction(async (tx) => {
      let expired = 0;
      for (const { id } of due) {
        const credit = await lockCredit(tx, id);
        if (credit?.status !== 'AVAILABLE' || credit.expiresAt.getTime() > now.getTime()) continue;
        await expireLocked(tx, id, null);
        expired++;
      }
      return expired;
    });
    if (due.length < batch) return total;
  }
}

/** Family credits the student earned in a quota period and still holds or used (not revoked). */
export function familyCreditsInPeriod(tx: Tx, studentId: number, quotaPeriod: string) {
  return tx.makeUpCredit.count({
    where: { studentId, quotaPeriod, cancelledBy: 'FAMILY', status: { not: 'REVOKED' } },
  });
}
