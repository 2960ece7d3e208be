import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ShowType, type TErrorReply } from '../../src/contracts/errors';
import { AppError } from './errors';
import { log } from './log';

export const notFoundApi: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No API endpoint ${req.method} ${req.path}`));
};

// Bodies that express.json() rejects carry a status and a type; everything else unexpected is a 500.
function fromBodyParser(error: { type?: string; status?: number }): AppError | undefined {
  if (error.type === 'entity.parse.failed') return new AppError('validation', 'The request body is not valid JSON');
  if (error.type === 'entity.too.large') return new AppError('payload_too_large', 'The request body is too large');
  if (error.status === 400 && error.type) return new AppError('validation', 'The request body could not be read');
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = error instanceof AppError ? error : fromBodyParser(error ?? {});
  const traceId = req.traceId;
  if (!known) {
    log('error', 'unexpected error', {
      traceId,
      method: req.method,
      path: req.path,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
  }
  const appError = known ?? new AppError('internal', 'Internal server error');
  const body: TErrorReply = {
    success: false,
    errorCode: appError.code,
    errorMessage: appError.message,
    showType: appError.options.showType ?? ShowType.ERROR_MESSAGE,
    traceId,
    ...(appError.options.title ? { title: appError.options.title } : {}),
    ...(appError.options.errorKey ? { errorKey: appError.options.errorKey } : {}),
    ...(appError.options.fieldErrors ? { fieldErrors: appError.options.fieldErrors } : {}),
  };
  for (const [name, value] of Object.entries(appError.options.headers ?? {})) res.setHeader(name, value);
  res.status(appError.status).json(body);
};
