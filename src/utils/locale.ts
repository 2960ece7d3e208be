/** Languages written right to left (spec section 9). */
const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'];

/** True when `locale` (e.g. 'ar-EG', 'he') is written right to left. */
export function isRtl(locale: string | undefined): boolean {
  const language = (locale ?? '').toLowerCase();
  return RTL_LANGUAGES.some((rtl) => language.startsWith(rtl));
}
