import { optionalText, ZId, ZIdParams } from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

export { COURSE_NUMBER_TAKEN_MESSAGE } from './messages';

export const COURSE_IN_USE_MESSAGE = 'This course has terms or registrations and cannot be deleted';

/** A required one-line text: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`);

/** An optional query filter for which an empty value (`?from=`) means "not filtered". */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A person or record as a select shows it. */
export const ZNamed = z.object({ id: z.number().int(), name: z.string() });
export type TNamed = z.infer<typeof ZNamed>;

export const ZCourseBody = z.object({
  school: requiredText('School', 100),
  courseNumber: requiredText('Course number', 40),
  name: requiredText('Name', 100),
  description: optionalText(5000),
  teacherIds: z.array(ZId).max(200, 'At most 200 teachers').default([]),
});
export type TCourseBody = z.input<typeof ZCourseBody>;

export const ZCourse = z.object({
  id: z.number().int(),
  school: z.string().nullable(),
  courseNumber: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  teachers: z.array(ZNamed),
  createdAt: z.string(),
});
export type TCourse = z.infer<typeof ZCourse>;

export const ZCourseFilters = z.object({
  school: z.string().trim().max(100).optional(),
  courseNumber: z.string().trim().max(40).optional(),
  name: z.string().trim().max(100).optional(),
  q: z.string().trim().max(100).optional(),
});
export const ZCourseListQuery = ZListQuery.extend({
  ...ZCourseFilters.shape,
  sortField: z.enum(['name', 'school', 'courseNumber', 'createdAt']).optional(),
});
export type TCourseListQuery = z.output<typeof ZCourseListQuery>;

const common = { right: 'records:manage', tag: 'courses' } as const;
export const courseEndpoints = {
  options: defineEndpoint({
    ...common,
    method: 'get',
    path: '/courses/options',
    summary: "The centre's courses as {id, name} for selects, by name",
    reply: z.array(ZNamed),
  }),
  export: defineEndpoint({
    ...common,
    method: 'get',
    path: '/courses/export',
    summary: 'The filtered course list as an .xlsx file',
    query: ZCourseFilters,
  }),
  list: defineEndpoint({
    ...common,
    method: 'get',
    path: '/courses',
    summary: "The centre's courses, filtered, sorted and paged",
    query: ZCourseListQuery,
    reply: listReply(ZCourse),
  }),
  get: defineEndpoint({
    ...common,
    method: 'get',
    path: '/courses/:id',
    summary: 'One course with its teachers',
    params: ZIdParams,
    reply: ZCourse,
  }),
  create: defineEndpoint({
    ...common,
    method: 'post',
    path: '/courses',
    summary: 'Add a course',
    body: ZCourseBody,
    reply: ZCourse,
    status: 201,
  }),
  update: defineEndpoint({
    ...common,
    method: 'put',
    path: '/courses/:id',
    summary: 'Change a course and its teachers',
    params: ZIdParams,
    body: ZCourseBody,
    reply: ZCourse,
  }),
  remove: defineEndpoint({
    ...common,
    method: 'delete',
    path: '/courses/:id',
    summary: 'Delete a course that no term or registration uses',
    params: ZIdParams,
    status: 204,
  }),
};
