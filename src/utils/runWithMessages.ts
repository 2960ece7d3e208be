import { getIntl } from '@umijs/max';
import type { FormInstance } from 'antd';
import { message } from 'antd';
import { showRequestError } from '@/requestErrorConfig';
import { actionTextIds, describeActionFailure, type RecordAction } from './recordActions';

const translate = (id: string, values?: Record<string, string | number>) => getIntl().formatMessage({ id }, values);

/**
 * Runs one write with the messages every list and form shows: the pending text while it runs, then
 * success, or the failure (field errors go onto the form's fields; a rule refusal shows the rule).
 * Resolves true when the write succeeded. Used by RecordListPage row actions and the record forms.
 */
export async function runWithMessages<Values>(
  action: RecordAction,
  write: () => Promise<unknown>,
  form?: { instance: FormInstance<Values>; fields: readonly string[] },
): Promise<boolean> {
  const texts = actionTextIds[action];
  const hide = message.loading(translate(texts.pending), 0);
  try {
    await write();
    hide();
    message.success(translate(texts.success));
    return true;
  } catch (error) {
    hide();
    const failure = describeActionFailure(error, action, form?.fields ?? [], translate);
    if (failure.signedOut) {
      showRequestError(error);
      return false;
    }
    // The names are fields of Values; antd's NamePath type cannot see that through the generic.
    if (form && failure.fieldErrors.length) {
      form.instance.setFields(failure.fieldErrors as Parameters<FormInstance<Values>['setFields']>[0]);
    }
    message.error(failure.content);
    return false;
  }
}
