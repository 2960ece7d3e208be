import { describe, expect, it } from 'vitest';
import enLists from '../locales/en-US/lists';
import enRequest from '../locales/en-US/request';
import zhLists from '../locales/zh-CN/lists';
import { describeActionFailure } from './recordActions';

const texts: Record<string, string> = { ...enRequest, ...enLists };
const t = (id: string) => texts[id] ?? id;
const describe_ = (error: unknown, action: Parameters<typeof describeActionFailure>[1], fields: string[] = []) =>
  describeActionFailure(error, action, fields, t);

const httpError = (status: number, body: Record<string, unknown>) => ({
  response: { status, data: { success: false, errorCode: 'x', showType: 2, traceId: 't', ...body } },
  config: { url: '/api/x' },
});

describe('describeActionFailure', () => {
  it("puts field errors on the form's fields (the seed's texts for login and email) and asks to fix them", () => {
    const error = httpError(409, {
      errorMessage: 'Login name already used!',
      errorKey: 'userexists',
      fieldErrors: [{ field: 'login', message: 'Login name already used!' }],
    });
    expect(describe_(error, 'add', ['login', 'email'])).toEqual({
      signedOut: false,
      fieldErrors: [{ name: 'login', errors: ['User already exists!'] }],
      content: 'Please correct the marked fields',
    });
    const dates = httpError(400, {
      errorMessage: 'endDate: End date must be after the start date',
      fieldErrors: [{ field: 'endDate', message: 'End date must be after the start date' }],
    });
    expect(describe_(dates, 'update', ['endDate']).fieldErrors).toEqual([
      { name: 'endDate', errors: ['End date must be after the start date'] },
    ]);
  });

  it('shows a refusal by a rule as the rule, without "please try again"', () => {
    const planned = httpError(409, { errorMessage: 'Teacher has planned classes and cannot be deleted' });
    expect(describe_(planned, 'delete').content).toBe('Teacher has planned classes and cannot be deleted');
    const deleted = httpError(409, { errorMessage: 'This teacher was deleted and cannot be reactivated' });
    expect(describe_(deleted, 'activate').content).toBe('This teacher was deleted and cannot be reactivated');
    const forbidden = httpError(403, { errorMessage: 'Only an admin may create an admin' });
    expect(describe_(forbidden, 'add', ['login']).content).toBe('Only an admin may create an admin');
    // A field error the form does not show is a reason too.
    const elsewhere = httpError(400, {
      errorMessage: 'courseId: bad',
      fieldErrors: [{ field: 'courseId', message: 'bad' }],
    });
    expect(describe_(elsewhere, 'update', ['price']).content).toBe('courseId: bad');
  });

  it('keeps "please try again" for server errors (5xx) and lost connections; 401 signs out', () => {
    expect(describe_(httpError(500, { errorMessage: 'Internal' }), 'delete').content).toBe(
      'Failed to delete, please try again',
    );
    expect(describe_(httpError(503, { errorMessage: 'Busy' }), 'add').content).toBe('Failed to add, please try again');
    expect(describe_({ request: {} }, 'update').content).toBe('Failed to update, please try again');
    expect(describe_(httpError(401, { errorMessage: 'Sign in' }), 'update').signedOut).toBe(true);
  });

  it('has a translated text for every action in zh-CN', () => {
    const zh: Record<string, string> = zhLists;
    const zhT = (id: string) => zh[id] ?? id;
    expect(describeActionFailure({ request: {} }, 'deactivate', [], zhT).content).toBe('停用失败，请重试');
  });
});
