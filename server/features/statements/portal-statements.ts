// The family portal's statements (issue 21): the months with activity of the caller's own household and
// each month's statement PDF. The household is the caller's (portalScope): another family's statement
// cannot be named, and an account of no household is a 404.
import type { Response } from 'express';
import type { TStatementMonths } from '../../../src/contracts/statements';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import type { Locale } from '../../i18n/locale';
import { portalScope } from '../portal/household-of';
import { householdStatement, statementMonths } from './statement-data';
import { statementFileName, statementPdf } from './statement-pdf';

export async function portalStatementMonths(prisma: PrismaClient, auth: AuthContext): Promise<TStatementMonths> {
  const scope = await portalScope(prisma, auth);
  return { data: await statementMonths(prisma, scope.organisationId, scope.householdId), success: true };
}

export async function portalStatementPdf(
  prisma: PrismaClient,
  auth: AuthContext,
  month: string,
  locale: Locale,
  res: Response,
) {
  const scope = await portalScope(prisma, auth);
  const statement = await householdStatement(prisma, scope.organisationId, scope.householdId, month);
  const bytes = await statementPdf(statement, locale);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${statementFileName(statement)}"`);
  res.end(Buffer.from(bytes));
  return undefined;
}
