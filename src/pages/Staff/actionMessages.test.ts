import { describe, expect, it } from 'vitest';
import { describeActionFailure } from './actionMessages';

const httpError = (status: number, body: Record<string, unknown>) => ({
  response: { status, data: { success: false, errorCode: 'x', showType: 2, traceId: 't', ...body } },
  config: { url: '/api/staff' },
});

describe('describeActionFailure', () => {
  it("puts field errors on the form's fields and the seed texts on login and email", () => {
    const error = httpError(409, {
      errorMessage: 'Login name already used!',
      errorKey: 'userexists',
      fieldErrors: [{ field: 'login', message: 'User already exists!' }],
    });
    expect(describeActionFailure(error, 'add', ['login', 'email'])).toEqual({
      signedOut: false,
      fieldErrors: [{ name: 'login', errors: ['User already exists!'] }],
      content: 'Failed to add, please try again',
    });
  });

  it("adds the server's reason when no field carries it", () => {
    const error = httpError(409, { errorMessage: 'This teacher was deleted and cannot be reactivated' });
    expect(describeActionFailure(error, 'activate').content).toBe(
      'Failed to activate, please try again: This teacher was deleted and cannot be reactivated',
    );
    const forbidden = httpError(403, { errorMessage: 'Only an admin may create an admin' });
    expect(describeActionFailure(forbidden, 'add', ['login']).content).toBe(
      'Failed to add, please try again: Only an admin may create an admin',
    );
  });

  it('keeps server errors (500) and lost connections to the plain failure text; 401 signs out', () => {
    expect(describeActionFailure(httpError(500, { errorMessage: 'Internal' }), 'delete').content).toBe(
      'Failed to delete, please try again',
    );
    expect(describeActionFailure({ request: {} }, 'update').content).toBe('Failed to update, please try again');
    expect(describeActionFailure(httpError(401, { errorMessage: 'Sign in' }), 'update').signedOut).toBe(true);
  });
});
