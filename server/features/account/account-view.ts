import type { TAccount, TUser } from '../../../src/contracts/account';
import { authoritiesOf } from '../../../src/contracts/permissions';
import type { Prisma } from '../../generated/prisma/client';

/** The columns of a user that may be shown (never the password hash or token version). */
export const userSelect = {
  id: true,
  login: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  langKey: true,
  languageChosenAt: true,
  activated: true,
  roles: true,
} satisfies Prisma.UserSelect;

export const accountSelect = {
  ...userSelect,
  organisation: { select: { id: true, name: true, currency: true, timeZone: true } },
} satisfies Prisma.UserSelect;

type UserRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;
export type AccountRow = Prisma.UserGetPayload<{ select: typeof accountSelect }>;

function toUserFields<R extends UserRow>({ roles, langKey, languageChosenAt, ...rest }: R) {
  return {
    ...rest,
    langKey: langKey === 'zh-CN' ? ('zh-CN' as const) : ('en-US' as const),
    languageChosen: languageChosenAt !== null,
    authorities: authoritiesOf(roles),
  };
}

export function toAccount(row: AccountRow): TAccount {
  return toUserFields(row);
}

export function toUser(row: UserRow & { createdAt: Date }): TUser {
  return { ...toUserFields(row), createdAt: row.createdAt.toISOString() };
}
