// Which centre a billing request is about. A centre's admin: always their own centre (another id is a
// 404, as everywhere). The platform (ROLE_SYSTEM, no centre): the centre named by organisationId.
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound } from '../../http/tenancy';

export const isPlatform = (auth: AuthContext) => auth.authorities.includes('ROLE_SYSTEM');

export async function billingOrganisationId(
  prisma: PrismaClient,
  auth: AuthContext,
  organisationId: number | undefined,
): Promise<number> {
  if (isPlatform(auth)) {
    if (organisationId === undefined)
      throw new AppError('validation', 'organisationId: choose the centre', {
        fieldErrors: [{ field: 'organisationId', message: 'Required for the platform: choose the centre' }],
      });
    const found = await prisma.organisation.findUnique({ where: { id: organisationId }, select: { id: true } });
    if (!found) throw notFound('Centre', organisationId);
    return organisationId;
  }
  if (auth.organisationId === null) throw new AppError('forbidden', 'This account belongs to no centre');
  if (organisationId !== undefined && organisationId !== auth.organisationId) throw notFound('Centre', organisationId);
  return auth.organisationId;
}

/** An invoice id the caller may see: the platform any, an admin only their centre's (else 404). */
export async function visibleInvoice(prisma: PrismaClient, auth: AuthContext, invoiceId: number) {
  const invoice = await prisma.invoice.findUnique({ where: { id: invoiceId }, include: { organisation: true } });
  if (!invoice || (!isPlatform(auth) && invoice.organisationId !== auth.organisationId))
    throw notFound('Invoice', invoiceId);
  return invoice;
}
