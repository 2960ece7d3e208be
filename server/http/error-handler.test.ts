import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorHandler } from './error-handler';
import { AppError } from './errors';

function appThrowing(error: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    req.traceId = 'trace-123';
    next();
  });
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('error handler', () => {
  it('turns an unexpected error into a 500 without stack or SQL, and logs it under the same trace id', async () => {
    vi.stubEnv('LOG_LEVEL', 'error');
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const res = await request(appThrowing(new Error('relation "User" does not exist: SELECT * FROM "User"'))).get(
      '/boom',
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      errorCode: 'internal',
      errorMessage: 'Internal server error',
      showType: 2,
      traceId: 'trace-123',
    });
    const line = JSON.parse(written.join(''));
    expect(line).toMatchObject({ level: 'error', traceId: 'trace-123' });
    expect(line.error).toContain('relation "User" does not exist');
  });

  it('keeps the status, key, title and field errors of an AppError', async () => {
    const error = new AppError('conflict', 'Login name already used!', {
      errorKey: 'userexists',
      fieldErrors: [{ field: 'login', message: 'User already exists!' }],
    });
    const res = await request(appThrowing(error)).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'conflict', errorKey: 'userexists', traceId: 'trace-123' });
  });
});
