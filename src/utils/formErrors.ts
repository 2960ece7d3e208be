import {
  ALREADY_REGISTERED_MESSAGE,
  AMOUNT_MAX_MESSAGE,
  COLOUR_MESSAGE,
  COURSE_NUMBER_TAKEN_MESSAGE,
  DATE_MESSAGE,
  DATE_RANGE_MESSAGE,
  EMAIL_MESSAGE,
  END_AFTER_START_MESSAGE,
  LOGIN_MIN,
  MONEY_MESSAGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MESSAGE,
  RATE_MAX_MESSAGE,
  REFERRER_REQUIRED,
  SIN_MESSAGE,
  STUDENT_ID_EXISTS,
  STUDENT_PRICE_MAX_MESSAGE,
} from '../contracts/messages';
import { errorText, isErrorReply, type Translate } from './requestError';

export interface FormFieldError<Name extends string = string> {
  name: Name;
  errors: string[];
}

/** The form field each well-known error concerns (DECISIONS.md "API shape"). */
const fieldOfKnownError = (reply: { errorKey?: string; title?: string }): string | undefined => {
  if (reply.errorKey === 'userexists') return 'login';
  if (reply.errorKey === 'emailexists') return 'email';
  if (reply.title === 'Incorrect password') return 'currentPassword';
  return undefined;
};

/** The contracts' rule texts (the same on client and server) and their locale ids in forms.ts. */
const RULE_TEXTS: [string, string][] = [
  [EMAIL_MESSAGE, 'forms.rule.email'],
  [PHONE_MESSAGE, 'forms.rule.phone'],
  [MONEY_MESSAGE, 'forms.rule.money'],
  [RATE_MAX_MESSAGE, 'forms.rule.rateMax'],
  [AMOUNT_MAX_MESSAGE, 'forms.rule.amountMax'],
  [STUDENT_PRICE_MAX_MESSAGE, 'forms.rule.studentPriceMax'],
  [DATE_MESSAGE, 'forms.rule.date'],
  [DATE_RANGE_MESSAGE, 'forms.rule.dateRange'],
  [END_AFTER_START_MESSAGE, 'forms.rule.endAfterStart'],
  [SIN_MESSAGE, 'forms.rule.sin'],
  [COLOUR_MESSAGE, 'forms.rule.colour'],
  [REFERRER_REQUIRED, 'forms.rule.referrer'],
  [STUDENT_ID_EXISTS, 'forms.rule.studentIdTaken'],
  [COURSE_NUMBER_TAKEN_MESSAGE, 'forms.rule.courseNumberTaken'],
  [ALREADY_REGISTERED_MESSAGE, 'forms.rule.alreadyRegistered'],
  [`Login must be at least ${LOGIN_MIN} characters`, 'forms.rule.loginMin'],
  ['Login must be at most 50 characters', 'forms.rule.loginMax'],
  ['Login may contain only letters, digits and . _ @ -', 'forms.rule.loginChars'],
  [`Password must be at least ${PASSWORD_MIN} characters`, 'forms.rule.passwordMin'],
  [`Password must be at most ${PASSWORD_MAX} characters`, 'forms.rule.passwordMax'],
];
const RULE_PATTERNS: [RegExp, string][] = [[/^(?:.+ must be )?[Aa]t most (\d+) characters$/, 'forms.rule.max']];

/**
 * A rule's message in the reader's language: the contracts' known texts have a locale id; any other
 * text (or one the locale files lack) stays as the server wrote it.
 */
export function localizeRuleMessage(message: string, t: Translate): string {
  const translated = (id: string, values?: Record<string, string | number>) => {
    const text = t(id, values);
    return text && text !== id ? text : message;
  };
  const known = RULE_TEXTS.find(([text]) => text === message);
  if (known) return translated(known[1]);
  for (const [pattern, id] of RULE_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translated(id, { max: match[1] });
  }
  return message;
}

/**
 * What an error reply says about single form fields, ready for antd's `form.setFields`: the
 * server's `fieldErrors`, and the seed's texts for a duplicate login or email and a wrong current
 * password. Only errors of the form's own `fields` count; empty when the error is about none of
 * them (the caller then shows it the standard way).
 */
export function formFieldErrors<Name extends string>(
  body: unknown,
  t: Translate,
  fields: readonly Name[],
): FormFieldError<Name>[] {
  if (!isErrorReply(body)) return [];
  const byField = new Map<Name, string[]>();
  const add = (name: string, error: string) => {
    const field = fields.find((candidate) => candidate === name);
    if (field) byField.set(field, [...(byField.get(field) ?? []), error]);
  };
  const known = fieldOfKnownError(body);
  if (known) add(known, errorText(body, t));
  // On the field of a well-known error our (translated) seed text replaces the server's.
  for (const { field, message } of body.fieldErrors ?? [])
    if (field !== known) add(field, localizeRuleMessage(message, t));
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
