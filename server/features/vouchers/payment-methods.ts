// Voucher payment methods (issue 19): the built-in codes, shown translated, and the centre's own names
// (Organisation.voucherPaymentMethods), which an admin adds and removes on /profile. A purchase names
// one of them; a method removed later stays on the purchases that used it.
import {
  builtInPaymentMethods,
  isBuiltInPaymentMethod,
  PAYMENT_METHOD_UNKNOWN_MESSAGE,
  type TBuiltInPaymentMethod,
  type TVoucherPaymentMethods,
  type TVoucherPaymentMethodsBody,
} from '../../../src/contracts/voucher-payment-methods';
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import type { Locale } from '../../i18n/locale';
import { render, type ServerText } from '../../i18n/text';

const LABELS: Record<TBuiltInPaymentMethod, ServerText> = {
  CASH: 'Cash',
  CARD: 'Card',
  E_TRANSFER: 'E-transfer',
  CHEQUE: 'Cheque',
};

/** What a person reads for a stored method: a built-in code translated, a centre's own name as it is. */
export function paymentMethodLabel(method: string | null | undefined, locale: Locale): string | null {
  if (!method) return null;
  return isBuiltInPaymentMethod(method) ? render(LABELS[method], locale) : method;
}

const view = (extras: readonly string[]): TVoucherPaymentMethods => ({
  builtIn: [...builtInPaymentMethods],
  extras: [...extras],
});

export async function voucherPaymentMethods(prisma: PrismaClient, auth: AuthContext) {
  const centre = await prisma.organisation.findUniqueOrThrow({
    where: { id: organisationOf(auth) },
    select: { voucherPaymentMethods: true },
  });
  return view(centre.voucherPaymentMethods);
}

/** Replaces the centre's own methods, audited, under the centre's row lock. */
export async function setVoucherPaymentMethods(
  prisma: PrismaClient,
  auth: AuthContext,
  body: TVoucherPaymentMethodsBody,
) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Organisation" WHERE id = ${organisationId} FOR NO KEY UPDATE`;
    const select = { voucherPaymentMethods: true } as const;
    const before = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId }, select });
    const after = await tx.organisation.update({
      where: { id: organisationId },
      data: { voucherPaymentMethods: body.extras },
      select,
    });
    await recordAudit(tx, auth, [
      {
        entity: 'ORGANISATION',
        entityId: organisationId,
        action: 'UPDATE',
        before: { voucherPaymentMethods: before.voucherPaymentMethods.join(', ') },
        after: { voucherPaymentMethods: after.voucherPaymentMethods.join(', ') },
      },
    ]);
    return view(after.voucherPaymentMethods);
  });
}

/** Refuses (400 naming paymentMethod) a method that is neither built in nor one of the centre's. */
export async function checkPaymentMethod(tx: Prisma.TransactionClient, organisationId: number, method: string | null) {
  if (method === null || isBuiltInPaymentMethod(method)) return;
  const centre = await tx.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { voucherPaymentMethods: true },
  });
  if (!centre.voucherPaymentMethods.includes(method)) throw fieldError('paymentMethod', PAYMENT_METHOD_UNKNOWN_MESSAGE);
}
