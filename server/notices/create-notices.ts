// In-app notices (GET /api/notices): written in the transaction of the event that causes them, at most
// once per (user, key) — a repeated event finds the key taken and adds nothing.

import { randomUUID } from 'node:crypto';
import { type NoticeType, Prisma, type Role } from '../generated/prisma/client';

export interface NoticeInput {
  organisationId: number;
  type: NoticeType;
  /** What it links to: SCHEDULE, STUDENT, EMAIL_BATCH, IMPORT. */
  entityType?: string | null;
  entityId?: number | null;
  /** Values for the client's text (names, dates, counts). */
  data?: Record<string, string | number | boolean | null>;
  /** Dedupe key per user, e.g. `FEEDBACK_MISSING:schedule:42`. */
  key: string;
}

/** Adds the notice for each user; users who already have one with this key are skipped. */
export async function createNotices(
  tx: Prisma.TransactionClient,
  userIds: readonly number[],
  input: NoticeInput,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const { count } = await tx.notice.createMany({
    data: [...new Set(userIds)].map((userId) => ({
      organisationId: input.organisationId,
      userId,
      type: input.type,
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
      data: input.data ?? {},
      key: input.key,
    })),
    skipDuplicates: true,
  });
  return count;
}

/**
 * The active users of a centre holding one of `roles` (operators: ROLE_OPERATOR covers admins too).
 * Raw SQL: Prisma's `hasSome` on the enum array reaches PGlite in the server as a malformed array
 * literal, so the array is built from one text parameter per role.
 */
export async function centreUsersWithRole(
  tx: Prisma.TransactionClient,
  organisationId: number,
  roles: readonly Role[] = ['ROLE_OPERATOR', 'ROLE_ADMIN'],
): Promise<number[]> {
  if (roles.length === 0) return [];
  const users = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "User"
     WHERE "organisationId" = ${organisationId} AND "activated"
       AND "roles" && ARRAY[${Prisma.join([...roles])}]::"Role"[]
     ORDER BY "id"`;
  return users.map((u) => u.id);
}

/** The sender's IMPORT_FINISHED notice (in the import's transaction): what was imported, linking to its list. */
export async function noticeImportFinished(
  tx: Prisma.TransactionClient,
  auth: { userId: number },
  organisationId: number,
  list: 'STUDENT' | 'TEACHER',
  count: number,
): Promise<void> {
  await createNotices(tx, [auth.userId], {
    organisationId,
    type: 'IMPORT_FINISHED',
    entityType: 'IMPORT',
    data: { list, count },
    key: `IMPORT_FINISHED:${randomUUID()}`,
  });
}
