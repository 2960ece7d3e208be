import type { FormInstance } from 'antd';
import { formFieldErrors } from '@/utils/formErrors';
import type { Translate } from '@/utils/requestError';

/** Puts an error reply's field errors (duplicates included) on the form's fields, translated. */
export function placeFieldErrors<Values>(
  form: FormInstance<Values>,
  body: unknown,
  fields: readonly string[],
  t: Translate,
): void {
  const errors = formFieldErrors(body, t, fields);
  // The names are fields of Values; antd's NamePath type cannot see that through the generic.
  if (errors.length) form.setFields(errors as Parameters<FormInstance<Values>['setFields']>[0]);
}
