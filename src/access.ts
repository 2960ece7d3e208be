import type { InitialState } from './app';
import { hasRight, type Right, rights } from './contracts/permissions';

/** One boolean per right of src/contracts/permissions.ts; config/routes.ts names them in `access`. */
export default function access(initialState: InitialState | undefined): Record<Right, boolean> {
  const authorities = initialState?.currentUser?.authorities;
  return Object.fromEntries(rights.map((right) => [right, hasRight(authorities, right)])) as Record<Right, boolean>;
}
