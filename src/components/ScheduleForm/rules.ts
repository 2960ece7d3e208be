import {
  CLASS_TOO_LONG_MESSAGE,
  END_TIME_AFTER_START_MESSAGE,
  ONE_ON_ONE_MESSAGE,
  SCHEDULE_CONFLICT_MESSAGE,
  SCHEDULE_TIMES_MESSAGE,
} from '@/contracts/messages';
import { localizeRuleMessage } from '@/utils/formErrors';
import type { Translate } from '@/utils/requestError';

/** The schedule contract's rule texts and their locale ids. */
const SCHEDULE_RULES: [string, string][] = [
  [SCHEDULE_TIMES_MESSAGE, 'schedules.rule.scheduleTimes'],
  [END_TIME_AFTER_START_MESSAGE, 'schedules.rule.endAfterStart'],
  [CLASS_TOO_LONG_MESSAGE, 'schedules.rule.tooLong'],
  [ONE_ON_ONE_MESSAGE, 'schedules.rule.oneOnOne'],
  [SCHEDULE_CONFLICT_MESSAGE, 'schedules.conflict.intro'],
];

/** A server rule message in the reader's language (unknown texts stay as the server wrote them). */
export function scheduleRuleText(text: string, t: Translate): string {
  const known = SCHEDULE_RULES.find(([rule]) => rule === text);
  if (known) {
    const translated = t(known[1]);
    return translated && translated !== known[1] ? translated : text;
  }
  return localizeRuleMessage(text, t);
}
