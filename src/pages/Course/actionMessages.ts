import { isErrorReply, toRequestFailure } from '../../utils/requestError';

/** The pending, success and failure texts of a list's actions (spec section 4). */
export const actionTexts = {
  add: { pending: 'Adding...', success: 'Added successfully', failure: 'Failed to add, please try again' },
  update: { pending: 'Updating...', success: 'Updated successfully', failure: 'Failed to update, please try again' },
  delete: { pending: 'Deleting...', success: 'Deleted successfully', failure: 'Failed to delete, please try again' },
} as const;
export type RecordAction = keyof typeof actionTexts;

export interface ActionFailure {
  /** 401: the standard handler signs the user out. */
  signedOut: boolean;
  /** Errors about fields the form shows, for `form.setFields`. */
  fieldErrors: { name: string; errors: string[] }[];
  /** The message to show: the failure text, plus the server's reason when no field carries it. */
  content: string;
}

/** What a failed write means for the user: field errors on the form's fields, and one message. */
export function describeActionFailure(error: unknown, action: RecordAction, formFields: readonly string[] = []) {
  const failure = toRequestFailure(error);
  const reply = isErrorReply(failure.body) ? failure.body : undefined;
  const fieldErrors = (reply?.fieldErrors ?? [])
    .filter((f) => formFields.includes(f.field))
    .map((f) => ({ name: f.field, errors: [f.message] }));
  const unplaced = (reply?.fieldErrors ?? []).length > fieldErrors.length || !reply?.fieldErrors?.length;
  const reason = reply && unplaced && failure.status !== undefined && failure.status < 500 ? reply.errorMessage : '';
  const base = actionTexts[action].failure;
  return {
    signedOut: failure.status === 401,
    fieldErrors,
    content: reason ? `${base}: ${reason}` : base,
  } satisfies ActionFailure;
}
