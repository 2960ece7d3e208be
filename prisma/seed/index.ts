// `npm run db:seed`: the demo centre and its users, in whatever DATABASE_URL names (PostgreSQL too).
// Applies pending migrations first; does nothing if the demo centre is already there.
import { createPrisma } from '../../server/db/client';
import { applyMigrations } from '../../server/db/migrator';
import { describeTarget, resolveDatabaseTarget } from '../../server/db/target';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo';

async function main() {
  const target = resolveDatabaseTarget();
  await applyMigrations(target);
  const prisma = await createPrisma(target);
  try {
    const created = await seedDemo(prisma);
    const where = describeTarget(target);
    console.log(
      created
        ? `${where}: seeded the demo centre; sign in as admin, operator, teacher or system, password ${DEMO_PASSWORD}`
        : `${where}: the demo centre is already there`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

main().then(
  () => process.exit(0), // PGlite would otherwise keep the process alive
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
