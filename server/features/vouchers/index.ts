import type { Router } from 'express';
import type { AppDeps } from '../../deps';
import { moneyMovesRouter } from './money-moves-router';
import { vouchersRouter } from './vouchers-router';

/** Routers of voucher purchases and the students' voucher ledgers. */
export function voucherRouters(deps: AppDeps): Router[] {
  return [vouchersRouter(deps), moneyMovesRouter(deps)];
}
