import { optionalText, ZDate, ZId, ZIdParams } from './common';
import { blankAsAbsent, requiredText, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { END_AFTER_START_MESSAGE } from './messages';
import { z } from './z';

export { END_AFTER_START_MESSAGE } from './messages';

export const TERM_IN_USE_MESSAGE = 'This term has registrations and cannot be deleted';

/** 'YYYY-MM-DD' strings compare like the dates they name. */
export const endsAfterStart = (startDate: string, endDate: string) => endDate > startDate;

export const ZTermBody = z
  .object({
    name: requiredText('Name', 100),
    school: requiredText('School', 100),
    courseId: ZId,
    teacherId: ZId.nullish().transform((v) => v ?? null),
    startDate: ZDate,
    endDate: ZDate,
    comments: optionalText(5000),
  })
  .refine((term) => endsAfterStart(term.startDate, term.endDate), {
    path: ['endDate'],
    message: END_AFTER_START_MESSAGE,
  });
export type TTermBody = z.input<typeof ZTermBody>;

export const ZTerm = z.object({
  id: z.number().int(),
  name: z.string(),
  school: z.string().nullable(),
  course: ZNamed,
  teacher: ZNamed.nullable(),
  startDate: z.string(),
  endDate: z.string(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type TTerm = z.infer<typeof ZTerm>;

export const ZTermFilters = z.object({
  courseId: blankAsAbsent(ZId),
  teacherId: blankAsAbsent(ZId),
  school: z.string().trim().max(100).optional(),
  /** Terms overlapping [from, to] (either end may be left open). */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
  q: z.string().trim().max(100).optional(),
});
export const ZTermListQuery = ZListQuery.extend({
  ...ZTermFilters.shape,
  sortField: z.enum(['name', 'startDate', 'endDate', 'school', 'createdAt']).optional(),
});
export type TTermListQuery = z.output<typeof ZTermListQuery>;

export const ZTermOption = z.object({ id: z.number().int(), label: z.string() });
export type TTermOption = z.infer<typeof ZTermOption>;

const common = { right: 'records:manage', tag: 'terms' } as const;
export const termEndpoints = {
  options: defineEndpoint({
    ...common,
    method: 'get',
    path: '/terms/options',
    summary: 'Terms as {id, label} for selects, newest first; optionally of one course',
    query: z.object({ courseId: blankAsAbsent(ZId) }),
    reply: z.array(ZTermOption),
  }),
  export: defineEndpoint({
    ...common,
    method: 'get',
    path: '/terms/export',
    summary: 'The filtered term list as an .xlsx file',
    query: ZTermFilters,
  }),
  list: defineEndpoint({
    ...common,
    method: 'get',
    path: '/terms',
    summary: "The centre's terms, filtered, sorted and paged",
    query: ZTermListQuery,
    reply: listReply(ZTerm),
  }),
  get: defineEndpoint({
    ...common,
    method: 'get',
    path: '/terms/:id',
    summary: 'One term',
    params: ZIdParams,
    reply: ZTerm,
  }),
  create: defineEndpoint({
    ...common,
    method: 'post',
    path: '/terms',
    summary: 'Add a term of a course',
    body: ZTermBody,
    reply: ZTerm,
    status: 201,
  }),
  update: defineEndpoint({
    ...common,
    method: 'put',
    path: '/terms/:id',
    summary: 'Change a term',
    params: ZIdParams,
    body: ZTermBody,
    reply: ZTerm,
  }),
  remove: defineEndpoint({
    ...common,
    method: 'delete',
    path: '/terms/:id',
    summary: 'Delete a term without registrations',
    params: ZIdParams,
    status: 204,
  }),
};
