import { hashPassword } from '../auth/passwords';
import { dueReminderMessages } from '../features/notices/jobs/lesson-reminders';
import type { Prisma, PrismaClient, Role } from '../generated/prisma/client';
import { seedDemoBilling } from './demo-billing';
import { seedDemoCentre } from './demo-centre';

export const DEMO_PASSWORD = 'levelup-demo';
export const DEMO_CENTRE = 'Level Up Demo Centre';

const demoUsers: { login: string; firstName: string; lastName: string; role: Role }[] = [
  { login: 'admin', firstName: 'Ada', lastName: 'Admin', role: 'ROLE_ADMIN' },
  { login: 'operator', firstName: 'Otto', lastName: 'Operator', role: 'ROLE_OPERATOR' },
  { login: 'teacher', firstName: 'Tess', lastName: 'Teacher', role: 'ROLE_TEACHER' },
  { login: 'system', firstName: 'Sam', lastName: 'System', role: 'ROLE_SYSTEM' },
  // A guardian of the first family with two children (linked below): the family portal's demo.
  { login: 'family', firstName: 'Fay', lastName: 'Family', role: 'ROLE_CUSTOMER' },
];

/**
 * The demo centre, its four users and its records (seedDemoCentre: teachers with courses, students,
 * terms, registrations) and its platform billing (demo-billing.ts); does nothing if the demo centre already exists.
 */
export async function seedDemo(prisma: PrismaClient): Promise<boolean> {
  if (await prisma.organisation.count({ where: { name: DEMO_CENTRE } })) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await prisma.$transaction(
    async (tx) => {
      const centre = await tx.organisation.create({ data: { name: DEMO_CENTRE } });
      await tx.user.createMany({
        data: demoUsers.map((user) => ({
          login: user.login,
          email: `${user.login}@demo.levelup.test`,
          firstName: user.firstName,
          lastName: user.lastName,
          passwordHash,
          roles: [user.role],
          // ROLE_SYSTEM is the platform operator and belongs to no centre.
          organisationId: user.role === 'ROLE_SYSTEM' ? null : centre.id,
        })),
      });
      const teacher = await tx.user.findUniqueOrThrow({ where: { login: 'teacher' }, select: { id: true } });
      const admin = await tx.user.findUniqueOrThrow({ where: { login: 'admin' }, select: { id: true } });
      await seedDemoCentre(tx, { organisationId: centre.id, teacherUserId: teacher.id, adminUserId: admin.id });
      await linkDemoGuardian(tx, centre.id);
      await markDueRemindersSent(tx);
      const system = await tx.user.findUniqueOrThrow({ where: { login: 'system' }, select: { id: true } });
      await seedDemoBilling(tx, { organisationId: centre.id, systemUserId: system.id });
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  return true;
}

/** The `family` user becomes a guardian (the mother) of the first household with two students, named as that family. */
async function linkDemoGuardian(tx: Prisma.TransactionClient, organisationId: number) {
  const siblings = await tx.student.groupBy({
    by: ['householdId'],
    where: { organisationId, householdId: { not: null } },
    _count: { _all: true },
    having: { householdId: { _count: { gt: 1 } } },
    orderBy: { householdId: 'asc' },
    take: 1,
  });
  const householdId = siblings[0]?.householdId;
  if (!householdId) return;
  const household = await tx.household.findUniqueOrThrow({ where: { id: householdId }, select: { name: true } });
  const user = await tx.user.update({
    where: { login: 'family' },
    data: { lastName: household.name },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  await tx.guardian.create({
    data: {
      organisationId,
      householdId,
      userId: user.id,
      name: `${user.firstName} ${user.lastName}`,
      relationship: 'Mother',
      email: user.email,
      receivesFeedback: true,
    },
  });
}

/**
 * The lesson reminders due now (classes in the next 24 hours) as if the job had sent them: the demo's
 * first start emails no one; later classes get theirs from the job as they come near.
 */
async function markDueRemindersSent(tx: Prisma.TransactionClient) {
  const now = new Date();
  const due = await dueReminderMessages(tx, now);
  await tx.message.createMany({
    data: due.map(({ attachedFile: _file, ...m }) => ({
      ...m,
      subject: m.channel === 'EMAIL' ? m.subject : null,
      bodyHtml: m.channel === 'EMAIL' ? m.bodyHtml : null,
      status: 'SENT' as const,
      attempts: 1,
      queuedAt: now,
      lastAttemptAt: now,
      sentAt: now,
    })),
  });
}

export async function isEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.organisation.count()) === 0 && (await prisma.user.count()) === 0;
}
