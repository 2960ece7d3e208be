// `npm run db:seed`: the demo centre, its users and its records (server/seed/demo-centre.ts), in whatever DATABASE_URL names (PostgreSQL too).
// `npm run db:seed -- --students 50000 --teachers 300`: also a new "Large Demo Centre" of that size,
// for measurements. Applies pending migrations first; the demo centre is created only once.
import { parseArgs } from 'node:util';
import { createPrisma } from '../../server/db/client';
import { applyMigrations } from '../../server/db/migrator';
import { describeTarget, resolveDatabaseTarget } from '../../server/db/target';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo';
import { seedLargeCentre } from './large';

function count(value: string | undefined, name: string): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new Error(`--${name} must be a whole number up to 1000000`);
  return n;
}

async function main() {
  const { values } = parseArgs({ options: { students: { type: 'string' }, teachers: { type: 'string' } } });
  const students = count(values.students, 'students');
  const teachers = count(values.teachers, 'teachers');
  const target = resolveDatabaseTarget();
  await applyMigrations(target);
  const prisma = await createPrisma(target);
  try {
    const where = describeTarget(target);
    const created = await seedDemo(prisma);
    console.log(
      created
        ? `${where}: seeded the demo centre (teachers, courses, 60 students, terms, registrations, voucher money, feedback, payroll, emails); ` +
            `sign in as admin, operator, teacher or system, password ${DEMO_PASSWORD}`
        : `${where}: the demo centre is already there`,
    );
    if (students || teachers) {
      const large = await seedLargeCentre(prisma, { students, teachers });
      console.log(
        `${where}: Large Demo Centre (id ${large.organisationId}): ${large.students} students, ` +
          `${large.teachers} teachers in ${(large.milliseconds / 1000).toFixed(1)} s`,
      );
    }
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
