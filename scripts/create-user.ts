// `npm run db:create-user -- --role ROLE_SYSTEM --login ops --email ops@example.com`
// `npm run db:create-user -- --role ROLE_ADMIN --login owner --email o@c.com --organisation "Maple Tutoring"`
// The password comes from LEVELUP_PASSWORD, or a random one is generated and printed once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createPrisma } from '../server/db/client';
import { applyMigrations } from '../server/db/migrator';
import { describeTarget, resolveDatabaseTarget } from '../server/db/target';
import { createFirstUser } from '../server/features/account/create-first-user';
import { AppError } from '../server/http/errors';

async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      login: { type: 'string' },
      email: { type: 'string' },
      organisation: { type: 'string' },
    },
  });
  const generated = !process.env.LEVELUP_PASSWORD;
  const password = process.env.LEVELUP_PASSWORD ?? randomBytes(12).toString('base64url');
  const target = resolveDatabaseTarget();
  await applyMigrations(target);
  const prisma = await createPrisma(target);
  try {
    const user = await createFirstUser(prisma, { ...values, password } as Parameters<typeof createFirstUser>[1]);
    console.log(`${describeTarget(target)}: created ${values.role} ${user.login} (id ${user.id})`);
    if (generated) console.log(`Password (shown once, change it after signing in): ${password}`);
  } finally {
    await prisma.$disconnect();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof AppError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
