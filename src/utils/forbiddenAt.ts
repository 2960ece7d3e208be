import routes, { type AppRoute } from '../../config/routes';
import { hasRight, type Right } from '../contracts/permissions';

/** Every route of the table (paths are absolute) with the rights it and the routes around it need. */
const flatten = (list: AppRoute[], above: Right[] = []): { path: string; needs: Right[] }[] =>
  list.flatMap((route) => {
    const needs = route.access ? [...above, route.access] : above;
    return [{ path: route.path, needs }, ...flatten(route.routes ?? [], needs)];
  });
const table = flatten(routes);

const segments = (path: string) => path.split('/').filter(Boolean);
const matches = (pattern: string, pathname: string) => {
  const want = segments(pattern);
  const have = segments(pathname);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
};

/**
 * Whether the page at `pathname` needs a right that `authorities` lack: the layout will draw the 403
 * page there (config/routes.ts `access`, src/access.ts). src/app.tsx loads that page's code ahead
 * then, so that a guardian who opens a desk link sees it at once (issue 37, finding 15).
 */
export function forbiddenAt(pathname: string, authorities: readonly string[] | undefined): boolean {
  const route = table.find((r) => matches(r.path, pathname));
  return !!route && route.needs.some((right) => !hasRight(authorities, right));
}
