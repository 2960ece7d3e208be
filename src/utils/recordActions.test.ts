import { describe, expect, it } from 'vitest';
import { describeActionFailure } from './recordActions';

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

const httpErrorOf = (status: number, data: unknown) => ({ response: { status, data }, config: { url: '/api/x' } });
const reply = (over: object) => ({
  success: false,
  errorCode: 'x',
  errorMessage: 'Reason',
  showType: 2,
  traceId: 't',
  ...over,
});

describe('describeActionFailure on course, term and register lists', () => {
  it("puts field errors on the form's fields and shows the plain failure text", () => {
    const error = httpErrorOf(
      400,
      reply({ fieldErrors: [{ field: 'endDate', message: 'End date must be after the start date' }] }),
    );
    expect(describeActionFailure(error, 'add', ['endDate'])).toEqual({
      signedOut: false,
      fieldErrors: [{ name: 'endDate', errors: ['End date must be after the start date'] }],
      content: 'Failed to add, please try again',
    });
  });

  it("adds the server's reason when no field of the form carries it", () => {
    const conflict = httpErrorOf(
      409,
      reply({ errorMessage: 'This course has terms or registrations and cannot be deleted' }),
    );
    expect(describeActionFailure(conflict, 'delete').content).toBe(
      'Failed to delete, please try again: This course has terms or registrations and cannot be deleted',
    );
    const elsewhere = httpErrorOf(
      400,
      reply({ errorMessage: 'courseId: bad', fieldErrors: [{ field: 'courseId', message: 'bad' }] }),
    );
    expect(describeActionFailure(elsewhere, 'update', ['price']).content).toBe(
      'Failed to update, please try again: courseId: bad',
    );
  });

  it('keeps server errors and network failures to the plain text, and flags 401', () => {
    expect(describeActionFailure(httpErrorOf(500, reply({})), 'add').content).toBe('Failed to add, please try again');
    expect(describeActionFailure({ request: {} }, 'add').content).toBe('Failed to add, please try again');
    expect(describeActionFailure(httpErrorOf(401, reply({})), 'add').signedOut).toBe(true);
  });
});
