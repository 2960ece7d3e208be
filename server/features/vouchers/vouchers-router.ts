import { Router } from 'express';
import { voucherPaymentMethodEndpoints as methods } from '../../../src/contracts/voucher-payment-methods';
import { voucherEndpoints as endpoints } from '../../../src/contracts/vouchers';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { notFound } from '../../http/tenancy';
import { studentsAtSites } from '../locations/site-checks';
import { createVoucherPurchase } from './create-voucher-purchase';
import { exportVoucherPurchases, getVoucherPurchase, listVoucherPurchases } from './list-voucher-purchases';
import { setVoucherPaymentMethods, voucherPaymentMethods } from './payment-methods';
import { studentLedger } from './student-ledger';
import { downloadReceipt } from './voucher-receipt';

export function vouchersRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listVoucherPurchases(prisma, auth, query));
  // Fixed paths first: '/voucher-purchases/export' must not be taken for '/voucher-purchases/:id'.
  route(router, endpoints.exportXlsx, ({ auth, query, res }) => exportVoucherPurchases(prisma, auth, query, res));
  route(router, endpoints.get, ({ auth, params }) => getVoucherPurchase(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body, req }) =>
    createVoucherPurchase({ prisma, queue }, auth, body, req.locale ?? 'en-US'),
  );
  route(router, methods.get, ({ auth }) => voucherPaymentMethods(prisma, auth));
  route(router, methods.put, ({ auth, body }) => setVoucherPaymentMethods(prisma, auth, body));
  route(router, methods.receipt, async ({ auth, params, req, res }) => {
    // Another site's student's receipt is not found for a site-limited operator (issue 23).
    const purchase = await prisma.voucherPurchase.findUnique({ where: { id: params.id }, select: { studentId: true } });
    if (purchase && !(await studentsAtSites(prisma, auth, [purchase.studentId])).size)
      throw notFound('Voucher purchase', params.id);
    return downloadReceipt(prisma, auth, params.id, req.locale ?? 'en-US', res);
  });
  route(router, endpoints.ledger, ({ auth, params, query }) => studentLedger(prisma, auth, params.id, query));
  return router;
}
