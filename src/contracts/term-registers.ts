import { optionalText, ZDate, ZId, ZIdParams, ZMoney, ZQueryBoolean } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

export { ALREADY_REGISTERED_MESSAGE } from './messages';

export const termPaymentTypes = ['CASH', 'CARD', 'E_TRANSFER', 'CHEQUE', 'VOUCHER', 'OTHER'] as const;
export const ZTermPaymentType = z.enum(termPaymentTypes, 'Choose a payment type');
export type TTermPaymentType = z.infer<typeof ZTermPaymentType>;

export const COURSE_NOT_TERMS_MESSAGE = "The course must be the term's course";

export const ZTermRegisterBody = z.object({
  paymentType: ZTermPaymentType,
  price: ZMoney,
  termId: ZId,
  studentId: ZId,
  /** Defaults to the term's course, and must be it. */
  courseId: ZId.optional(),
  /** Left out: the term's teacher; null: no teacher. */
  teacherId: ZId.nullable().optional(),
  comments: optionalText(5000),
  paid: z.boolean().default(false),
  /** With paid: the day the money came in (default the centre's today) and how (default paymentType). */
  paidOn: ZDate.optional(),
  paidMethod: ZTermPaymentType.optional(),
});
export type TTermRegisterBody = z.input<typeof ZTermRegisterBody>;

export const ZTermRegister = z.object({
  id: z.number().int(),
  paymentType: ZTermPaymentType,
  price: z.string(),
  paid: z.boolean(),
  /** When marked paid: the day the money came in and how; null when unpaid or not recorded. */
  paidOn: z.string().nullable(),
  paidMethod: ZTermPaymentType.nullable(),
  comments: z.string().nullable(),
  createdAt: z.string(),
  term: z.object({ id: z.number().int(), name: z.string(), startDate: z.string(), endDate: z.string() }),
  course: ZNamed,
  teacher: ZNamed.nullable(),
  student: z.object({ id: z.number().int(), studentId: z.string(), name: z.string() }),
});
export type TTermRegister = z.infer<typeof ZTermRegister>;

export const ZSetPaidBody = z.object({
  paid: z.boolean(),
  paidOn: ZDate.optional(),
  paidMethod: ZTermPaymentType.optional(),
});
export type TSetPaidBody = z.input<typeof ZSetPaidBody>;

export const ZTermRegisterFilters = z.object({
  paid: blankAsAbsent(ZQueryBoolean),
  studentId: blankAsAbsent(ZId),
  termId: blankAsAbsent(ZId),
  courseId: blankAsAbsent(ZId),
  teacherId: blankAsAbsent(ZId),
  /** Created on or after this day / on or before this day, in the centre's time zone. */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
  /** Student name or student ID. */
  q: blankAsAbsent(z.string().trim().max(100)),
});
export const ZTermRegisterListQuery = ZListQuery.extend({
  ...ZTermRegisterFilters.shape,
  sortField: z.enum(['createdAt', 'price', 'paid']).optional(),
});
export type TTermRegisterListQuery = z.output<typeof ZTermRegisterListQuery>;

const common = { right: 'records:manage', tag: 'term-registers' } as const;
export const termRegisterEndpoints = {
  export: defineEndpoint({
    ...common,
    method: 'get',
    path: '/term-registers/export',
    summary: 'The filtered term registrations as an .xlsx file',
    query: ZTermRegisterFilters,
  }),
  list: defineEndpoint({
    ...common,
    method: 'get',
    path: '/term-registers',
    summary: "The centre's term registrations, filtered, sorted and paged",
    query: ZTermRegisterListQuery,
    reply: listReply(ZTermRegister),
  }),
  get: defineEndpoint({
    ...common,
    method: 'get',
    path: '/term-registers/:id',
    summary: 'One term registration',
    params: ZIdParams,
    reply: ZTermRegister,
  }),
  create: defineEndpoint({
    ...common,
    method: 'post',
    path: '/term-registers',
    summary: 'Register a student for a term',
    body: ZTermRegisterBody,
    reply: ZTermRegister,
    status: 201,
  }),
  update: defineEndpoint({
    ...common,
    method: 'put',
    path: '/term-registers/:id',
    summary: 'Change a term registration',
    params: ZIdParams,
    body: ZTermRegisterBody,
    reply: ZTermRegister,
  }),
  setPaid: defineEndpoint({
    ...common,
    method: 'post',
    path: '/term-registers/:id/paid',
    summary:
      'Mark a term registration paid (on paidOn, default today; by paidMethod, default its payment type) or unpaid',
    params: ZIdParams,
    body: ZSetPaidBody,
    reply: ZTermRegister,
  }),
  remove: defineEndpoint({
    ...common,
    method: 'delete',
    path: '/term-registers/:id',
    summary: 'Delete a term registration',
    params: ZIdParams,
    status: 204,
  }),
};
