import { Router } from 'express';
import { termRegisterEndpoints as endpoints } from '../../../src/contracts/term-registers';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { exportTermRegisters, listTermRegisters } from './list-term-registers';
import {
  createTermRegister,
  deleteTermRegister,
  getTermRegister,
  setTermRegisterPaid,
  updateTermRegister,
} from './write-term-register';

export function termRegistersRouter({ prisma }: AppDeps): Router {
  const router = Router();
  // The fixed path comes before /term-registers/:id.
  route(router, endpoints.export, ({ auth, query, res }) => exportTermRegisters(prisma, auth, query, res));
  route(router, endpoints.list, ({ auth, query }) => listTermRegisters(prisma, auth, query));
  route(router, endpoints.get, ({ auth, params }) => getTermRegister(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body }) => createTermRegister(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => updateTermRegister(prisma, auth, params.id, body));
  route(router, endpoints.setPaid, ({ auth, params, body }) => setTermRegisterPaid(prisma, auth, params.id, body));
  route(router, endpoints.remove, ({ auth, params }) => deleteTermRegister(prisma, auth, params.id));
  return router;
}
