// Who wants which notification by which channel: UserNotificationSetting rows, where a missing row
// means the defaults (email on, SMS off). SMS also needs a phone on the account, email an address.
import type { NotificationKind, Prisma, PrismaClient, Role } from '../generated/prisma/client';

type Db = Prisma.TransactionClient | PrismaClient;

export const DEFAULT_CHANNELS = { email: true, sms: false } as const;

/** The kinds of notification that apply to a user of these roles (teachers; staff). */
export function kindsForRoles(roles: readonly Role[]): NotificationKind[] {
  const kinds: NotificationKind[] = [];
  if (roles.includes('ROLE_TEACHER')) kinds.push('FEEDBACK_REMINDER', 'CLASS_CHANGE');
  if (roles.includes('ROLE_ADMIN') || roles.includes('ROLE_OPERATOR')) kinds.push('LOW_BALANCE');
  return kinds;
}

export interface Recipient {
  userId: number;
  name: string;
  /** Where to send each chosen channel; absent = not wanted, or no address/phone to send to. */
  email?: string;
  sms?: string;
}

/**
 * The channels each user chose for `kind` with the address to use, in the order of `userIds`.
 * Users who are deactivated are left out; so are users who chose no channel they can receive.
 */
export async function recipientsFor(db: Db, userIds: readonly number[], kind: NotificationKind): Promise<Recipient[]> {
  if (!userIds.length) return [];
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(userIds)] }, activated: true },
    select: {
      id: true,
      email: true,
      phone: true,
      firstName: true,
      lastName: true,
      login: true,
      notificationSettings: { where: { kind }, select: { email: true, sms: true } },
    },
    orderBy: { id: 'asc' },
  });
  const out: Recipient[] = [];
  for (const user of users) {
    const chosen = user.notificationSettings[0] ?? DEFAULT_CHANNELS;
    const recipient: Recipient = {
      userId: user.id,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.login,
    };
    if (chosen.email && user.email) recipient.email = user.email;
    if (chosen.sms && user.phone) recipient.sms = user.phone;
    if (recipient.email || recipient.sms) out.push(recipient);
  }
  return out;
}
