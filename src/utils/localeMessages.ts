import { addLocale, getLocale, setLocale } from '@umijs/max';

/**
 * The messages of the languages that are not in the entry script (.umirc.ts stubs them out of Umi's
 * locale plugin): each its own chunk. en-US, the default and the fallback, stays in the entry script.
 */
const LAZY: Record<string, () => Promise<{ default: Record<string, string> }>> = {
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ '../locales/zh-CN'),
};

/** Adds the chosen language's messages when they are loaded lazily; resolves at once otherwise. */
export async function loadLocaleMessages(locale = getLocale()): Promise<void> {
  const load = LAZY[locale];
  if (!load) return;
  // Without its third argument addLocale keeps the antd and dayjs locales the plugin registered (theirs
  // are small and stay in the entry script); its type asks for them all the same.
  addLocale(locale, (await load()).default, undefined as unknown as Parameters<typeof addLocale>[2]);
}

/**
 * Switches the page's language without reloading it: the language's messages first (a lazy language's
 * keys would otherwise show as they are), then the switch. A failed load keeps the current language.
 */
export async function switchLocaleInPlace(locale: string): Promise<void> {
  if (locale === getLocale()) return;
  await loadLocaleMessages(locale);
  setLocale(locale, false);
}
