import { isErrorReply, type Translate, toRequestFailure } from './requestError';

/** The locale ids of the pending, success and failure texts of every record write (src/locales/x/lists.ts). */
export const actionTextIds = {
  add: {
    pending: 'lists.message.add.pending',
    success: 'lists.message.add.success',
    failure: 'lists.message.add.failure',
  },
  update: {
    pending: 'lists.message.update.pending',
    success: 'lists.message.update.success',
    failure: 'lists.message.update.failure',
  },
  activate: {
    pending: 'lists.message.activate.pending',
    success: 'lists.message.activate.success',
    failure: 'lists.message.activate.failure',
  },
  deactivate: {
    pending: 'lists.message.deactivate.pending',
    success: 'lists.message.deactivate.success',
    failure: 'lists.message.deactivate.failure',
  },
  delete: {
    pending: 'lists.message.delete.pending',
    success: 'lists.message.delete.success',
    failure: 'lists.message.delete.failure',
  },
  send: {
    pending: 'lists.message.send.pending',
    success: 'lists.message.send.success',
    failure: 'lists.message.send.failure',
  },
} as const;
export type RecordAction = keyof typeof actionTextIds;

/**
 * What a failed write means for the user: the errors of fields the form shows (for form.setFields),
 * and one message. A refusal by a rule (a 4xx with our error body) shows the rule as the server
 * states it ("Teacher has planned classes…"), never "please try again": trying again would not
 * help. Only a lost connection or a server failure (5xx) says "Failed to …, please try again".
 */
export function describeActionFailure(
  error: unknown,
  action: RecordAction,
  formFields: readonly string[],
  t: Translate,
) {
  const failure = toRequestFailure(error);
  const reply = isErrorReply(failure.body) ? failure.body : undefined;
  const known = reply?.errorKey === 'userexists' ? 'login' : reply?.errorKey === 'emailexists' ? 'email' : undefined;
  const placed = (reply?.fieldErrors ?? []).filter((f) => formFields.includes(f.field));
  const fieldErrors = placed.map((f) => ({
    name: f.field,
    errors: [
      f.field !== known ? f.message : t(known === 'login' ? 'request.error.userexists' : 'request.error.emailexists'),
    ],
  }));
  const signedOut = failure.status === 401;
  const refused = reply && failure.status !== undefined && failure.status < 500;
  if (!refused || signedOut) return { signedOut, fieldErrors, content: t(actionTextIds[action].failure) };
  const unplaced = !reply.fieldErrors?.length || placed.length < reply.fieldErrors.length;
  return { signedOut, fieldErrors, content: unplaced ? reply.errorMessage : t('lists.message.checkFields') };
}
