import { getLocale } from '@umijs/max';
import type { TAccount } from '@/contracts/account';
import { switchLocaleInPlace } from './localeMessages';

/**
 * One language per person (issue 37, finding 8). Once a person has chosen a language (portal Settings,
 * /profile or the header switch while signed in), signing in on any device shows the screens in it;
 * until then the device's own choice stays. A failed load of the language keeps the current one.
 */
export async function followChosenLanguage(user: Pick<TAccount, 'langKey' | 'languageChosen'>): Promise<void> {
  if (!user.languageChosen || user.langKey === getLocale()) return;
  await switchLocaleInPlace(user.langKey).catch(() => undefined);
  document.documentElement.lang = getLocale();
}
