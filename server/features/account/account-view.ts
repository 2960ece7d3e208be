import type { TAccount } from '../../../src/contracts/account';
import { authoritiesOf } from '../../../src/contracts/permissions';
import type { Prisma } from '../../generated/prisma/client';

export const accountSelect = {
  id: true,
  login: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  langKey: true,
  activated: true,
  roles: true,
  organisation: { select: { id: true, name: true, currency: true, timeZone: true } },
} satisfies Prisma.UserSelect;

export type AccountRow = Prisma.UserGetPayload<{ select: typeof accountSelect }>;

export function toAccount({ roles, langKey, ...user }: AccountRow): TAccount {
  return {
    ...user,
    langKey: langKey === 'zh-CN' ? 'zh-CN' : 'en-US',
    authorities: authoritiesOf(roles),
  };
}
