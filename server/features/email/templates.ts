// Saved email templates of a centre (the Templates tab, the seed's "Email Template").
import type { z } from 'zod';
import {
  TEMPLATE_NAME_TAKEN_MESSAGE,
  type TEmailTemplate,
  type ZEmailTemplateBody,
  type ZEmailTemplateListQuery,
} from '../../../src/contracts/email';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs, sortArgs } from '../../http/list';
import { containsLiteral } from '../../http/search';
import { notFound, organisationOf } from '../../http/tenancy';
import { refuseDuplicate } from '../courses/unique-refusal';

type TemplateBody = z.output<typeof ZEmailTemplateBody>;
type TemplateListQuery = z.output<typeof ZEmailTemplateListQuery>;

const nameTaken = refuseDuplicate(['name'], 'name', TEMPLATE_NAME_TAKEN_MESSAGE, 'templatenameexists');

const templateSelect = {
  id: true,
  name: true,
  subject: true,
  body: true,
  updatedAt: true,
  updatedBy: { select: { id: true, firstName: true, lastName: true, login: true } },
} as const satisfies Prisma.EmailTemplateSelect;
type TemplateRow = Prisma.EmailTemplateGetPayload<{ select: typeof templateSelect }>;

export const personName = (u: { id: number; firstName: string | null; lastName: string | null; login: string }) => ({
  id: u.id,
  name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.login,
});

const toTemplate = ({ updatedBy, updatedAt, ...row }: TemplateRow): TEmailTemplate => ({
  ...row,
  updatedBy: updatedBy ? personName(updatedBy) : null,
  updatedAt: updatedAt.toISOString(),
});

export async function listTemplates(prisma: PrismaClient, auth: AuthContext, query: TemplateListQuery) {
  const where: Prisma.EmailTemplateWhereInput = {
    organisationId: organisationOf(auth),
    ...(query.q ? { OR: [{ name: containsLiteral(query.q) }, { subject: containsLiteral(query.q) }] } : {}),
  };
  const [rows, total] = await prisma.$transaction([
    prisma.emailTemplate.findMany({
      where,
      orderBy: sortArgs(query.sortField, query.sortOrder, 'name'),
      ...pageArgs(query),
      select: templateSelect,
    }),
    prisma.emailTemplate.count({ where }),
  ]);
  return { data: rows.map(toTemplate), total, success: true as const };
}

export async function templateOptions(prisma: PrismaClient, auth: AuthContext) {
  const rows = await prisma.emailTemplate.findMany({
    where: { organisationId: organisationOf(auth) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: 500,
    select: templateSelect,
  });
  return rows.map(toTemplate);
}

export async function createTemplate(prisma: PrismaClient, auth: AuthContext, body: TemplateBody) {
  const row = await prisma.emailTemplate
    .create({
      data: { ...body, organisationId: organisationOf(auth), updatedById: auth.userId },
      select: templateSelect,
    })
    .catch(nameTaken);
  return toTemplate(row);
}

export async function updateTemplate(prisma: PrismaClient, auth: AuthContext, id: number, body: TemplateBody) {
  const organisationId = organisationOf(auth);
  const row = await prisma
    .$transaction(async (tx) => {
      const found = await tx.emailTemplate.updateMany({
        where: { id, organisationId },
        data: { ...body, updatedById: auth.userId },
      });
      if (found.count === 0) throw notFound('Email template', id);
      return tx.emailTemplate.findUniqueOrThrow({ where: { id }, select: templateSelect });
    })
    .catch(nameTaken);
  return toTemplate(row);
}

export async function deleteTemplate(prisma: PrismaClient, auth: AuthContext, id: number): Promise<undefined> {
  const { count } = await prisma.emailTemplate.deleteMany({ where: { id, organisationId: organisationOf(auth) } });
  if (count === 0) throw notFound('Email template', id);
  return undefined;
}
