// The one permission table: role -> rights. The server's requireRight() and the client's access.ts
// both read it, so a right is declared once and the UI hides only what the server would refuse.
export const roles = ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_TEACHER', 'ROLE_SYSTEM', 'ROLE_CUSTOMER'] as const;
export type Role = (typeof roles)[number];

export const rights = [
  'account:own', // own account, profile, password: every signed-in user
  'users:read', // list the centre's users
  'dashboard:view',
  'records:manage', // staff, teachers, students, courses, terms, term registers, referrals
  'vouchers:manage',
  'schedules:manage',
  'reports:view',
  'email:send',
  'billing:view', // payment card and credit history of the own centre (system: any centre)
  'billing:cycles', // start billing cycles, create and charge invoices
  'schedules:confirmOwn', // a teacher confirms their own classes
  'teacherSettings:own', // a teacher's notification settings
  'staff:changeRole', // create admins, change a staff member's role, change an admin's record
  'settings:manage', // the centre's settings (low-balance threshold)
  'payroll:close', // close a pay period; change a class of a closed period
  'audit:view', // the audit history of the centre
  'vouchers:refundBeyondBalance', // confirm a refund larger than the student's balance
  'portal:own', // a guardian reads their own household (the family portal)
  'households:invite', // invite a guardian to the family portal, resend or revoke the invitation
  'payments:connect', // connect the centre's own Stripe account (family card payments, Stripe Connect)
  'privacy:erase', // see the families' erasure requests and complete them (anonymise a household)
  'locations:manage', // the centre's locations and rooms, the travel time between them, staff's sites
] as const;
export type Right = (typeof rights)[number];

/** Routes that anyone may call, signed in or not. */
export const PUBLIC = 'public' as const;
export type RouteRight = Right | typeof PUBLIC;

const operatorRights = [
  'account:own',
  'dashboard:view',
  'records:manage',
  'vouchers:manage',
  'schedules:manage',
  'reports:view',
  'email:send',
  'households:invite',
] as const satisfies readonly Right[];

export const rightsByRole = {
  ROLE_ADMIN: [
    ...operatorRights,
    'users:read',
    'billing:view',
    'staff:changeRole',
    'settings:manage',
    'payroll:close',
    'audit:view',
    'vouchers:refundBeyondBalance',
    'payments:connect',
    'privacy:erase',
    'locations:manage',
  ],
  ROLE_OPERATOR: operatorRights,
  ROLE_TEACHER: ['account:own', 'schedules:confirmOwn', 'teacherSettings:own'],
  ROLE_SYSTEM: ['account:own', 'billing:view', 'billing:cycles'],
  ROLE_CUSTOMER: ['account:own', 'portal:own'],
} as const satisfies Record<Role, readonly Right[]>;

/** ROLE_ADMIN implies ROLE_OPERATOR: an admin's authorities hold both. */
export function authoritiesOf(storedRoles: readonly Role[]): Role[] {
  const set = new Set<Role>(storedRoles);
  if (set.has('ROLE_ADMIN')) set.add('ROLE_OPERATOR');
  return roles.filter((role) => set.has(role));
}

export function hasRight(authorities: readonly string[] | undefined, right: RouteRight): boolean {
  if (right === PUBLIC) return true;
  return (authorities ?? []).some((role) =>
    (rightsByRole[role as Role] as readonly Right[] | undefined)?.includes(right),
  );
}
