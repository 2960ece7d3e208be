// `npm run bench -- roundTrips`: the SQL statements (each a round trip to the database) of the writes
// that hold locks longest, counted at the Prisma adapter: a teacher's confirmation, an operator's
// confirmation with one student absent, and a new class, each of a class with two students (issue 24,
// item 4: while a transaction waits on its round trips it keeps the class's and students' row locks).
// Counts, not timings: they do not depend on the machine. What may not be merged to save one is in
// ARCHITECTURE.md, "Round trips of a class change".
import { randomUUID } from 'node:crypto';
import { createAdapterFactory } from '../../server/db/target';
import { confirmOnBehalf, confirmOwnClass } from '../../server/features/schedules/confirm-schedule';
import { createSchedule } from '../../server/features/schedules/create-schedule';
import { PrismaClient } from '../../server/generated/prisma/client';
import type { AuthContext } from '../../server/http/context';
import { ZConfirmBody, ZScheduleCreateBody } from '../../src/contracts/schedules';
import { freshDatabase } from '../support/test-app';

/**
 * A Prisma client whose every statement (and BEGIN/COMMIT) adds one to `counter.statements`; with
 * BENCH_VERBOSE=1 each statement's start is printed too (where the next cut may be).
 */
async function countingClient(target: Awaited<ReturnType<typeof freshDatabase>>['target']) {
  const counter = { statements: 0 };
  const verbose = Boolean(process.env.BENCH_VERBOSE);
  const counted = <T extends object>(adapter: T): T => {
    const methods = adapter as unknown as Record<string, ((query: unknown) => Promise<unknown>) | undefined>;
    for (const name of ['queryRaw', 'executeRaw']) {
      const run = methods[name];
      if (!run) continue;
      methods[name] = (query: unknown) => {
        counter.statements++;
        if (verbose) {
          const sql = String((query as { sql?: string }).sql ?? '').replace(/\s+/g, ' ');
          console.log(`  ${String(counter.statements).padStart(3)} ${sql.slice(0, 150)}`);
        }
        return run.call(adapter, query);
      };
    }
    return adapter;
  };
  const factory = await createAdapterFactory(target, { size: 2, waitMs: 10_000, transactionMs: 60_000 }, 'bench');
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = counted(await connect());
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (level) => {
      counter.statements++; // BEGIN
      const tx = counted(await start(level));
      const commit = tx.commit.bind(tx);
      tx.commit = () => {
        counter.statements++;
        return commit();
      };
      return tx;
    };
    return adapter;
  };
  const prisma = new PrismaClient({ adapter: factory, transactionOptions: { maxWait: 10_000, timeout: 60_000 } });
  return { prisma, counter };
}

export async function benchRoundTrips() {
  const database = await freshDatabase();
  const { prisma, counter } = await countingClient(database.target);
  try {
    const org = await prisma.organisation.create({ data: { name: 'Round trips' } });
    const admin = await prisma.user.create({
      data: { login: 'rt-admin', email: 'rt-admin@example.test', roles: ['ROLE_ADMIN'], organisationId: org.id },
    });
    const teacherUser = await prisma.user.create({
      data: { login: 'rt-teacher', email: 'rt-teacher@example.test', roles: ['ROLE_TEACHER'], organisationId: org.id },
    });
    const teacher = await prisma.teacher.create({
      data: { organisationId: org.id, userId: teacherUser.id, hourlyRate: '30' },
    });
    const course = await prisma.course.create({ data: { organisationId: org.id, name: 'Maths' } });
    const location = await prisma.location.create({ data: { organisationId: org.id, name: 'Main' } });
    const students = await Promise.all(
      [1, 2].map((n) =>
        prisma.student.create({
          data: {
            organisationId: org.id,
            studentId: `RT${n}`,
            firstName: `Stu${n}`,
            lastName: 'Dent',
            hourlyRate: '40',
          },
        }),
      ),
    );
    const start = new Date(Date.now() - 2 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    const taughtClass = () =>
      prisma.schedule.create({
        data: {
          organisationId: org.id,
          courseType: 'GROUP',
          courseId: course.id,
          teacherId: teacher.id,
          locationId: location.id,
          startAt: start,
          endAt: end,
          teacherStartAt: start,
          teacherEndAt: end,
          hourlyRate: '40',
          teacherHourlyRate: '30',
          paymentType: 'VOUCHER',
          students: { create: students.map((s) => ({ studentId: s.id, hourlyRate: '40' })) },
        },
      });
    const asAdmin: AuthContext = {
      userId: admin.id,
      login: 'rt-admin',
      organisationId: org.id,
      authorities: ['ROLE_ADMIN'],
    };
    const asTeacher: AuthContext = {
      userId: teacherUser.id,
      login: 'rt-teacher',
      organisationId: org.id,
      authorities: ['ROLE_TEACHER'],
    };
    const count = async (label: string, write: () => Promise<unknown>) => {
      counter.statements = 0;
      await write();
      console.log(`${label.padEnd(58)} ${String(counter.statements).padStart(3)} statements`);
    };

    console.log('\nRound trips of a class change (2 students; BEGIN and COMMIT included)');
    const first = await taughtClass();
    await count("a teacher confirms their class (the phone's key)", () =>
      confirmOwnClass(prisma, asTeacher, first.id, ZConfirmBody.parse({ idempotencyKey: randomUUID() })),
    );
    const second = await taughtClass();
    await count('the desk confirms it for the teacher, one student absent', () =>
      confirmOnBehalf(
        prisma,
        asAdmin,
        second.id,
        ZConfirmBody.parse({ students: [{ studentId: students[1].id, attendance: 'ABSENT' }] }),
      ),
    );
    const next = new Date(Date.now() + 7 * 86_400_000);
    await count('the desk creates a class', () =>
      createSchedule(
        prisma,
        asAdmin,
        ZScheduleCreateBody.parse({
          courseType: 'GROUP',
          courseId: course.id,
          teacherId: teacher.id,
          locationId: location.id,
          startAt: next.toISOString(),
          endAt: new Date(next.getTime() + 3_600_000).toISOString(),
          paymentType: 'VOUCHER',
          hourlyRate: '40',
          students: students.map((s) => ({ studentId: s.id })),
        }),
      ),
    );
    console.log(`database: ${database.target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  } finally {
    await prisma.$disconnect();
    await database.drop();
  }
}
