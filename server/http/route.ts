import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { Endpoint, InputOf } from '../../src/contracts/endpoint';
import { hasRight, PUBLIC, type RouteRight } from '../../src/contracts/permissions';
import { type Message, type ServerText, t, textList } from '../i18n/text';
import type { AuthContext } from './context';
import { AppError, asParam, type FieldErrorText } from './errors';

const registry = new Map<string, Endpoint>();

/** Every endpoint registered through route(), for the OpenAPI document and the route-coverage test. */
export function registeredEndpoints(): Endpoint[] {
  return [...registry.values()];
}

export interface HandlerContext<E extends Endpoint> {
  req: Request;
  res: Response;
  params: InputOf<E, 'params'>;
  query: InputOf<E, 'query'>;
  body: InputOf<E, 'body'>;
}
export interface AuthedContext<E extends Endpoint> extends HandlerContext<E> {
  auth: AuthContext;
}

type Reply<E extends Endpoint> = E extends { reply: infer S extends z.ZodType } ? z.input<S> : undefined;
type Handler<E extends Endpoint> = E extends { right: typeof PUBLIC }
  ? (ctx: HandlerContext<E>) => Promise<Reply<E>>
  : (ctx: AuthedContext<E>) => Promise<Reply<E>>;

/** Marks the middleware that enforces a route's right; the route-coverage test looks for it. */
export type RightGuard = RequestHandler & { right: RouteRight };

export function requireRight(right: RouteRight): RightGuard {
  const guard: RequestHandler = (req, _res, next) => {
    if (right === PUBLIC) return next();
    if (!req.auth) return next(new AppError('unauthenticated', 'Sign in to continue'));
    if (!hasRight(req.auth.authorities, right)) {
      return next(new AppError('forbidden', 'You do not have the right to do this'));
    }
    next();
  };
  return Object.assign(guard, { right });
}

const NUL_MESSAGE = 'Must not contain a NUL character' satisfies ServerText;

/** Paths of strings holding U+0000, which PostgreSQL text cannot store, anywhere in the input. */
interface PathNode {
  key: string;
  parent?: PathNode;
}
function pathText(node: PathNode | undefined): string {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

function nulFields(input: unknown): string[] {
  const found: string[] = [];
  // A loop with shared path nodes, not recursion: a 1 MB body can nest arrays 500,000 deep.
  const pending: [unknown, PathNode | undefined][] = [[input, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(pathText(path));
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      // Arrays too: their entries are keyed '0', '1', ... as zod names them.
      for (const [key, item] of Object.entries(value)) {
        if (item !== null && (typeof item === 'object' || typeof item === 'string'))
          pending.push([item, { key, parent: path }]);
      }
    }
  }
  return found.reverse();
}

const placeOf = { path: 'path', query: 'query', body: 'body' } as const;

/** 400 "Invalid body: field: message; ..." with one field error each, in the reader's language. */
export function invalidInput(where: keyof typeof placeOf, fieldErrors: FieldErrorText[], message?: Message): AppError {
  const summary = message
    ? t('{fields}: {message}', { fields: fieldErrors.map((f) => f.field).join(', '), message: asParam(message) })
    : textList(fieldErrors.map((f) => t('{field}: {message}', { field: f.field, message: asParam(f.message) })));
  return new AppError('validation', t('Invalid {where}: {summary}', { where: t(placeOf[where]), summary }), {
    fieldErrors,
  });
}

function parse<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: keyof typeof placeOf,
): z.output<T> | undefined {
  // Checked for every request, schema or not, so no NUL can reach the database by any field.
  const withNul = nulFields(value);
  if (withNul.length) {
    throw invalidInput(
      where,
      withNul.map((field) => ({ field: field || where, message: NUL_MESSAGE })),
      NUL_MESSAGE,
    );
  }
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  // The issues themselves, so the error handler words zod's own messages in the reader's language.
  throw invalidInput(
    where,
    result.error.issues.map((issue) => ({
      field: issue.path.length ? issue.path.join('.') : where,
      message: { issue },
    })),
  );
}

/** Registers one endpoint: right check, input validation, handler, JSON reply. */
export function route<E extends Endpoint>(router: Router, endpoint: E, handler: Handler<E>): void {
  registry.set(`${endpoint.method} ${endpoint.path}`, endpoint);
  const run: RequestHandler = async (req, res) => {
    const ctx = {
      req,
      res,
      auth: req.auth,
      params: parse(endpoint.params, req.params, 'path'),
      query: parse(endpoint.query, req.query, 'query'),
      body: parse(endpoint.body, req.body, 'body'),
    };
    const reply = await (handler as (c: typeof ctx) => Promise<unknown>)(ctx);
    if (res.headersSent) return; // the handler streamed its own reply (a file download)
    const status = endpoint.status ?? 200;
    if (status === 204 || reply === undefined) res.status(status === 200 ? 204 : status).end();
    else res.status(status).json(reply);
  };
  router[endpoint.method](endpoint.path, requireRight(endpoint.right), run);
}
