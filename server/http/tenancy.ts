import { type ServerText, t } from '../i18n/text';
import type { AuthContext } from './context';
import { AppError } from './errors';

/** The caller's centre. Centre records are reachable only through it; ROLE_SYSTEM belongs to none. */
export function organisationOf(auth: AuthContext): number {
  if (auth.organisationId === null) throw new AppError('forbidden', 'This account belongs to no centre');
  return auth.organisationId;
}

/** 404 (never 403) for a record of another centre or none at all, so ids reveal nothing. */
export function notFound(what: ServerText, id: number | string): AppError {
  return new AppError('not_found', t('{what} {id} was not found', { what: t(what), id }));
}
