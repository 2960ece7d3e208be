import { Router } from 'express';
import { courseEndpoints as endpoints } from '../../../src/contracts/courses';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { courseOptions, exportCourses, listCourses } from './list-courses';
import { createCourse, deleteCourse, getCourse, updateCourse } from './write-course';

export function coursesRouter({ prisma }: AppDeps): Router {
  const router = Router();
  // The fixed paths come before /courses/:id.
  route(router, endpoints.options, ({ auth }) => courseOptions(prisma, auth));
  route(router, endpoints.export, ({ auth, query, res }) => exportCourses(prisma, auth, query, res));
  route(router, endpoints.list, ({ auth, query }) => listCourses(prisma, auth, query));
  route(router, endpoints.get, ({ auth, params }) => getCourse(prisma, auth, params.id));
  route(router, endpoints.create, ({ auth, body }) => createCourse(prisma, auth, body));
  route(router, endpoints.update, ({ auth, params, body }) => updateCourse(prisma, auth, params.id, body));
  route(router, endpoints.remove, ({ auth, params }) => deleteCourse(prisma, auth, params.id));
  return router;
}
