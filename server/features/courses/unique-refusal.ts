import { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import type { ServerText } from '../../i18n/text';

/**
 * Turns the unique violation (P2002) of one named constraint into a 409 that names the rule and the
 * field; any other error passes through. The constraint is recognised by its columns, which Prisma
 * reports in `meta` (as `target`, or under the driver adapter's error on PGlite/PostgreSQL).
 */
export function refuseDuplicate(columns: string[], field: string, message: ServerText, errorKey: string) {
  return (error: unknown): never => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const meta = JSON.stringify(error.meta ?? {});
      if (columns.every((column) => meta.includes(column))) {
        throw new AppError('conflict', message, { errorKey, fieldErrors: [{ field, message }] });
      }
    }
    throw error;
  };
}
