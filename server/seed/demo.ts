import { hashPassword } from '../auth/passwords';
import type { PrismaClient, Role } from '../generated/prisma/client';
import { seedDemoBilling } from './demo-billing';
import { seedDemoCentre } from './demo-centre';

export const DEMO_PASSWORD = 'levelup-demo';
export const DEMO_CENTRE = 'Level Up Demo Centre';

const demoUsers: { login: string; firstName: string; lastName: string; role: Role }[] = [
  { login: 'admin', firstName: 'Ada', lastName: 'Admin', role: 'ROLE_ADMIN' },
  { login: 'operator', firstName: 'Otto', lastName: 'Operator', role: 'ROLE_OPERATOR' },
  { login: 'teacher', firstName: 'Tess', lastName: 'Teacher', role: 'ROLE_TEACHER' },
  { login: 'system', firstName: 'Sam', lastName: 'System', role: 'ROLE_SYSTEM' },
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
      const system = await tx.user.findUniqueOrThrow({ where: { login: 'system' }, select: { id: true } });
      await seedDemoBilling(tx, { organisationId: centre.id, systemUserId: system.id });
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  return true;
}

export async function isEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.organisation.count()) === 0 && (await prisma.user.count()) === 0;
}
