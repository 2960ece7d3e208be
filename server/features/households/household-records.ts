// What else belongs to a household when the desk merges or moves its people (issue 37, finding 4):
// every table with a householdId (prisma/schema.prisma: Student, Guardian, CardTopUp, ErasureRequest,
// FamilyLessonChange)
// and the messages and notices about it. A merge takes them all into the household kept; a move of one
// student leaves them where they are; an erasure request open or completed stops both.
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';

type Tx = Prisma.TransactionClient;

export const ERASURE_OPEN_MESSAGE =
  'This household has asked for its data to be erased: complete the request, or let the family withdraw it, before merging or moving its people';
export const ERASED_MESSAGE = "This household's data was erased: it cannot be merged, and its people cannot be moved";
export const RECORDS_LEFT_MESSAGE =
  'This household has card payments or an erasure request on record, which stay with it: merge it into the other household instead of moving its last student';

/**
 * 409 when a household involved has an open erasure request (completing it after the change would
 * erase another family's people, or miss one who left) or was erased (its records stay as they are).
 */
export async function assertPeopleMovable(tx: Tx, ids: readonly number[]) {
  const open = await tx.erasureRequest.count({ where: { householdId: { in: [...ids] }, status: 'REQUESTED' } });
  if (open) throw new AppError('conflict', ERASURE_OPEN_MESSAGE, { errorKey: 'erasureopen' });
  const erased = await tx.household.count({ where: { id: { in: [...ids] }, erasedAt: { not: null } } });
  if (erased) throw new AppError('conflict', ERASED_MESSAGE, { errorKey: 'householderased' });
}

/**
 * Before a household left without students is removed: 409 when it still holds card top-ups or
 * erasure requests. Those stay with the household they belong to (a payment is the paying household's,
 * whichever child it was for), so such a household is merged, not emptied.
 */
export async function assertNothingLeftBehind(tx: Tx, id: number) {
  const [topUps, requests] = await Promise.all([
    tx.cardTopUp.count({ where: { householdId: id } }),
    tx.erasureRequest.count({ where: { householdId: id } }),
  ]);
  if (topUps || requests) throw new AppError('conflict', RECORDS_LEFT_MESSAGE, { errorKey: 'householdrecords' });
}

/**
 * A merge: the card top-ups, (withdrawn) erasure requests, lesson changes not told yet, messages and
 * notices of household `from` go
 * to household `into`, as do its desk notes (after the kept household's) and, where `into` has none,
 * its calendar feed and its saved card with the auto top-up set on it. Then `from` is deleted. Reminders
 * and statements stay as `into` has them: the family's choices for the household it now is.
 */
export async function mergeHouseholdRecords(tx: Tx, organisationId: number, from: number, into: number) {
  const moved = { where: { householdId: from }, data: { householdId: into } };
  await tx.student.updateMany({ where: { householdId: from, organisationId }, data: { householdId: into } });
  await tx.guardian.updateMany({ where: { householdId: from, organisationId }, data: { householdId: into } });
  await tx.cardTopUp.updateMany(moved);
  await tx.erasureRequest.updateMany(moved);
  // Lesson changes not told yet go out with the kept household's digest (deleting `from` cascaded them away).
  await tx.familyLessonChange.updateMany(moved);
  const about = { where: { organisationId, entityType: 'HOUSEHOLD', entityId: from }, data: { entityId: into } };
  await tx.message.updateMany(about);
  await tx.notice.updateMany(about);
  const [old, kept] = await Promise.all([
    tx.household.findUniqueOrThrow({ where: { id: from } }),
    tx.household.findUniqueOrThrow({ where: { id: into } }),
  ]);
  await tx.household.delete({ where: { id: from } }); // first: its calendar token is unique
  const card =
    !kept.paymentMethodId && old.paymentMethodId
      ? {
          stripeCustomerId: old.stripeCustomerId,
          paymentMethodId: old.paymentMethodId,
          cardBrand: old.cardBrand,
          cardLast4: old.cardLast4,
          cardExpMonth: old.cardExpMonth,
          cardExpYear: old.cardExpYear,
          autoTopUp: old.autoTopUp,
          autoTopUpFloor: old.autoTopUpFloor,
          autoTopUpAmount: old.autoTopUpAmount,
          autoTopUpLessons: old.autoTopUpLessons,
          autoTopUpStoppedReason: old.autoTopUpStoppedReason,
          autoTopUpStoppedAt: old.autoTopUpStoppedAt,
        }
      : {};
  const comments = [kept.comments, old.comments].filter(Boolean).join('\n\n') || null;
  await tx.household.update({
    where: { id: into },
    data: { comments, calendarToken: kept.calendarToken ?? old.calendarToken, ...card },
  });
}
