// One invoice for one centre and period (issue 10): the platform's hand-made invoice. In one
// transaction, under a lock of the organisation row (concurrent creations for a centre serialize):
// refuse an overlap with another non-VOID invoice, count the students served (unless overridden),
// price with invoice-math, insert the invoice and its students, and charge the credit it applies to
// the credit ledger. Nothing left to pay (credit covered it): PAID at once, method NONE.
import {
  INVALID_QUANTITY_MESSAGE,
  INVOICE_CREATE_FAILED_MESSAGE,
  INVOICE_OVERLAP_MESSAGE,
} from '../../../src/contracts/billing';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import { isConcurrencyFailure, isOverload } from '../../http/error-handler';
import { AppError, fieldError } from '../../http/errors';
import { toDbDate } from '../../http/list';
import { runtimeText } from '../../i18n/text';
import { appendCreditEntry, lockOrganisation } from './credit-ledger';
import { invoiceAmountsData, invoiceInputError, priceInvoice } from './invoice-math';
import { todayUtc } from './invoice-view';
import { addDays, platformPricing } from './pricing-inputs';
import { studentsServed } from './students-served';

type Tx = Prisma.TransactionClient;
const { Decimal } = Prisma;

export interface CreateInvoiceInput {
  organisationId: number;
  periodStart: string;
  periodEnd: string;
  invoiceDate?: string;
  dueDate?: string;
  quantity?: number;
  cycleId?: number | null;
  createdById?: number | null;
}

/** Whether a non-VOID invoice of the centre has a period intersecting [periodStart, periodEnd]. */
export async function overlappingInvoice(tx: Tx, organisationId: number, periodStart: string, periodEnd: string) {
  return tx.invoice.findFirst({
    where: {
      organisationId,
      status: { not: 'VOID' },
      periodStart: { lte: toDbDate(periodEnd) as Date },
      periodEnd: { gte: toDbDate(periodStart) as Date },
    },
    select: { id: true, number: true },
  });
}

export async function createInvoice(prisma: PrismaClient, input: CreateInvoiceInput) {
  if (input.periodEnd < input.periodStart) throw fieldError('periodEnd', 'The period must end on or after its start');
  const invoiceDate = input.invoiceDate ?? todayUtc();
  if (input.dueDate !== undefined && input.dueDate < invoiceDate)
    throw fieldError('dueDate', 'The due date must be on or after the invoice date');
  try {
    return await prisma.$transaction(async (tx) => {
      // Locked first: concurrent creations for the centre wait here, then read what the first wrote.
      const creditBalance = await lockOrganisation(tx, input.organisationId);
      const organisation = await tx.organisation.findUniqueOrThrow({ where: { id: input.organisationId } });
      if (await overlappingInvoice(tx, input.organisationId, input.periodStart, input.periodEnd))
        throw new AppError('conflict', INVOICE_OVERLAP_MESSAGE);
      const pricing = await platformPricing(tx);
      const served =
        input.quantity === undefined
          ? await studentsServed(tx, [input.organisationId], input.periodStart, input.periodEnd)
          : [];
      const quantity = input.quantity ?? served.length;
      const priceInput = {
        quantity,
        tiers: pricing.tiers,
        minimumCharge: pricing.minimumCharge,
        creditBalance,
        taxRate: organisation.taxRate,
      };
      const inputError = invoiceInputError(priceInput);
      if (inputError?.field === 'quantity')
        throw new AppError('validation', INVALID_QUANTITY_MESSAGE, {
          fieldErrors: [{ field: 'quantity', message: INVALID_QUANTITY_MESSAGE }],
        });
      // A price list or credit saved before the limits (issue 20, finding 4) is refused, not a 500.
      if (inputError) throw fieldError(inputError.field, runtimeText(inputError.message), { code: 'conflict' });
      const amounts = priceInvoice(priceInput);
      const total = new Decimal(amounts.total);
      const dueDate = input.dueDate ?? addDays(invoiceDate, pricing.dueDays);
      const invoice = await tx.invoice.create({
        data: {
          organisationId: input.organisationId,
          cycleId: input.cycleId ?? null,
          periodStart: toDbDate(input.periodStart) as Date,
          periodEnd: toDbDate(input.periodEnd) as Date,
          invoiceDate: toDbDate(invoiceDate) as Date,
          dueDate: toDbDate(dueDate) as Date,
          currency: pricing.currency,
          quantity,
          quantityOverridden: input.quantity !== undefined,
          ...invoiceAmountsData(amounts),
          ...(total.isZero() ? { status: 'PAID' as const, paidAt: new Date(), paidMethod: 'NONE' as const } : {}),
          createdById: input.createdById ?? null,
        },
        include: { organisation: true },
      });
      if (served.length)
        await tx.invoiceStudent.createMany({
          data: served.map((s) => ({ invoiceId: invoice.id, studentId: s.studentId, name: s.name })),
        });
      const credit = new Decimal(amounts.creditApplied);
      if (credit.gt(0))
        await appendCreditEntry(tx, {
          organisationId: input.organisationId,
          type: 'INVOICE_CHARGE',
          amount: credit.neg(),
          invoiceId: invoice.id,
          createdById: input.createdById ?? null,
        });
      return invoice;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A concurrent cycle's invoice for the same (cycle, centre), or another unique clash.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw new AppError('conflict', INVOICE_OVERLAP_MESSAGE);
    // The reply says only that it failed; the error handler logs the cause under the trace id.
    // A clash with another transaction (409) or an overloaded database (503) is the error handler's to say.
    if (isConcurrencyFailure(error) || isOverload(error)) throw error;
    throw new AppError('internal', INVOICE_CREATE_FAILED_MESSAGE, { cause: error });
  }
}
