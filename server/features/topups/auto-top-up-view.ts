import type { TAutoTopUp } from '../../../src/contracts/topups';
import type { Household } from '../../generated/prisma/client';

/** What the family sees of its auto top-up: the choice, the saved card, why it stopped. */
export function autoTopUpView(
  household: Pick<
    Household,
    | 'autoTopUp'
    | 'autoTopUpFloor'
    | 'autoTopUpAmount'
    | 'autoTopUpLessons'
    | 'paymentMethodId'
    | 'cardBrand'
    | 'cardLast4'
    | 'cardExpMonth'
    | 'cardExpYear'
    | 'autoTopUpStoppedReason'
    | 'autoTopUpStoppedAt'
  >,
): TAutoTopUp {
  return {
    enabled: household.autoTopUp,
    floor: household.autoTopUpFloor?.toFixed(2) ?? null,
    amount: household.autoTopUpAmount?.toFixed(2) ?? null,
    lessons: household.autoTopUpLessons,
    card:
      household.paymentMethodId && household.cardBrand && household.cardLast4
        ? {
            brand: household.cardBrand,
            last4: household.cardLast4,
            expMonth: household.cardExpMonth ?? 0,
            expYear: household.cardExpYear ?? 0,
          }
        : null,
    stoppedReason: household.autoTopUpStoppedReason,
    stoppedAt: household.autoTopUpStoppedAt?.toISOString() ?? null,
  };
}
