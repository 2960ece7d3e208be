import { describe, expect, it } from 'vitest';
import { describeActionFailure } from './actionMessages';

const httpError = (status: number, data: unknown) => ({ response: { status, data }, config: { url: '/api/x' } });
const reply = (over: object) => ({
  success: false,
  errorCode: 'x',
  errorMessage: 'Reason',
  showType: 2,
  traceId: 't',
  ...over,
});

describe('describeActionFailure', () => {
  it("puts field errors on the form's fields and shows the plain failure text", () => {
    const error = httpError(
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
    const conflict = httpError(
      409,
      reply({ errorMessage: 'This course has terms or registrations and cannot be deleted' }),
    );
    expect(describeActionFailure(conflict, 'delete').content).toBe(
      'Failed to delete, please try again: This course has terms or registrations and cannot be deleted',
    );
    const elsewhere = httpError(
      400,
      reply({ errorMessage: 'courseId: bad', fieldErrors: [{ field: 'courseId', message: 'bad' }] }),
    );
    expect(describeActionFailure(elsewhere, 'update', ['price']).content).toBe(
      'Failed to update, please try again: courseId: bad',
    );
  });

  it('keeps server errors and network failures to the plain text, and flags 401', () => {
    expect(describeActionFailure(httpError(500, reply({})), 'add').content).toBe('Failed to add, please try again');
    expect(describeActionFailure({ request: {} }, 'add').content).toBe('Failed to add, please try again');
    expect(describeActionFailure(httpError(401, reply({})), 'add').signedOut).toBe(true);
  });
});
