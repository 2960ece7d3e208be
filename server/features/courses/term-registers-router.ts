import { Router } from 'express';
import { termRegisterEndpoints as endpoints } from '../../../src/contracts/term-registers';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../http/context';
import { route } from '../../http/route';
import { notFound } from '../../http/tenancy';
import { assertStudentsAtSites, studentsAtSites } from '../locations/site-checks';
import { sitesOf } from '../locations/sites';
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
  // A site-limited operator reaches the registers of their sites' students only (issue 23): another
  // site's register or student is not found.
  const ownRegister = async (auth: AuthContext, id: number) => {
    const register = await prisma.termRegister.findUnique({ where: { id }, select: { studentId: true } });
    if (register && sitesOf(auth) && !(await studentsAtSites(prisma, auth, [register.studentId])).size)
      throw notFound('Term register', id);
  };
  // The fixed path comes before /term-registers/:id.
  route(router, endpoints.export, ({ auth, query, res }) => exportTermRegisters(prisma, auth, query, res));
  route(router, endpoints.list, ({ auth, query }) => listTermRegisters(prisma, auth, query));
  route(router, endpoints.get, async ({ auth, params }) => {
    await ownRegister(auth, params.id);
    return getTermRegister(prisma, auth, params.id);
  });
  route(router, endpoints.create, async ({ auth, body }) => {
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return createTermRegister(prisma, auth, body);
  });
  route(router, endpoints.update, async ({ auth, params, body }) => {
    await ownRegister(auth, params.id);
    await assertStudentsAtSites(prisma, auth, [body.studentId]);
    return updateTermRegister(prisma, auth, params.id, body);
  });
  route(router, endpoints.setPaid, async ({ auth, params, body }) => {
    await ownRegister(auth, params.id);
    return setTermRegisterPaid(prisma, auth, params.id, body);
  });
  route(router, endpoints.remove, async ({ auth, params }) => {
    await ownRegister(auth, params.id);
    return deleteTermRegister(prisma, auth, params.id);
  });
  return router;
}
