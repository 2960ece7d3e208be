import { Router } from 'express';
import { billingEndpoints as endpoints } from '../../../src/contracts/billing';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createInvoice } from './create-invoice';
import { getInvoice, listInvoices, markInvoicePaid, voidInvoice } from './invoice-ops';
import { invoicePdf } from './invoice-pdf';

/** Billing — invoices: list, get, PDF, create by hand, mark paid, void (helper A). */
export function invoicesRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.listInvoices, ({ auth, query }) => listInvoices(prisma, auth, query));
  route(router, endpoints.getInvoice, ({ auth, params }) => getInvoice(prisma, auth, params.id));
  route(router, endpoints.invoicePdf, ({ auth, params, res }) => invoicePdf(prisma, auth, params.id, res));
  route(router, endpoints.createInvoice, async ({ auth, body }) => {
    const invoice = await createInvoice(prisma, {
      organisationId: body.organisationId,
      periodStart: body.periodStart,
      periodEnd: body.periodEnd,
      invoiceDate: body.invoiceDate,
      dueDate: body.dueDate,
      quantity: body.quantity,
      createdById: auth.userId,
    });
    return getInvoice(prisma, auth, invoice.id);
  });
  route(router, endpoints.markInvoicePaid, ({ auth, params, body }) =>
    markInvoicePaid(prisma, auth, params.id, body.note),
  );
  route(router, endpoints.voidInvoice, ({ auth, params, body }) => voidInvoice(prisma, auth, params.id, body.reason));
  return router;
}
