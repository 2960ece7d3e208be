import { Router } from 'express';
import { similarEndpoints } from '../../../src/contracts/similar';
import { teacherEndpoints as endpoints } from '../../../src/contracts/teachers';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { sendInTurns } from '../../http/spreadsheet';
import { similarTeachers } from '../students/similar-records';
import { importTeachers, sendImportTemplate } from './import-teachers';
import { exportTeachers, listTeachers, teacherOptions } from './list-teachers';
import { createTeacher, findTeacher, updateTeacher } from './save-teacher';
import { deleteTeacher, setTeacherActivated } from './teacher-activation';
import { sinViewFor, toTeacher } from './teacher-view';

export function teachersRouter({ prisma, sinKey }: AppDeps): Router {
  const router = Router();
  // The fixed paths come before /teachers/:id, so that "export" or "options" is never read as an id.
  route(router, endpoints.list, ({ auth, query }) => listTeachers(prisma, auth, query, sinViewFor(auth, sinKey)));
  route(router, endpoints.export, async ({ auth, query, res }) => {
    await exportTeachers(prisma, auth, query, res);
    return undefined;
  });
  route(router, endpoints.options, ({ auth }) => teacherOptions(prisma, auth));
  route(router, similarEndpoints.teachers, ({ auth, query }) => similarTeachers(prisma, auth, query));
  route(router, endpoints.importTemplate, ({ res }) => sendImportTemplate(res));
  route(router, endpoints.import, async ({ auth, req, res, query }) =>
    sendInTurns(res, await importTeachers({ prisma, auth, sinKey }, req, query.dryRun), req.locale),
  );
  route(router, endpoints.get, async ({ auth, params }) =>
    toTeacher(await findTeacher(prisma, auth, params.id), sinViewFor(auth, sinKey)),
  );
  route(router, endpoints.create, ({ auth, body }) =>
    createTeacher({ prisma, auth, view: sinViewFor(auth, sinKey) }, body),
  );
  route(router, endpoints.update, ({ auth, params, body }) =>
    updateTeacher({ prisma, auth, view: sinViewFor(auth, sinKey) }, params.id, body),
  );
  route(router, endpoints.activate, ({ auth, params }) =>
    setTeacherActivated({ prisma, auth, view: sinViewFor(auth, sinKey) }, params.id, true),
  );
  route(router, endpoints.deactivate, ({ auth, params }) =>
    setTeacherActivated({ prisma, auth, view: sinViewFor(auth, sinKey) }, params.id, false),
  );
  route(router, endpoints.delete, ({ auth, params }) => deleteTeacher(prisma, auth, params.id));
  return router;
}
