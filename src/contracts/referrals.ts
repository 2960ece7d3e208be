import { idOf, optionalText, ZId, ZIdParams, ZOptionalEmail, ZOptionalPhone } from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { REFERRER_REQUIRED } from './messages';
import { z } from './z';

export { REFERRER_REQUIRED } from './messages';

export const ZReferrerBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  phone: ZOptionalPhone,
  email: ZOptionalEmail,
  wechat: optionalText(60),
  comments: optionalText(5000),
});
export type TReferrerBody = z.input<typeof ZReferrerBody>;
export const ZReferrer = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechat: z.string().nullable(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type TReferrer = z.infer<typeof ZReferrer>;
export const ZReferrerListQuery = ZListQuery.extend({
  q: z.string().trim().max(100).optional(),
  sortField: z.enum(['name', 'createdAt']).optional(),
});

export const ZReferralBody = z.object({
  // The seed: "Referrer required on a referral"; null, '' and absent all mean "not chosen".
  referrerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idOf(REFERRER_REQUIRED)),
  studentId: ZId.nullish().transform((v) => v ?? null),
  comments: optionalText(5000),
});
export type TReferralBody = z.input<typeof ZReferralBody>;
export const ZReferral = z.object({
  id: z.number().int(),
  referrerId: z.number().int(),
  referrer: z.object({ id: z.number().int(), name: z.string() }),
  studentId: z.number().int().nullable(),
  student: z.object({ id: z.number().int(), studentId: z.string(), name: z.string() }).nullable(),
  comments: z.string().nullable(),
  createdAt: z.string(),
});
export type TReferral = z.infer<typeof ZReferral>;
export const ZReferralListQuery = ZListQuery.extend({
  referrerId: ZId.optional(),
  studentId: ZId.optional(),
  sortField: z.enum(['createdAt']).optional(),
});

const base = { right: 'records:manage', tag: 'referrals' } as const;
export const referrerEndpoints = {
  list: defineEndpoint({
    ...base,
    method: 'get',
    path: '/referrers',
    summary: 'Referrers of the centre',
    query: ZReferrerListQuery,
    reply: listReply(ZReferrer),
  }),
  get: defineEndpoint({
    ...base,
    method: 'get',
    path: '/referrers/:id',
    summary: 'One referrer',
    params: ZIdParams,
    reply: ZReferrer,
  }),
  create: defineEndpoint({
    ...base,
    method: 'post',
    path: '/referrers',
    summary: 'Create a referrer',
    body: ZReferrerBody,
    reply: ZReferrer,
    status: 201,
  }),
  update: defineEndpoint({
    ...base,
    method: 'put',
    path: '/referrers/:id',
    summary: 'Update a referrer',
    params: ZIdParams,
    body: ZReferrerBody,
    reply: ZReferrer,
  }),
};
export const referralEndpoints = {
  exportXlsx: defineEndpoint({
    ...base,
    method: 'get',
    path: '/referrals/export',
    summary: 'The filtered referral list as .xlsx',
    query: ZReferralListQuery.omit({ current: true, pageSize: true }),
  }),
  list: defineEndpoint({
    ...base,
    method: 'get',
    path: '/referrals',
    summary: 'Referrals of the centre',
    query: ZReferralListQuery,
    reply: listReply(ZReferral),
  }),
  get: defineEndpoint({
    ...base,
    method: 'get',
    path: '/referrals/:id',
    summary: 'One referral',
    params: ZIdParams,
    reply: ZReferral,
  }),
  create: defineEndpoint({
    ...base,
    method: 'post',
    path: '/referrals',
    summary: 'Record a referral',
    body: ZReferralBody,
    reply: ZReferral,
    status: 201,
  }),
  update: defineEndpoint({
    ...base,
    method: 'put',
    path: '/referrals/:id',
    summary: 'Update a referral',
    params: ZIdParams,
    body: ZReferralBody,
    reply: ZReferral,
  }),
  remove: defineEndpoint({
    ...base,
    method: 'delete',
    path: '/referrals/:id',
    summary: 'Delete a referral',
    params: ZIdParams,
    status: 204,
  }),
};
