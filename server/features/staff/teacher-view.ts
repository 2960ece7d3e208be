import { maskSin, type TTeacher } from '../../../src/contracts/teachers';
import { decryptSin } from '../../auth/sin-cipher';
import type { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate, money } from '../../http/list';
import { log } from '../../http/log';
import { organisationOf } from '../../http/tenancy';

/**
 * A teacher with the user columns that may be shown. The password hash is read only to say whether
 * there is one (toTeacher replies `awaitingInvitation`, never the hash); never the token version.
 */
export const teacherInclude = {
  user: {
    select: {
      id: true,
      login: true,
      firstName: true,
      lastName: true,
      email: true,
      phone: true,
      activated: true,
      passwordHash: true,
    },
  },
  courses: { select: { id: true, name: true }, orderBy: { name: 'asc' } },
  locations: { select: { locationId: true }, orderBy: { locationId: 'asc' } },
} satisfies Prisma.TeacherInclude;
export type TeacherRow = Prisma.TeacherGetPayload<{ include: typeof teacherInclude }>;

/** How a SIN is shown to the caller: in clear to admins only, masked to everyone else. */
export interface SinView {
  reveal: boolean;
  key: Buffer | undefined;
}
export const sinViewFor = (auth: AuthContext, key: Buffer | undefined): SinView => ({
  reveal: auth.authorities.includes('ROLE_ADMIN'),
  key,
});

export function shownSin(row: Pick<TeacherRow, 'sinEncrypted' | 'sinLast3'>, view: SinView): string | null {
  if (!row.sinEncrypted || !row.sinLast3) return null;
  if (!view.reveal) return maskSin(row.sinLast3);
  try {
    return decryptSin(view.key, row.sinEncrypted);
  } catch (error) {
    // A changed or missing key must not take the whole list down: show the mask, say why (never the SIN).
    log('warn', 'a SIN could not be decrypted; check SIN_ENCRYPTION_KEY', { reason: (error as Error).message });
    return maskSin(row.sinLast3);
  }
}

export const teacherName = (row: {
  preferredName: string | null;
  user: { firstName: string | null; lastName: string | null; login: string };
}) => [row.user.firstName, row.user.lastName].filter(Boolean).join(' ') || row.user.login;

export function toTeacher(row: TeacherRow, view: SinView): TTeacher {
  const { user } = row;
  return {
    id: row.id,
    userId: user.id,
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    activated: user.activated,
    employeeId: row.employeeId,
    preferredName: row.preferredName,
    birthday: isoDate(row.birthday),
    wechat: row.wechat,
    sin: shownSin(row, view),
    payrollContact: row.payrollContact,
    hourlyRate: money(row.hourlyRate),
    operatingArea: row.operatingArea,
    advantage: row.advantage,
    disadvantage: row.disadvantage,
    feedback: row.feedback,
    colour: row.colour,
    courses: row.courses,
    locationIds: row.locations.map((l) => l.locationId),
    deleted: row.deletedAt !== null,
    awaitingInvitation: user.passwordHash === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Teachers of the caller's centre (deleted ones included: lists add `deletedAt: null`). */
export const teacherScope = (auth: AuthContext): Prisma.TeacherWhereInput => ({ organisationId: organisationOf(auth) });
