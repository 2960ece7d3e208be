// One line per finished API request (pino-http) under the request's trace id, the id the error body and
// the X-Trace-Id header carry, so that a user's trace id finds the request and any error logged for it.
import type { Request, RequestHandler } from 'express';
import type pino from 'pino';
import { pinoHttp } from 'pino-http';
import { logger as appLogger, loggableUrl, syncLogLevel } from './log';

/**
 * Mount after the trace id middleware. Headers and bodies are never logged (tokens, passwords), nor the
 * secret in a calendar feed's path, nor the values of query parameters (loggableUrl).
 */
export function requestLog(logger: pino.Logger = appLogger): RequestHandler {
  const middleware = pinoHttp({
    logger,
    genReqId: (req) => (req as Request).traceId,
    // The trace id goes on every line at the top level, not inside `req`.
    customAttributeKeys: { reqId: 'traceId' },
    quietReqLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // Health checks come every few seconds from load balancers and Playwright, metrics scrapes every
    // few seconds from Prometheus: not worth a line each.
    autoLogging: { ignore: (req) => ['/api/health', '/api/metrics'].includes((req as Request).originalUrl) },
    serializers: {
      req: (req: { method: string; url: string; remoteAddress?: string }) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req, res, next) => {
    syncLogLevel(logger);
    middleware(req, res, next);
  };
}
