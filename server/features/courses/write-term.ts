import type { z } from 'zod';
import { TERM_IN_USE_MESSAGE, type ZTermBody } from '../../../src/contracts/terms';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { toDbDate } from '../../http/list';
import { notFound, organisationOf } from '../../http/tenancy';
import { assertTeachersUsable, courseOfCentre } from './references';
import { termSelect, toTerm } from './term-view';

type TermBody = z.output<typeof ZTermBody>;

export async function getTerm(prisma: PrismaClient, auth: AuthContext, id: number) {
  const term = await prisma.term.findFirst({ where: { id, organisationId: organisationOf(auth) }, select: termSelect });
  if (!term) throw notFound('Term', id);
  return toTerm(term);
}

async function termData(
  tx: Prisma.TransactionClient,
  organisationId: number,
  body: TermBody,
  currentTeacherId: number | null = null,
) {
  await courseOfCentre(tx, organisationId, body.courseId);
  if (body.teacherId !== null) {
    await assertTeachersUsable(
      tx,
      organisationId,
      [body.teacherId],
      'teacherId',
      currentTeacherId ? [currentTeacherId] : [],
    );
  }
  return {
    name: body.name,
    school: body.school,
    courseId: body.courseId,
    teacherId: body.teacherId,
    startDate: toDbDate(body.startDate) as Date,
    endDate: toDbDate(body.endDate) as Date,
    comments: body.comments,
  };
}

export async function createTerm(prisma: PrismaClient, auth: AuthContext, body: TermBody) {
  const organisationId = organisationOf(auth);
  const term = await prisma.$transaction(async (tx) =>
    tx.term.create({ data: { ...(await termData(tx, organisationId, body)), organisationId }, select: termSelect }),
  );
  return toTerm(term);
}

export async function updateTerm(prisma: PrismaClient, auth: AuthContext, id: number, body: TermBody) {
  const organisationId = organisationOf(auth);
  const term = await prisma.$transaction(async (tx) => {
    const current = await tx.term.findFirst({ where: { id, organisationId }, select: { teacherId: true } });
    if (!current) throw notFound('Term', id);
    const data = await termData(tx, organisationId, body, current.teacherId);
    return tx.term.update({ where: { id }, data, select: termSelect });
  });
  return toTerm(term);
}

export async function deleteTerm(prisma: PrismaClient, auth: AuthContext, id: number): Promise<undefined> {
  const organisationId = organisationOf(auth);
  await prisma.$transaction(async (tx) => {
    const term = await tx.term.findFirst({
      where: { id, organisationId },
      select: { _count: { select: { registers: true } } },
    });
    if (!term) throw notFound('Term', id);
    if (term._count.registers > 0) throw new AppError('conflict', TERM_IN_USE_MESSAGE, { errorKey: 'terminuse' });
    await tx.term.delete({ where: { id } });
  });
  return undefined;
}
