// Class capacity, waitlists and freed-seat offers (issue 22). A full GROUP class keeps a waitlist (desk
// or portal); a seat freed by a cancellation or a student leaving is offered first to the students
// holding a make-up credit of the course, then to the waitlist in order, each family by a claim link
// held for the centre's offerHoldHours. The first valid claim takes the one seat; the others are told.

import { ZId } from './common';
import { ZLessonReportQuery } from './cover';
import { defineEndpoint } from './endpoint';
import { z } from './z';

export const waitlistStatuses = ['WAITING', 'ENROLLED', 'LEFT'] as const;
export const seatOfferStatuses = ['OPEN', 'CLAIMED', 'TAKEN', 'EXPIRED'] as const;
export const seatOfferKinds = ['MAKE_UP', 'WAITLIST'] as const;

export const ZWaitlistEntry = z.object({
  id: z.number().int(),
  /** 1 = first in line (WAITING entries only; 0 for the others). */
  position: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(waitlistStatuses),
  joinedAt: z.string(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/** A class's seats and its waitlist in order (waiting first, by joining time). */
export const ZWaitlist = z.object({
  scheduleId: z.number().int(),
  capacity: z.number().int().nullable(),
  seatsTaken: z.number().int(),
  /** Seats free (null: no limit). */
  seatsFree: z.number().int().nullable(),
  entries: z.array(ZWaitlistEntry),
});
export type TWaitlist = z.infer<typeof ZWaitlist>;

export const ZWaitlistBody = z.object({ studentId: ZId });
export const ZWaitlistParams = z.object({ id: ZId });
export const ZWaitlistStudentParams = z.object({ id: ZId, studentId: ZId });
export const ZPortalWaitlistParams = z.object({ scheduleId: ZId, studentId: ZId });

/** A family's own place on a waitlist. */
export const ZPortalWaitlistPlace = z.object({
  scheduleId: z.number().int(),
  studentId: z.number().int(),
  status: z.enum(waitlistStatuses),
  position: z.number().int(),
});

/** A claim link's token: 32 random bytes in base64url (43 characters). */
export const ZOfferToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This offer link is not valid'),
});

/** What an offer's page shows (no login): the class, the child, the deadline and where it stands. */
export const ZSeatOfferView = z.object({
  id: z.number().int(),
  status: z.enum(seatOfferStatuses),
  kind: z.enum(seatOfferKinds),
  course: z.string(),
  teacher: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** The centre's zone and name (the page shows times as the centre does). */
  timeZone: z.string(),
  centre: z.string(),
  /** The child's first name only (the link may be forwarded). */
  child: z.string(),
  expiresAt: z.string(),
});
export type TSeatOfferView = z.infer<typeof ZSeatOfferView>;

export const SEAT_OFFER_TAKEN_MESSAGE = 'Sorry, this seat was taken by another family';
export const SEAT_OFFER_EXPIRED_MESSAGE = 'This offer has expired';

/** A full upcoming GROUP class of a course the child takes, which the child may wait for on the portal. */
export const ZPortalFullClass = z.object({
  scheduleId: z.number().int(),
  courseName: z.string(),
  teacherName: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  /** The child's place in line (1 = first), or null when not waiting. */
  position: z.number().int().nullable(),
});
export type TPortalFullClass = z.infer<typeof ZPortalFullClass>;

const desk = { right: 'schedules:manage', tag: 'seats' } as const;
const own = { right: 'portal:own', tag: 'portal' } as const;

export const seatEndpoints = {
  waitlist: defineEndpoint({
    ...desk,
    method: 'get',
    path: '/schedules/:id/waitlist',
    summary: "A class's seats and its waitlist in order",
    params: ZWaitlistParams,
    reply: ZWaitlist,
  }),
  joinWaitlist: defineEndpoint({
    ...desk,
    method: 'post',
    path: '/schedules/:id/waitlist',
    summary: 'Put a student on a full PLANNED class’s waitlist (409 when a seat is free or already on it)',
    params: ZWaitlistParams,
    body: ZWaitlistBody,
    reply: ZWaitlist,
    status: 201,
  }),
  leaveWaitlist: defineEndpoint({
    ...desk,
    method: 'delete',
    path: '/schedules/:id/waitlist/:studentId',
    summary: "Take a student off a class's waitlist",
    params: ZWaitlistStudentParams,
    reply: ZWaitlist,
  }),
  portalJoin: defineEndpoint({
    ...own,
    method: 'post',
    path: '/portal/lessons/:scheduleId/waitlist/:studentId',
    summary: "Put your child on a full class's waitlist",
    params: ZPortalWaitlistParams,
    reply: ZPortalWaitlistPlace,
    status: 201,
  }),
  portalLeave: defineEndpoint({
    ...own,
    method: 'delete',
    path: '/portal/lessons/:scheduleId/waitlist/:studentId',
    summary: "Take your child off a class's waitlist",
    params: ZPortalWaitlistParams,
    reply: ZPortalWaitlistPlace,
  }),
  portalFullClasses: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/children/:id/full-classes',
    summary: "Upcoming full group classes of your child's courses, with your child's place on each waitlist",
    params: z.object({ id: ZId }),
    reply: z.array(ZPortalFullClass),
  }),
  portalOffers: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/offers',
    summary: "Open offers of a freed seat to your household's children",
    reply: z.array(ZSeatOfferView),
  }),
  portalClaim: defineEndpoint({
    ...own,
    method: 'post',
    path: '/portal/offers/:id/claim',
    summary: 'Claim an offered seat for your child (409 when taken or expired)',
    params: z.object({ id: ZId }),
    reply: ZSeatOfferView,
  }),
  offer: defineEndpoint({
    right: 'public',
    refusals: [429],
    tag: 'seats',
    method: 'get',
    path: '/offers/:token',
    summary: 'An offer of a freed seat, by its claim link (no login)',
    params: ZOfferToken,
    reply: ZSeatOfferView,
  }),
  claim: defineEndpoint({
    right: 'public',
    refusals: [429],
    tag: 'seats',
    method: 'post',
    path: '/offers/:token/claim',
    summary: 'Claim the offered seat by its link: the first claim wins (409 when taken or expired)',
    params: ZOfferToken,
    reply: ZSeatOfferView,
  }),
};
export type TPortalWaitlistPlace = z.infer<typeof ZPortalWaitlistPlace>;

// The fill rate of freed seats on /report (issue 22): per month of the centre's days from..to (by when
// the seat was freed), the seats freed, the offers sent for them, how many were claimed and how many
// expired unclaimed (the others are still being offered), the fill rate (claimed ÷ freed, a percentage
// to one decimal) and the median minutes from freeing to claim.
const ZSeatFillCounts = z.object({
  freed: z.number().int(),
  offers: z.number().int(),
  claimed: z.number().int(),
  expired: z.number().int(),
  /** Claimed ÷ freed × 100, one decimal; null with nothing freed. */
  fillRate: z.number().nullable(),
  /** The median of claimedAt − freedAt over the claimed seats, in whole minutes; null with none claimed. */
  medianMinutesToClaim: z.number().int().nullable(),
});
export type TSeatFillCounts = z.infer<typeof ZSeatFillCounts>;

export const ZSeatFillReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: ZSeatFillCounts,
  months: z.array(ZSeatFillCounts.extend({ month: z.string() })),
});
export type TSeatFillReport = z.infer<typeof ZSeatFillReport>;

export const seatReportEndpoints = {
  fillReport: defineEndpoint({
    right: 'reports:view',
    tag: 'reports',
    method: 'get',
    path: '/reports/seat-fill',
    summary:
      'Freed seats per month (local days from..to, by when freed): offers sent, claimed, expired unclaimed, fill rate and median minutes to claim',
    query: ZLessonReportQuery,
    reply: ZSeatFillReport,
  }),
};
