import { message } from 'antd';

const WORDS = {
  add: ['Adding...', 'Added successfully', 'Failed to add, please try again'],
  update: ['Updating...', 'Updated successfully', 'Failed to update, please try again'],
  delete: ['Deleting...', 'Deleted successfully', 'Failed to delete, please try again'],
  activate: ['Activating...', 'Activated successfully', 'Failed to activate, please try again'],
  deactivate: ['Deactivating...', 'Deactivated successfully', 'Failed to deactivate, please try again'],
} as const;

/**
 * Runs a write with the list's pending, success and failure messages (spec section 4). The error is
 * rethrown so a form can still put the server's field errors on its fields.
 */
export async function withPending<T>(action: keyof typeof WORDS, run: () => Promise<T>): Promise<T> {
  const [pending, success, failure] = WORDS[action];
  const hide = message.loading(pending, 0);
  try {
    const result = await run();
    hide();
    message.success(success);
    return result;
  } catch (error) {
    hide();
    message.error(failure);
    throw error;
  }
}
