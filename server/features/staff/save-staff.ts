import { hasRight } from '../../../src/contracts/permissions';
import type { TCreateStaffBody, TUpdateStaffBody } from '../../../src/contracts/staff';
import { recordAudit } from '../../audit/record-audit';
import { staffSnapshot } from '../../audit/snapshots';
import { hashPassword } from '../../auth/passwords';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { isoDate, toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import type { ServerText } from '../../i18n/text';
import { assertLoginAndEmailFree, uniqueViolation } from '../account/uniqueness';
import { type StaffRow, staffRoleOf, staffSelect, staffWhere, toStaff } from './staff-view';

/** Only holders of 'staff:changeRole' (admins) make admins, change roles, or touch an admin's record. */
function assertMayChangeRoles(auth: AuthContext, why: ServerText): void {
  if (!hasRight(auth.authorities, 'staff:changeRole')) throw new AppError('forbidden', why);
}

/** A staff member of the caller's centre, or 404. */
export async function findStaff(prisma: PrismaClient, auth: AuthContext, id: number): Promise<StaffRow> {
  const row = await prisma.user.findFirst({ where: { id, ...staffWhere(auth) }, select: staffSelect });
  if (!row) throw notFound('Staff member', id);
  return row;
}

function staffData(body: TUpdateStaffBody) {
  return {
    login: body.login.toLowerCase(),
    email: body.email.toLowerCase(),
    firstName: body.firstName,
    lastName: body.lastName,
    birthday: toDbDate(body.birthday),
    phone: body.phone,
    gmail: body.gmail,
    activated: body.activated,
    roles: [body.role],
  };
}

const staffAudit = (row: StaffRow) => staffSnapshot({ ...row, birthday: isoDate(row.birthday) });

const refuseDuplicates = (error: unknown) => {
  throw uniqueViolation(error) ?? error;
};

export async function createStaff(prisma: PrismaClient, auth: AuthContext, body: TCreateStaffBody) {
  if (body.role === 'ROLE_ADMIN') assertMayChangeRoles(auth, 'Only an admin may create an admin');
  const data = staffData(body);
  await assertLoginAndEmailFree(prisma, { login: data.login, email: data.email, asker: auth });
  const passwordHash = await hashPassword(body.password);
  const created = await prisma
    .$transaction(async (tx) => {
      const row = await tx.user.create({
        data: { ...data, passwordHash, organisationId: organisationOf(auth) },
        select: staffSelect,
      });
      await recordAudit(tx, auth, [
        { entity: 'USER', entityId: row.id, action: 'CREATE', before: null, after: staffAudit(row) },
      ]);
      return row;
    })
    .catch(refuseDuplicates);
  return toStaff(created);
}

export async function updateStaff(prisma: PrismaClient, auth: AuthContext, id: number, body: TUpdateStaffBody) {
  const current = await findStaff(prisma, auth, id);
  const currentRole = staffRoleOf(current.roles);
  if (currentRole === 'ROLE_ADMIN') assertMayChangeRoles(auth, "Only an admin may change an admin's record");
  if (body.role !== currentRole) {
    assertMayChangeRoles(auth, 'Only an admin may change a staff role');
    if (id === auth.userId) throw fieldError('role', 'You cannot change your own role');
  }
  if (id === auth.userId && !body.activated) throw fieldError('activated', 'You cannot deactivate yourself');
  const data = staffData(body);
  await assertLoginAndEmailFree(prisma, { login: data.login, email: data.email, exceptUserId: id, asker: auth });
  const revoke = current.activated && !data.activated ? { tokenVersion: { increment: 1 } } : {};
  const updated = await prisma
    .$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${id} FOR NO KEY UPDATE`;
      const before = await tx.user.findUniqueOrThrow({ where: { id }, select: staffSelect });
      const row = await tx.user.update({ where: { id }, data: { ...data, ...revoke }, select: staffSelect });
      await recordAudit(tx, auth, [
        { entity: 'USER', entityId: id, action: 'UPDATE', before: staffAudit(before), after: staffAudit(row) },
      ]);
      return row;
    })
    .catch(refuseDuplicates);
  return toStaff(updated);
}

/** Activation; deactivating bumps tokenVersion so the member's tokens stop working at once. */
export async function setStaffActivated(prisma: PrismaClient, auth: AuthContext, id: number, activated: boolean) {
  const current = await findStaff(prisma, auth, id);
  if (staffRoleOf(current.roles) === 'ROLE_ADMIN') {
    assertMayChangeRoles(auth, 'Only an admin may activate or deactivate an admin');
  }
  if (!activated && id === auth.userId) throw new AppError('validation', 'You cannot deactivate yourself');
  if (current.activated === activated) return toStaff(current);
  const updated = await prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    const { count } = await tx.user.updateMany({
      where: { id, activated: !activated },
      data: { activated, ...(activated ? {} : { tokenVersion: { increment: 1 } }) },
    });
    // Only the request that made the change records it (two at once: one wins).
    if (count) {
      await recordAudit(tx, auth, [
        { entity: 'USER', entityId: id, action: 'UPDATE', before: { activated: !activated }, after: { activated } },
      ]);
    }
    return tx.user.findUniqueOrThrow({ where: { id }, select: staffSelect });
  });
  return toStaff(updated);
}
