import type { FormInstance } from 'antd';
import { message } from 'antd';
import { showRequestError } from '@/requestErrorConfig';
import { actionTexts, describeActionFailure, type RecordAction } from './recordActions';

/**
 * Runs one write with its messages: the pending text while it runs, then success, or the failure
 * text (field errors go onto the form's fields). Resolves true when the write succeeded.
 */
export async function runWithMessages<Values>(
  action: RecordAction,
  write: () => Promise<unknown>,
  form?: { instance: FormInstance<Values>; fields: readonly string[] },
): Promise<boolean> {
  const hide = message.loading(actionTexts[action].pending, 0);
  try {
    await write();
    hide();
    message.success(actionTexts[action].success);
    return true;
  } catch (error) {
    hide();
    const failure = describeActionFailure(error, action, form?.fields);
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
