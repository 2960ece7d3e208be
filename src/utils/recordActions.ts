import { isErrorReply, toRequestFailure } from './requestError';

/** The pending, success and failure texts of every record list's actions (spec section 4). */
export const actionTexts = {
  add: { pending: 'Adding...', success: 'Added successfully', failure: 'Failed to add, please try again' },
  update: { pending: 'Updating...', success: 'Updated successfully', failure: 'Failed to update, please try again' },
  activate: { pending: 'Updating...', success: 'Activated', failure: 'Failed to activate, please try again' },
  deactivate: { pending: 'Updating...', success: 'Deactivated', failure: 'Failed to deactivate, please try again' },
  delete: { pending: 'Deleting...', success: 'Deleted successfully', failure: 'Failed to delete, please try again' },
} as const;
export type RecordAction = keyof typeof actionTexts;

/**
 * What a failed write means for the user: the errors of fields the form shows (for form.setFields),
 * and one message: the failure text, plus the server's reason when no form field carries it.
 */
export function describeActionFailure(error: unknown, action: RecordAction, formFields: readonly string[] = []) {
  const failure = toRequestFailure(error);
  const reply = isErrorReply(failure.body) ? failure.body : undefined;
  const known = reply?.errorKey === 'userexists' ? 'login' : reply?.errorKey === 'emailexists' ? 'email' : undefined;
  const placed = (reply?.fieldErrors ?? []).filter((f) => formFields.includes(f.field));
  const fieldErrors = placed.map((f) => ({
    name: f.field,
    errors: [f.field === known ? (known === 'login' ? 'User already exists!' : 'Email already exists!') : f.message],
  }));
  const unplaced = !reply?.fieldErrors?.length || placed.length < reply.fieldErrors.length;
  const reason = reply && unplaced && failure.status !== undefined && failure.status < 500 ? reply.errorMessage : '';
  const base = actionTexts[action].failure;
  return { signedOut: failure.status === 401, fieldErrors, content: reason ? `${base}: ${reason}` : base };
}
