// Money as people read it: never a negative zero. "-" put before a zero amount, an amount that rounds
// to zero ((-0.004).toFixed(2) is "-0.00") and Intl's -0 ("-CA$0.00") all showed one: every amount the
// server writes (API strings, PDFs, emails, exports) goes through these.

type Amount = { toFixed(digits: number): string } | number | string;

/** A 2-decimal string, "0.00" for any zero (also -0 and amounts that round to zero). */
export function fixed2(amount: Amount): string {
  const text = typeof amount === 'string' ? Number(amount).toFixed(2) : amount.toFixed(2);
  return /^-0\.00$/.test(text) ? '0.00' : text;
}

/** The amount taken off (a credit applied, a refund): "-12.50", but "0.00" for nothing. */
export function negated(amount: Amount): string {
  const text = fixed2(amount);
  if (text === '0.00') return text;
  return text.startsWith('-') ? text.slice(1) : `-${text}`;
}

/** A number for a typed spreadsheet cell: -0 becomes 0. */
export function moneyNumber(amount: Amount): number {
  return Number(fixed2(amount)) + 0;
}

/** "CA$1,200.00" in `locale`; "1200.00 XYZ" for a currency Intl does not know. */
export function moneyText(amount: Amount, currency: string, locale = 'en-US'): string {
  const value = moneyNumber(amount);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${fixed2(amount)} ${currency}`;
  }
}
