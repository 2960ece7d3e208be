/**
 * Choices of the register form: the centre's time zone (IANA) and currency (ISO 4217). The server
 * accepts any zone and code its runtime knows (src/contracts/account.ts); the form offers the
 * browser's list of zones and the currencies tutoring centres commonly use.
 */
export const DEFAULT_TIME_ZONE = 'America/Toronto';
export const DEFAULT_CURRENCY = 'CAD';
export const COMMON_CURRENCIES = [
  'CAD',
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'NZD',
  'CNY',
  'HKD',
  'TWD',
  'JPY',
  'KRW',
  'SGD',
  'MYR',
  'INR',
  'PHP',
  'THB',
  'VND',
  'AED',
  'CHF',
  'MXN',
  'BRL',
] as const;

export interface Option {
  value: string;
  label: string;
}

/** The zone to preselect: the browser's own when the list has it, else the product default. */
export function defaultTimeZone(zones: readonly string[], browserZone: string | undefined): string {
  if (browserZone && zones.includes(browserZone)) return browserZone;
  if (browserZone === 'Etc/UTC' || browserZone === 'UTC') return 'UTC';
  return DEFAULT_TIME_ZONE;
}

/** "America/Toronto (GMT-05:00)": the id keeps the search by city; the offset helps to choose. */
export function timeZoneOptions(zones: readonly string[], now = new Date()): Option[] {
  return zones.map((zone) => {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
    return { value: zone, label: offset ? `${zone} (${offset})` : zone };
  });
}

/** "CAD — Canadian Dollar", named in the reader's language ("CAD — 加拿大元"). */
export function currencyOptions(locale: string, codes: readonly string[] = COMMON_CURRENCIES): Option[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'currency' });
  } catch {
    names = undefined;
  }
  return codes.map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code };
  });
}

/** The runtime's zones, with UTC, which the server also accepts. */
export function supportedTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}
