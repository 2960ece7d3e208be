// A centre's tax rate: kept as a fraction ('0.13', up to 6 decimals), shown and typed as a percentage.

/** A tax rate as the server keeps it ('0.13') shown as a percentage ('13%'), exact (no float). */
export function taxPercent(rate: string): string {
  // The rate is below 1: its first two decimals are the whole percent, the rest its decimals.
  const fraction = (rate.split('.')[1] ?? '').padEnd(2, '0');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return `${Number(fraction.slice(0, 2))}${rest ? `.${rest}` : ''}%`;
}

/** A percentage typed by the user ('13', '13.5') as the server's rate ('0.13', '0.135'); undefined if not one. */
export function percentToRate(percent: string): string | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  const digits = `${whole.padStart(2, '0')}${fraction}`.replace(/0+$/, '');
  return digits ? `0.${digits}` : '0';
}
