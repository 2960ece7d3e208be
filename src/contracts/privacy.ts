// A family's data (issue 21, Privacy): a guardian downloads everything the centre holds about their
// household in one zip (GDPR article 20 / PIPEDA access) and may ask for erasure; the centre's admin
// completes the request (names and contacts anonymised, the ledger's amounts and dates kept).
import { optionalText, ZIdParams } from './common';
import { blankAsAbsent } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

/** Exports one guardian may download per hour (each reads the household's whole history). */
export const EXPORTS_PER_GUARDIAN_PER_HOUR = 3;
/** The names erased records take. */
export const FORMER_FAMILY = 'Former family';
export const FORMER_GUARDIAN = 'Former guardian';
export const FORMER_STUDENT = 'Former student';

export const erasureStatuses = ['REQUESTED', 'COMPLETED', 'CANCELLED'] as const;
export const ZErasureStatus = z.enum(erasureStatuses);
export type TErasureStatus = z.infer<typeof ZErasureStatus>;

/** The household's latest erasure request as its guardians see it. */
export const ZPortalErasure = z.object({
  id: z.number().int(),
  status: ZErasureStatus,
  requestedAt: z.string(),
  reason: z.string().nullable(),
});
export type TPortalErasure = z.infer<typeof ZPortalErasure>;

export const ZPortalPrivacy = z.object({
  /** The latest request (open, cancelled or done); null before any. */
  erasure: ZPortalErasure.nullable(),
  exportsPerHour: z.number().int(),
});
export type TPortalPrivacy = z.infer<typeof ZPortalPrivacy>;

export const ZErasureRequestBody = z.object({ reason: optionalText(1000).optional() });
export type TErasureRequestBody = z.input<typeof ZErasureRequestBody>;

/** A request as the centre's admins list it. */
export const ZErasureRequest = z.object({
  id: z.number().int(),
  householdId: z.number().int(),
  household: z.string(),
  /** The children's names (before completion), to recognise the family. */
  students: z.array(z.string()),
  requestedAt: z.string(),
  /** The guardian who asked. */
  requestedBy: z.string().nullable(),
  reason: z.string().nullable(),
  status: ZErasureStatus,
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
});
export type TErasureRequest = z.infer<typeof ZErasureRequest>;

export const ZErasureRequestListQuery = ZListQuery.extend({
  status: blankAsAbsent(ZErasureStatus),
  sortField: z.enum(['requestedAt']).optional(),
});

const portal = { right: 'portal:own', tag: 'portal' } as const;
const desk = { right: 'privacy:erase', tag: 'privacy' } as const;
export const privacyEndpoints = {
  exportZip: defineEndpoint({
    ...portal,
    method: 'get',
    path: '/portal/export',
    summary:
      "Everything the centre holds about the guardian's household as a zip: JSON files and the receipts' and feedback PDFs, streamed",
    refusals: [404, 429],
  }),
  privacy: defineEndpoint({
    ...portal,
    method: 'get',
    path: '/portal/privacy',
    summary: "The household's erasure request, if any, and how many exports an hour a guardian may download",
    reply: ZPortalPrivacy,
    refusals: [404],
  }),
  requestErasure: defineEndpoint({
    ...portal,
    method: 'post',
    path: '/portal/erasure-request',
    summary:
      "Asks the centre to erase the household's personal data (one open request per household): the centre's admins are told, the guardian gets a confirmation",
    body: ZErasureRequestBody,
    reply: ZPortalPrivacy,
    status: 201,
    refusals: [404],
  }),
  cancelErasure: defineEndpoint({
    ...portal,
    method: 'delete',
    path: '/portal/erasure-request',
    summary: "Withdraws the household's open erasure request",
    reply: ZPortalPrivacy,
    refusals: [404],
  }),
  list: defineEndpoint({
    ...desk,
    method: 'get',
    path: '/erasure-requests',
    summary: "The centre's erasure requests, newest first (open ones by status=REQUESTED)",
    query: ZErasureRequestListQuery,
    reply: listReply(ZErasureRequest),
  }),
  complete: defineEndpoint({
    ...desk,
    method: 'post',
    path: '/erasure-requests/:id/complete',
    summary:
      "Completes an erasure request in one transaction: the household's names, contacts and notes anonymised, sign-ins ended, messages blanked; ledger and purchases kept; the guardians told",
    params: ZIdParams,
    reply: ZErasureRequest,
  }),
};
