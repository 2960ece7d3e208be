import { Router } from 'express';
import { similarEndpoints } from '../../../src/contracts/similar';
import { studentEndpoints as endpoints } from '../../../src/contracts/students';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { sendInTurns } from '../../http/spreadsheet';
import { importStudents, sendImportTemplate } from './import-students';
import { exportStudents, listStudents } from './list-students';
import { nextStudentId } from './next-student-id';
import { createStudent, getStudent, updateStudent } from './save-student';
import { similarStudents } from './similar-records';
import { activateStudent, deactivateStudent, deactivateStudents } from './student-activation';

export function studentsRouter({ prisma }: AppDeps): Router {
  const router = Router();
  // Fixed paths first: '/students/export' must not be taken for '/students/:id'.
  route(router, endpoints.list, ({ auth, query }) => listStudents(prisma, auth, query));
  route(router, endpoints.exportXlsx, ({ auth, query, res }) => exportStudents(prisma, auth, query, res));
  route(router, endpoints.nextId, ({ auth }) => nextStudentId(prisma, auth));
  route(router, similarEndpoints.students, ({ auth, query }) => similarStudents(prisma, auth, query));
  route(router, endpoints.importTemplate, ({ res }) => sendImportTemplate(res));
  route(router, endpoints.importFile, async ({ auth, query, req, res }) =>
    sendInTurns(res, await importStudents(prisma, auth, req, query.dryRun), req.locale),
  );
  route(router, endpoints.deactivateMany, ({ auth, body }) => deactivateStudents(prisma, auth, body.ids));
  route(router, endpoints.get, ({ auth, params }) => getStudent(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body }) => createStudent(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => updateStudent(prisma, auth, params.id, body));
  route(router, endpoints.activate, ({ auth, params }) => activateStudent(prisma, auth, params.id));
  route(router, endpoints.deactivate, ({ auth, params }) => deactivateStudent(prisma, auth, params.id));
  return router;
}
