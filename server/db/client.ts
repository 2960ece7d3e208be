import { PrismaClient } from '../generated/prisma/client';
import { watchPool } from './pool-watch';
import { createAdapterFactory, type DatabaseTarget, loadPoolSettings, type PoolSettings } from './target';

/**
 * The app's Prisma client: on PostgreSQL a pool of `pool.size` connections, where an interactive
 * transaction waits up to `pool.waitMs` for a connection and runs up to `pool.transactionMs` (Prisma's
 * own 2 s and 5 s failed requests at saturation, issue 24 item 3; past these the request is a 503
 * with Retry-After, see http/error-handler.ts).
 */
export async function createPrisma(
  target: DatabaseTarget,
  pool: PoolSettings = loadPoolSettings(),
): Promise<PrismaClient> {
  const adapter = await createAdapterFactory(target, pool);
  const prisma = new PrismaClient({
    adapter,
    transactionOptions: { maxWait: pool.waitMs, timeout: pool.transactionMs },
  });
  // Its pg Pool's use and waits are metrics (server/metrics/database.ts); connects lazily, so in time.
  watchPool(prisma, adapter);
  return prisma;
}
