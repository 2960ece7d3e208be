/**
 * A time zone in words (issue 19: "Times in America/Toronto" read as a code): the city of its IANA
 * name, its generic name in the reader's language ("Eastern Time", "北美东部时间") and its current
 * offset ("−05:00"), for "Times in Toronto time (UTC−05:00)".
 */
export function zoneWords(zone: string, locale: string, at = new Date()) {
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  const part = (timeZoneName: 'longGeneric' | 'longOffset') => {
    try {
      const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName }).formatToParts(at);
      return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    } catch {
      return '';
    }
  };
  // "GMT-05:00" (or "GMT" at UTC itself), written with a real minus sign.
  const offset = part('longOffset').replace(/^GMT/, '').replace('-', '−') || '+00:00';
  return { city, generic: part('longGeneric') || city, offset };
}
