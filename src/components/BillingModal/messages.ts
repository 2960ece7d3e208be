import { getIntl } from '@umijs/max';
import { type FormInstance, message } from 'antd';
import { showRequestError } from '@/requestErrorConfig';
import type { Translate } from '@/utils/requestError';
import { describeBillingFailure, type FormFields } from './failure';

export type { FormFields } from './failure';

const translate: Translate = (id, values) => getIntl().formatMessage({ id }, values);

/**
 * Runs a billing write: on failure the field errors go on `form`'s fields and the message shows
 * (see describeBillingFailure). Resolves true when the write succeeded.
 */
export async function runBillingWrite<Values>(
  write: () => Promise<unknown>,
  failedId: string,
  form?: { instance: FormInstance<Values>; fields: FormFields },
): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    const failure = describeBillingFailure(error, failedId, form?.fields ?? [], translate);
    if (failure.signedOut) {
      showRequestError(error);
      return false;
    }
    if (form && failure.fieldErrors.length)
      form.instance.setFields(failure.fieldErrors as Parameters<FormInstance<Values>['setFields']>[0]);
    message.error(failure.content);
    return false;
  }
}
