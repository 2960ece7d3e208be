// Request decoding and Stripe-shaped replies: the SDK sends form bodies and query strings in the
// indexed-bracket format (`metadata[k]=v`, `expand[0]=a`), and reads errors from `{ error: {...} }`.
import { randomBytes } from 'node:crypto';

// biome-ignore lint/suspicious/noExplicitAny: decoded form params are arbitrary nested data, checked per route
export type Params = Record<string, any>;

export interface ApiReply {
  status: number;
  body: object;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** An id as Stripe forms them: a type prefix and letters and digits (`pi_3Qx…`). */
export const randomId = (prefix: string, length = 24) =>
  prefix + Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
export const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0]=x&a[c]=y` → `{ a: { b: ['x'], c: 'y' } }`; objects whose keys are all indexes become arrays. */
export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const head = /^[^[]*/.exec(rawKey)?.[0] ?? rawKey;
    const parts = [head, ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1])];
    let node = root;
    parts.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[key] = value;
      else {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key];
      }
    });
  }
  return toArrays(root);
}

function toArrays(value: unknown): Params {
  if (typeof value !== 'object' || value === null) return value as Params;
  const entries = Object.entries(value).map(([k, v]) => [k, toArrays(v)] as const);
  const isList = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** A stable text of the params, so an idempotent retry compares by value, not by key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Params)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const noSuch = (kind: string, id: string, param = 'id', status = 404) =>
  invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, status);

export function requireString(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw missingParam(name);
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, { param: name });
  return value;
}

export function optionalInteger(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${String(value)}`, { param: name });
  return Number(value);
}

export const isTrue = (value: unknown) => value === 'true' || value === true;

/** metadata as Stripe merges it on update: an empty value removes the key. */
export function mergeMetadata(current: Record<string, string>, update: unknown, param = 'metadata') {
  if (update === undefined) return current;
  if (update === '') return {};
  if (typeof update !== 'object' || update === null || Array.isArray(update))
    throw invalidRequest('Invalid object', { param });
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = String(value);
  }
  return next;
}

export const list = <T>(url: string, items: T[], params: Params) => {
  const limit = optionalInteger(params, 'limit') ?? 10;
  let rows = items;
  const after = params.starting_after;
  if (typeof after === 'string') {
    const index = rows.findIndex((row) => (row as { id: string }).id === after);
    rows = index < 0 ? [] : rows.slice(index + 1);
  }
  return { object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit, url };
};
