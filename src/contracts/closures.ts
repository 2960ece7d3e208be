import { ZDate, ZIdParams } from './common';
import { requiredText } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

// Closures (issue 19 section 4): days a centre is closed, with a name ("Winter break"), inclusive
// local dates. New weekly series skip them; adding one lists the planned classes already on them,
// for the operator to cancel (batch cancel, with whom to tell) or move.

export const CLOSURE_MAX_DAYS = 366;
export const CLOSURE_END_MESSAGE = 'The last day is on or after the first day';

export const ZClosureBody = z
  .object({ name: requiredText('Name', 100), startDate: ZDate, endDate: ZDate })
  .refine((c) => c.endDate >= c.startDate, { path: ['endDate'], message: CLOSURE_END_MESSAGE })
  .refine((c) => Date.parse(c.endDate) - Date.parse(c.startDate) < CLOSURE_MAX_DAYS * 86_400_000, {
    path: ['endDate'],
    message: `A closure is at most ${CLOSURE_MAX_DAYS} days`,
  });
export type TClosureBody = z.input<typeof ZClosureBody>;

export const ZClosure = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Planned classes on its days now. */
  classCount: z.number().int(),
});
export type TClosure = z.infer<typeof ZClosure>;

/** A planned class on a closure's days. */
export const ZClosureClass = z.object({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  course: z.string(),
  teacher: z.string(),
  students: z.array(z.string()),
});
export type TClosureClass = z.infer<typeof ZClosureClass>;

export const ZClosureListQuery = ZListQuery.extend({ sortField: z.enum(['startDate']).optional() });

const manage = { right: 'schedules:manage', tag: 'closures' } as const;
export const closureEndpoints = {
  list: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/closures',
    summary: "The centre's closures, latest first, paged",
    query: ZClosureListQuery,
    reply: listReply(ZClosure),
  }),
  create: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/closures',
    summary: 'Add a closure; the reply lists the planned classes on its days',
    body: ZClosureBody,
    reply: z.object({ closure: ZClosure, classes: z.array(ZClosureClass) }),
    status: 201,
  }),
  update: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/closures/:id',
    summary: 'Change a closure; the reply lists the planned classes on its days',
    params: ZIdParams,
    body: ZClosureBody,
    reply: z.object({ closure: ZClosure, classes: z.array(ZClosureClass) }),
  }),
  remove: defineEndpoint({
    ...manage,
    method: 'delete',
    path: '/closures/:id',
    summary: 'Delete a closure (its classes stay as they are)',
    params: ZIdParams,
    status: 204,
  }),
  classes: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/closures/:id/classes',
    summary: 'The planned classes on the days of a closure, in time order',
    params: ZIdParams,
    reply: z.array(ZClosureClass),
  }),
};
