import { Router } from 'express';
import { voucherEndpoints as endpoints } from '../../../src/contracts/vouchers';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { createVoucherPurchase } from './create-voucher-purchase';
import { exportVoucherPurchases, getVoucherPurchase, listVoucherPurchases } from './list-voucher-purchases';
import { studentLedger } from './student-ledger';

export function vouchersRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.list, ({ auth, query }) => listVoucherPurchases(prisma, auth, query));
  // Fixed paths first: '/voucher-purchases/export' must not be taken for '/voucher-purchases/:id'.
  route(router, endpoints.exportXlsx, ({ auth, query, res }) => exportVoucherPurchases(prisma, auth, query, res));
  route(router, endpoints.get, ({ auth, params }) => getVoucherPurchase(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body }) => createVoucherPurchase(prisma, auth, body));
  route(router, endpoints.ledger, ({ auth, params, query }) => studentLedger(prisma, auth, params.id, query));
  return router;
}
