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
