import { Router } from 'express';
import { moneyMoveEndpoints as endpoints } from '../../../src/contracts/money-moves';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { previewAttendance } from './money-moves';

/** Previews of what an action would move on voucher balances (nothing saved). */
export function moneyMovesRouter({ prisma }: AppDeps): Router {
  const router = Router();
  route(router, endpoints.attendancePreview, ({ auth, params, query }) =>
    previewAttendance(prisma, auth, params, query.attendance),
  );
  return router;
}
