// Idempotency-Key on every authenticated POST (issue 24, item 8): under load most writes that timed out
// on the client had in fact committed, and the retry (Save pressed again, a proxy) wrote a second copy.
//
// A client that sends `Idempotency-Key: <uuid>` on a POST gets, per (user, key):
// - the first request inserts a PENDING row (the primary key decides a race: one insert wins), runs as
//   usual, and its reply is kept before it is sent: a 2xx reply (status and JSON body) marks the row DONE;
//   any other reply deletes the row, so the key may be used again once the input is fixed;
// - a later request with the same key, method, path, query and body gets the kept reply again, with
//   `Idempotent-Replayed: true`, and nothing runs a second time;
// - the same key with another path, query or body: 422, nothing runs;
// - the same key while the first is still PENDING: 409 "still being processed" with Retry-After;
// - a header that is not a UUID: 400.
// Honest limit: the write and the keeping of its reply are two steps. If the process dies between the
// handler's commit and the row becoming DONE (or the DONE update fails), the row stays PENDING and every
// retry with that key gets the 409 until housekeeping purges the row (a day): never a second write, but
// the client must look (reload the list) to see whether it was saved. A 2xx reply that is not JSON (a
// file) is not kept either: its row is deleted. Without the header nothing changes.
// Endpoints with their own key in the body (voucher moves, a teacher's confirmation) keep theirs: the
// header is ignored there.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../src/contracts/idempotency';
import type { PrismaClient } from '../generated/prisma/client';
import type { ServerText } from '../i18n/text';
import { AppError, fieldError } from './errors';
import { log, loggablePath } from './log';

/** How long a key is remembered: housekeeping deletes older rows. */
export const IDEMPOTENCY_KEY_HOURS = 24;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Paths (under /api) whose body carries its own idempotencyKey: left as they were. */
const OWN_KEY = [/^\/voucher-purchases\/?$/i, /^\/(?:my-)?schedules\/[^/]+\/confirm\/?$/i];
const PATH_LIMIT = 500;

/** Whether a POST to this path (under /api) honours the header (the OpenAPI document lists it there). */
export const takesIdempotencyKey = (path: string) => !OWN_KEY.some((p) => p.test(path));

export const KEY_FORMAT_MESSAGE =
  'Must be a UUID, made once per form and sent again on every retry of it' satisfies ServerText;
export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for another request: a key belongs to one request (same address and body), make a new key for new input' satisfies ServerText;
export const KEY_PENDING_MESSAGE =
  'The request with this Idempotency-Key is still being processed: try again in a moment (if this lasts, reload to see whether it was saved)' satisfies ServerText;

function inputHash(req: Request, path: string): string {
  const body: unknown = req.body;
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body === undefined ? '' : JSON.stringify(body));
  return createHash('sha256')
    .update(`${path}\n${JSON.stringify(req.query ?? {})}\n`)
    .update(bytes)
    .digest('hex');
}

type Row = { method: string; path: string; bodyHash: string; state: 'PENDING' | 'DONE'; status: number | null };

/** After authenticate: the key is the signed-in user's (no user, no key: the route answers 401 itself). */
export function idempotency(prisma: PrismaClient): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (req.method !== 'POST' || header === undefined || !req.auth || !takesIdempotencyKey(req.path)) {
      return next();
    }
    try {
      const key = Array.isArray(header) ? header.join(',') : header.trim();
      if (!UUID.test(key)) throw fieldError(IDEMPOTENCY_HEADER, KEY_FORMAT_MESSAGE);
      const userId = req.auth.userId;
      const fullPath = `${req.baseUrl}${req.path}`;
      const path = fullPath.slice(0, PATH_LIMIT);
      const bodyHash = inputHash(req, fullPath);
      const id = { userId_key: { userId, key } };
      // Twice at most: a row seen as taken may be deleted (a 4xx) before it is read.
      for (let attempt = 0; attempt < 2; attempt++) {
        const { count } = await prisma.idempotentRequest.createMany({
          data: [{ userId, key, method: req.method, path, bodyHash }],
          skipDuplicates: true,
        });
        if (count === 1) {
          keepReply(prisma, res, { userId, key });
          return next();
        }
        const row: Row | null = await prisma.idempotentRequest.findUnique({ where: id });
        if (!row) continue;
        if (row.method !== req.method || row.path !== path || row.bodyHash !== bodyHash) {
          throw new AppError('unprocessable', KEY_REUSED_MESSAGE, {
            errorKey: 'idempotencykeyreused',
            fieldErrors: [{ field: IDEMPOTENCY_HEADER, message: KEY_REUSED_MESSAGE }],
          });
        }
        if (row.state === 'DONE') return await replay(prisma, res, id, row.status ?? 200);
        break;
      }
      throw new AppError('conflict', KEY_PENDING_MESSAGE, {
        errorKey: 'idempotencypending',
        headers: { 'Retry-After': '2' },
      });
    } catch (error) {
      next(error);
    }
  };
}

async function replay(
  prisma: PrismaClient,
  res: Response,
  id: { userId_key: { userId: number; key: string } },
  status: number,
) {
  const kept = await prisma.idempotentRequest.findUnique({ where: id, select: { reply: true } });
  res.setHeader(REPLAYED_HEADER, 'true');
  if (kept?.reply === null || kept?.reply === undefined) res.status(status).end();
  else res.status(status).json(kept.reply);
}

/**
 * Wraps res.json and res.end: the reply is kept (2xx JSON, or a 204) or the row deleted (anything
 * else) before the first byte leaves, so a retry that arrives after the client has its reply finds it.
 */
function keepReply(prisma: PrismaClient, res: Response, id: { userId: number; key: string }) {
  let json: { body: unknown } | undefined;
  let settled = false;
  const sendJson = res.json.bind(res);
  res.json = (body: unknown) => {
    json = { body };
    return sendJson(body);
  };
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    if (settled) return end(...args);
    settled = true;
    const status = res.statusCode;
    const where = { userId_key: id };
    const ok = status >= 200 && status < 300 && (json !== undefined || status === 204);
    const work = ok
      ? prisma.idempotentRequest.update({
          where,
          data: { state: 'DONE', status, ...(json && json.body !== undefined ? { reply: json.body as object } : {}) },
        })
      : prisma.idempotentRequest.deleteMany({ where: id });
    work
      .catch((error: unknown) => {
        // The row stays PENDING: a retry gets the 409, never a second write.
        log('error', 'idempotency: the reply could not be kept', {
          traceId: res.req.traceId,
          path: loggablePath(res.req.path),
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}
