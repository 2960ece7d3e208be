import type { z } from 'zod';
import type { RouteRight } from './permissions';

/** One endpoint: its path, the right it needs, and the zod schemas of what goes in and comes out. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express-style path under /api, e.g. `/users/:id`. */
  path: string;
  right: RouteRight;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Reply body; absent for 204. */
  reply?: z.ZodType;
  /** HTTP status on success; 200 unless set. */
  status?: number;
  /**
   * Refusals this endpoint gives beyond those its shape implies (the OpenAPI document derives 400 from
   * input, 401/403 from the right, 404 from ids in the path, query or body, 409/413/415 from writes):
   * 429 when it is throttled, 402/502/503 when it calls the card provider, 401/404 where it says so.
   */
  refusals?: readonly (401 | 402 | 403 | 404 | 429 | 502 | 503)[];
  /** The body is a file, not JSON (an import): its media types. */
  upload?: readonly string[];
}

/** Keeps the literal right and the exact schemas, so handlers and callers get precise types. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Part = 'params' | 'query' | 'body';
/** What a handler receives for one part of the request (after zod parsing). */
export type InputOf<E, K extends Part> = E extends { [k in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
/** What a client sends for one part of the request. */
export type RequestOf<E, K extends Part> = E extends { [k in K]: infer S extends z.ZodType } ? z.input<S> : undefined;
/** The reply body of an endpoint. */
export type ReplyOf<E> = E extends { reply: infer S extends z.ZodType } ? z.output<S> : undefined;
