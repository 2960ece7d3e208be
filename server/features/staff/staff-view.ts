import type { TStaff, TStaffRole } from '../../../src/contracts/staff';
import type { Prisma, Role } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';

/** The columns of a staff member that may be shown (never the password hash or token version). */
export const staffSelect = {
  id: true,
  login: true,
  firstName: true,
  lastName: true,
  birthday: true,
  roles: true,
  email: true,
  phone: true,
  activated: true,
  gmail: true,
  createdAt: true,
  locations: { select: { locationId: true }, orderBy: { locationId: 'asc' } },
} satisfies Prisma.UserSelect;
export type StaffRow = Prisma.UserGetPayload<{ select: typeof staffSelect }>;

export const staffRoleOf = (roles: readonly string[]): TStaffRole =>
  roles.includes('ROLE_ADMIN') ? 'ROLE_ADMIN' : 'ROLE_OPERATOR';

export function toStaff({ roles, birthday, createdAt, locations, ...rest }: StaffRow): TStaff {
  return {
    ...rest,
    locationIds: locations.map((l) => l.locationId),
    role: staffRoleOf(roles),
    birthday: birthday ? birthday.toISOString().slice(0, 10) : null,
    createdAt: createdAt.toISOString(),
  };
}

/**
 * Role filters as whole-list matches: the PGlite adapter cannot bind the enum array parameter that
 * `has` / `hasSome` need, while `equals` works on both databases. A staff member holds ROLE_ADMIN or
 * ROLE_OPERATOR (an admin may hold both).
 */
const roleLists = {
  ROLE_ADMIN: [['ROLE_ADMIN'], ['ROLE_ADMIN', 'ROLE_OPERATOR'], ['ROLE_OPERATOR', 'ROLE_ADMIN']],
  ROLE_OPERATOR: [['ROLE_OPERATOR']],
} satisfies Record<TStaffRole, Role[][]>;

export function hasStaffRole(role?: TStaffRole): Prisma.UserWhereInput {
  const lists = role ? roleLists[role] : [...roleLists.ROLE_ADMIN, ...roleLists.ROLE_OPERATOR];
  return { OR: lists.map((roles) => ({ roles: { equals: roles } })) };
}

/** Staff are the admins and operators of the caller's centre. */
export function staffWhere(auth: AuthContext): Prisma.UserWhereInput {
  return { organisationId: organisationOf(auth), ...hasStaffRole() };
}
