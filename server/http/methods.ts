// HTTP methods (issue 20, finding 15): a method the app never serves (TRACE, CONNECT-like, made-up
// ones) answers 405 with `Allow`, and so does a known API path asked with a method it does not have:
// RFC 9110 §15.5.6. Unknown paths stay 404.
import type { RequestHandler } from 'express';
import { t } from '../i18n/text';
import { AppError } from './errors';
import { registeredEndpoints } from './route';

/** What any part of the app answers to (HEAD with every GET; OPTIONS for CORS preflight). */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const notAllowed = (method: string, allow: readonly string[]) =>
  new AppError('method_not_allowed', t('The method {method} is not allowed here', { method }), {
    headers: { Allow: allow.join(', ') },
  });

const served = (method: string) => (SERVED_METHODS as readonly string[]).includes(method);

/** First in the app, for pages: a method nothing serves is refused before any work. */
export const servedMethodsOnly: RequestHandler = (req, res, next) => {
  if (served(req.method) || req.path === '/api' || req.path.startsWith('/api/')) return next();
  res.setHeader('Allow', 'GET, HEAD');
  res.status(405).type('text/plain').send('Method Not Allowed');
};

/** First in the API (after its trace id and language): the same refusal as a JSON error reply. */
export const servedApiMethodsOnly: RequestHandler = (req, _res, next) => {
  next(
    served(req.method)
      ? undefined
      : notAllowed(req.method, allowedMethods(req.path).length ? allowedMethods(req.path) : SERVED_METHODS),
  );
};

let compiled: { size: number; paths: { pattern: RegExp; methods: Set<string> }[] } = { size: -1, paths: [] };

/** The registered API paths as patterns (Express matches paths case-insensitively), with their methods. */
function apiPaths() {
  const endpoints = registeredEndpoints();
  if (compiled.size !== endpoints.length) {
    const byPath = new Map<string, Set<string>>();
    for (const endpoint of endpoints) {
      const methods = byPath.get(endpoint.path) ?? new Set<string>();
      methods.add(endpoint.method.toUpperCase());
      byPath.set(endpoint.path, methods);
    }
    const paths = [...byPath].map(([path, methods]) => {
      const source = path
        .split(/(:\w+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return { pattern: new RegExp(`^${source}/?$`, 'i'), methods };
    });
    compiled = { size: endpoints.length, paths };
  }
  return compiled.paths;
}

/** The methods the API serves at `path` (relative to /api), or none when no endpoint has that path. */
export function allowedMethods(path: string): string[] {
  const methods = new Set<string>();
  for (const entry of apiPaths()) if (entry.pattern.test(path)) for (const m of entry.methods) methods.add(m);
  if (methods.has('GET')) methods.add('HEAD');
  return methods.size ? [...methods, 'OPTIONS'] : [];
}

/** After every API router: a known path with another method is a 405 with `Allow`, else undefined. */
export function wrongMethod(method: string, path: string): AppError | undefined {
  const allow = allowedMethods(path);
  return allow.length && !allow.includes(method) ? notAllowed(method, allow) : undefined;
}

/**
 * Permissions-Policy: the app uses no camera, microphone, location, sensors, USB or in-page payment
 * (card details go to Stripe's own Checkout page), so no page, and no frame it embeds, may ask for them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
};
