import type { Prisma } from '../../../generated/prisma/client';

/**
 * Locks the cursor row of a job for the rest of the transaction (so two workers take turns) and
 * returns where it stands. A cursor seen for the first time starts at `initial()` — the table's end,
 * so that history from before the job existed (the demo's, an upgrade's) sends nothing.
 */
export async function lockCursor(
  tx: Prisma.TransactionClient,
  name: string,
  initial: () => Promise<number>,
): Promise<number> {
  const rows = await tx.$queryRaw<{ lastId: number }[]>`
    SELECT "lastId" FROM "JobCursor" WHERE name = ${name} FOR NO KEY UPDATE`;
  if (rows.length) return rows[0].lastId;
  const start = await initial();
  await tx.$executeRaw`
    INSERT INTO "JobCursor" (name, "lastId", "updatedAt") VALUES (${name}, ${start}, now()) ON CONFLICT (name) DO NOTHING`;
  const [row] = await tx.$queryRaw<{ lastId: number }[]>`
    SELECT "lastId" FROM "JobCursor" WHERE name = ${name} FOR NO KEY UPDATE`;
  return row.lastId;
}

export async function moveCursor(tx: Prisma.TransactionClient, name: string, lastId: number): Promise<void> {
  await tx.jobCursor.update({ where: { name }, data: { lastId } });
}

/**
 * Rows are read only once they are this old: an id is taken at insert and seen at commit, so a row
 * of a transaction still open could otherwise appear behind the cursor. Transactions here last
 * seconds, not this long.
 */
export const SETTLE_SECONDS = 30;
