// Stripe's documented test cards (https://docs.stripe.com/testing) and what each does: whether the
// hosted page may save it, and how an off-session charge on it ends.

export type Brand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export interface TestCard {
  number: string;
  /** Refused when saved on the hosted page (a SetupIntent), as Checkout refuses it. */
  refusedOnSetup?: CardDecline;
  /** How a charge on it fails; success when absent. */
  chargeDecline?: CardDecline;
  /** Charges needing the cardholder: off-session they fail, on-session they wait for 3-D Secure. */
  requiresAuthentication?: boolean;
}

const GENERIC: CardDecline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const INSUFFICIENT: CardDecline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const EXPIRED: CardDecline = { code: 'expired_card', message: 'Your card has expired.', param: 'exp_month' };
const INCORRECT_CVC: CardDecline = {
  code: 'incorrect_cvc',
  message: "Your card's security code is incorrect.",
  param: 'cvc',
};
export const AUTHENTICATION_REQUIRED: CardDecline = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
export const NON_TEST_CARD: CardDecline = {
  code: 'card_declined',
  decline_code: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

const cards: TestCard[] = [
  { number: '4242424242424242' },
  { number: '4000056655665556' },
  { number: '5555555555554444' },
  { number: '2223003122003222' },
  { number: '5200828282828210' },
  { number: '378282246310005' },
  { number: '371449635398431' },
  { number: '4000000000000002', refusedOnSetup: GENERIC, chargeDecline: GENERIC },
  { number: '4000000000009995', refusedOnSetup: INSUFFICIENT, chargeDecline: INSUFFICIENT },
  { number: '4000000000000069', refusedOnSetup: EXPIRED, chargeDecline: EXPIRED },
  { number: '4000000000000127', refusedOnSetup: INCORRECT_CVC, chargeDecline: INCORRECT_CVC },
  // Saving succeeds, every charge is declined: Stripe's card for "the saved card stopped working".
  { number: '4000000000000341', chargeDecline: GENERIC },
  { number: '4000002500003155', requiresAuthentication: true },
  { number: '4000002760003184', requiresAuthentication: true },
];

export const testCard = (number: string) => cards.find((card) => card.number === number);

/** Stripe's test PaymentMethod ids (`pm_card_visa` …): each use mints a new PaymentMethod of that card. */
export const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
};

export function brandOf(number: string): Brand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** Checkout's own field checks, with its wording; null when the entry is well formed. */
export function cardEntryError(number: string, expiry: string, cvc: string, today = new Date()): string | null {
  if (number === '') return 'Your card number is incomplete.';
  if (!/^\d+$/.test(number) || !luhnValid(number)) return 'Your card number is invalid.';
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
  if (!match) return "Your card's expiration date is incomplete.";
  const [month, year] = [Number(match[1]), 2000 + Number(match[2])];
  if (month < 1 || month > 12) return "Your card's expiration date is invalid.";
  const thisYear = today.getUTCFullYear();
  if (year < thisYear) return "Your card's expiration year is in the past.";
  if (year === thisYear && month < today.getUTCMonth() + 1) return "Your card's expiration date is in the past.";
  const cvcLength = brandOf(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) return "Your card's security code is incomplete.";
  return null;
}
