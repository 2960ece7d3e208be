// Whose household the caller reads: the guardian row linked to their sign-in, in their centre. Every
// portal read goes through here, so a child, lesson, purchase or feedback of another household (or
// another centre) is simply not found.
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound, organisationOf } from '../../http/tenancy';

type Db = PrismaClient | Prisma.TransactionClient;

export interface PortalScope {
  organisationId: number;
  householdId: number;
  householdName: string;
  /** The household's children, in first-name order. */
  children: { id: number; name: string }[];
}

/** The caller's household and children; 404 when the sign-in is not a guardian's. */
export async function portalScope(db: Db, auth: AuthContext): Promise<PortalScope> {
  const organisationId = organisationOf(auth);
  const guardian = await db.guardian.findFirst({
    where: { userId: auth.userId, organisationId },
    select: {
      household: {
        select: {
          id: true,
          name: true,
          students: {
            select: { id: true, firstName: true, lastName: true },
            orderBy: [{ firstName: 'asc' }, { id: 'asc' }],
          },
        },
      },
    },
  });
  if (!guardian) throw notFound('Household', auth.userId);
  const { household } = guardian;
  return {
    organisationId,
    householdId: household.id,
    householdName: household.name,
    children: household.students.map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim() })),
  };
}

/** One child of the caller's household, or 404 exactly as for a student that does not exist. */
export async function portalChild(db: Db, auth: AuthContext, id: number) {
  const scope = await portalScope(db, auth);
  const child = scope.children.find((c) => c.id === id);
  if (!child) throw notFound('Student', id);
  return { scope, child };
}

export const teacherName = (user: { firstName: string | null; lastName: string | null; login: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login;

/** What a family sees of a lesson's teacher: the name, nothing else. */
export const teacherNameSelect = {
  select: { user: { select: { firstName: true, lastName: true, login: true } } },
} as const;
