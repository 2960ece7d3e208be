import { describe, expect, it } from 'vitest';
import { Prisma } from '../generated/prisma/client';
import { AppError } from '../http/errors';
import { errorCause, isTransactionStartTimeout } from './http';

const known = (code: string, message: string) =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: '7.10.0' });

describe('the cause label of an error reply', () => {
  it('is client for every 4xx, whatever was thrown', () => {
    expect(errorCause(400, 'validation', new AppError('validation', 'The request body is not valid JSON'))).toBe(
      'client',
    );
    expect(errorCause(409, 'conflict', known('P2034', 'write conflict'))).toBe('client');
  });

  it('tells a transaction that found no connection in time from other database errors and from ours', () => {
    const start = known('P2028', 'Transaction API error: Unable to start a transaction in the given time.');
    const expired = known('P2028', 'Transaction API error: A commit cannot be executed on an expired transaction.');
    expect(isTransactionStartTimeout(start)).toBe(true);
    expect(isTransactionStartTimeout(expired)).toBe(false);
    expect(errorCause(500, 'internal', start)).toBe('pool_timeout');
    // Wrapped as our own 'internal' refusal, the cause still counts.
    expect(errorCause(500, 'internal', new AppError('internal', 'Internal server error', { cause: start }))).toBe(
      'pool_timeout',
    );
    expect(errorCause(500, 'internal', new Error('timeout exceeded when trying to connect'))).toBe('pool_timeout');
    expect(errorCause(500, 'internal', expired)).toBe('db');
    expect(errorCause(500, 'internal', known('P2002', 'Unique constraint failed'))).toBe('db');
    expect(errorCause(500, 'internal', new TypeError('x is undefined'))).toBe('internal');
    expect(errorCause(502, 'bad_gateway', new AppError('bad_gateway', 'Internal server error'))).toBe('bad_gateway');
    expect(errorCause(503, undefined, undefined)).toBe('none'); // a reply made without the error handler
  });
});
