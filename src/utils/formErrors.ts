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
  for (const { field, message } of body.fieldErrors ?? []) if (field !== known) add(field, message);
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
