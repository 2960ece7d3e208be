// A guardian asks the centre to erase their household's personal data (issue 21): one open request per
// household, the centre's admins told by a notice, the guardian by an email in their language; the
// guardian may withdraw it while it waits. The admins list the requests (completing one:
// complete-erasure.ts).
import type { z } from 'zod';
import {
  EXPORTS_PER_GUARDIAN_PER_HOUR,
  type TErasureRequest,
  type TPortalPrivacy,
  type ZErasureRequestBody,
  type ZErasureRequestListQuery,
} from '../../../src/contracts/privacy';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { pageArgs } from '../../http/list';
import { organisationOf } from '../../http/tenancy';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { centreUsersWithRole, createNotices } from '../../notices/create-notices';
import { portalScope } from '../portal/household-of';
import { erasureRequestedEmail, langOf } from './privacy-texts';

type Db = PrismaClient | Prisma.TransactionClient;

/** Locks the household row: requests of one household are decided one at a time. */
export const lockHousehold = (tx: Prisma.TransactionClient, householdId: number) =>
  tx.$executeRaw`SELECT 1 FROM "Household" WHERE "id" = ${householdId} FOR NO KEY UPDATE`;

async function privacyState(db: Db, householdId: number): Promise<TPortalPrivacy> {
  const latest = await db.erasureRequest.findFirst({
    where: { householdId },
    orderBy: { id: 'desc' },
    select: { id: true, status: true, requestedAt: true, reason: true },
  });
  return {
    erasure: latest ? { ...latest, requestedAt: latest.requestedAt.toISOString() } : null,
    exportsPerHour: EXPORTS_PER_GUARDIAN_PER_HOUR,
  };
}

export async function portalPrivacy(prisma: PrismaClient, auth: AuthContext): Promise<TPortalPrivacy> {
  const scope = await portalScope(prisma, auth);
  return privacyState(prisma, scope.householdId);
}

export async function requestErasure(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  body: z.output<typeof ZErasureRequestBody>,
): Promise<TPortalPrivacy> {
  const scope = await portalScope(prisma, auth);
  const guardian = await prisma.guardian.findFirstOrThrow({
    where: { userId: auth.userId, householdId: scope.householdId },
    select: {
      id: true,
      name: true,
      email: true,
      allowEmail: true,
      langKey: true,
      organisation: { select: { name: true } },
    },
  });
  const messages = guardian.email ? requireQueue(queue) : undefined;
  return prisma.$transaction(async (tx) => {
    await lockHousehold(tx, scope.householdId);
    const open = await tx.erasureRequest.count({ where: { householdId: scope.householdId, status: 'REQUESTED' } });
    if (open) throw new AppError('conflict', 'Your household has already asked for erasure: the centre is handling it');
    const request = await tx.erasureRequest.create({
      data: {
        organisationId: scope.organisationId,
        householdId: scope.householdId,
        requestedById: auth.userId,
        reason: body.reason ?? null,
      },
      select: { id: true },
    });
    const admins = await centreUsersWithRole(tx, scope.organisationId, ['ROLE_ADMIN']);
    await createNotices(tx, admins, {
      organisationId: scope.organisationId,
      type: 'ERASURE_REQUESTED',
      entityType: 'ERASURE_REQUEST',
      entityId: request.id,
      data: { household: scope.householdName },
      key: `ERASURE_REQUESTED:${request.id}`,
    });
    // The confirmation is owed whatever the guardian chose about other emails: it answers their request.
    if (messages && guardian.email) {
      const email = erasureRequestedEmail({
        lang: langOf(guardian.langKey),
        centre: guardian.organisation.name,
        name: guardian.name,
      });
      await enqueueMessage(tx, messages, {
        organisationId: scope.organisationId,
        channel: 'EMAIL',
        recipient: guardian.email,
        recipientName: guardian.name,
        template: 'erasure-requested',
        ...email,
        entityType: 'GUARDIAN',
        entityId: guardian.id,
        queuedById: auth.userId,
      });
    }
    return privacyState(tx, scope.householdId);
  });
}

/** The guardian withdraws the household's open request; 409 when none is open. */
export async function cancelErasure(prisma: PrismaClient, auth: AuthContext): Promise<TPortalPrivacy> {
  const scope = await portalScope(prisma, auth);
  return prisma.$transaction(async (tx) => {
    await lockHousehold(tx, scope.householdId);
    const open = await tx.erasureRequest.findFirst({
      where: { householdId: scope.householdId, status: 'REQUESTED' },
      select: { id: true },
    });
    if (!open) throw new AppError('conflict', 'Your household has no erasure request waiting');
    await tx.erasureRequest.update({ where: { id: open.id }, data: { status: 'CANCELLED' } });
    // The admins' notices would point at a request that no longer waits.
    await tx.notice.deleteMany({
      where: { organisationId: scope.organisationId, entityType: 'ERASURE_REQUEST', entityId: open.id },
    });
    return privacyState(tx, scope.householdId);
  });
}

export const erasureRequestSelect = {
  id: true,
  householdId: true,
  requestedAt: true,
  requestedById: true,
  reason: true,
  status: true,
  completedAt: true,
  completedById: true,
  household: {
    select: {
      name: true,
      students: { select: { firstName: true, lastName: true }, orderBy: [{ firstName: 'asc' }, { id: 'asc' }] },
    },
  },
} as const satisfies Prisma.ErasureRequestSelect;
type RequestRow = Prisma.ErasureRequestGetPayload<{ select: typeof erasureRequestSelect }>;

/** The rows as the desk shows them, with who asked (the guardian's name) and who completed it. */
export async function toErasureRequests(db: Db, rows: RequestRow[]): Promise<TErasureRequest[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.requestedById, r.completedById]).filter((id) => id !== null))];
  const users = userIds.length
    ? await db.user.findMany({
        where: { id: { in: userIds } },
        select: { id: true, login: true, firstName: true, lastName: true, guardian: { select: { name: true } } },
      })
    : [];
  const nameOf = (id: number | null) => {
    const user = users.find((u) => u.id === id);
    if (!user) return null;
    return user.guardian?.name ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.login);
  };
  return rows.map((r) => ({
    id: r.id,
    householdId: r.householdId,
    household: r.household.name,
    students: r.household.students.map((s) => `${s.firstName} ${s.lastName}`.trim()),
    requestedAt: r.requestedAt.toISOString(),
    requestedBy: nameOf(r.requestedById),
    reason: r.reason,
    status: r.status,
    completedAt: r.completedAt?.toISOString() ?? null,
    completedBy: nameOf(r.completedById),
  }));
}

export async function listErasureRequests(
  prisma: PrismaClient,
  auth: AuthContext,
  query: z.output<typeof ZErasureRequestListQuery>,
) {
  const where: Prisma.ErasureRequestWhereInput = {
    organisationId: organisationOf(auth),
    ...(query.status ? { status: query.status } : {}),
  };
  const order = query.sortOrder === 'ascend' ? Prisma.SortOrder.asc : Prisma.SortOrder.desc;
  const [rows, total] = await prisma.$transaction([
    prisma.erasureRequest.findMany({
      where,
      orderBy: [{ requestedAt: order }, { id: order }],
      ...pageArgs(query),
      select: erasureRequestSelect,
    }),
    prisma.erasureRequest.count({ where }),
  ]);
  return { data: await toErasureRequests(prisma, rows), total, success: true as const };
}
