// Lesson policies (issue 22): the centre's policy, a lesson cancelled for one student (by the family,
// the centre or the teacher; in time or late), no-shows, make-up credits and make-up bookings. Every
// outcome is posted once, in one transaction: the voucher charge (or none), the make-up credit, the
// teacher's pay, the audit event and the notices. The consequence is shown before anyone confirms
// (the preview endpoints), and a confirmation that would post something else than what was shown is
// refused (409), so nobody is charged what they did not see.
import { optionalText, ZId, ZIdParams } from './common';
import { defineEndpoint } from './endpoint';
import { ZInstant } from './schedules';
import { z } from './z';

export const cancellers = ['FAMILY', 'CENTRE', 'TEACHER'] as const;
export const ZCanceller = z.enum(cancellers, { error: 'Who cancels is FAMILY, CENTRE or TEACHER' });
export type TCanceller = z.infer<typeof ZCanceller>;

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: `Must be a whole number from ${min} to ${max}` })
    .int(`Must be a whole number from ${min} to ${max}`)
    .min(min, `Must be a whole number from ${min} to ${max}`)
    .max(max, `Must be a whole number from ${min} to ${max}`);

/** The centre's policy (DECISIONS.md "Lesson policies" gives the defaults). */
export const ZLessonPolicy = z.object({
  /** Hours before a lesson under which a family's cancellation is late (0 to 720). */
  noticeHours: wholeNumber(0, 720),
  /** What a late family cancellation costs, in percent of the lesson (100: the full lesson, 0: nothing). */
  lateCancelPercent: wholeNumber(0, 100),
  creditOnTimelyCancel: z.boolean(),
  creditOnLateCancel: z.boolean(),
  /** Make-up credits a student earns by family cancellations per term (0 to 100). */
  makeUpQuota: wholeNumber(0, 100),
  /** Days a make-up credit can be used in (1 to 3650). */
  makeUpExpiryDays: wholeNumber(1, 3650),
  payTeacherLateCancel: z.boolean(),
  /** What a no-show (absent without notice) costs, in percent of the lesson. */
  noShowPercent: wholeNumber(0, 100),
  /** Hours a freed seat is held for the families it is offered to (1 to 168). */
  offerHoldHours: wholeNumber(1, 168),
});
export type TLessonPolicy = z.infer<typeof ZLessonPolicy>;

export const ZLessonParams = z.object({ id: ZId, studentId: ZId });

export const ZCancellationQuery = z.object({ by: ZCanceller });

/** What cancelling this student's lesson now would post: shown before anyone confirms. */
export const ZCancellationPreview = z.object({
  by: ZCanceller,
  /** Under the notice window (a family cancellation's consequence depends on it). */
  late: z.boolean(),
  noticeHours: z.number().int(),
  /** The lesson's start, and the last moment a family can cancel in time. */
  lessonStartAt: z.string(),
  deadline: z.string(),
  /** The amount charged to the student's voucher balance ('0.00' when nothing); null for a lesson that
   * is not paid by voucher (term, cash, free), where the share only means the lesson is not made up. */
  charge: z.string().nullable(),
  chargePercent: z.number().int(),
  currency: z.string(),
  /** A new make-up credit, or the make-up's own credit given back. */
  credit: z.boolean(),
  returnCredit: z.boolean(),
  /** The family's credits of this term are used up (so this cancellation earns none). */
  quotaReached: z.boolean(),
  /** The class itself is cancelled (a one-on-one's only student). */
  classCancelled: z.boolean(),
  teacherPaid: z.boolean(),
  /** The consequence in one sentence, in the reader's language. */
  summary: z.string(),
});
export type TCancellationPreview = z.infer<typeof ZCancellationPreview>;

export const CANCELLATION_CHANGED_MESSAGE =
  'The consequence of cancelling changed since it was shown (the notice window passed or the policy changed): check it and confirm again';

export const ZCancelLessonBody = z.object({
  by: ZCanceller,
  reason: optionalText(500),
  /** The charge the person saw in the preview ('0.00' or null as shown): a different one is a 409. */
  expectedCharge: z.string().nullable(),
  /** Whether the person saw that a credit is earned: a different outcome is a 409. */
  expectedCredit: z.boolean(),
});
export type TCancelLessonBody = z.input<typeof ZCancelLessonBody>;

/** A lesson event as posted. */
export const ZLessonOutcome = z.object({
  scheduleId: z.number().int(),
  studentId: z.number().int(),
  by: ZCanceller,
  late: z.boolean(),
  cancelledAt: z.string(),
  charge: z.string().nullable(),
  /** The credit granted (or given back), if any. */
  creditId: z.number().int().nullable(),
  classCancelled: z.boolean(),
  teacherPaid: z.boolean(),
  summary: z.string(),
  /** How many teachers and families were told (email and SMS by their settings). */
  told: z.object({ teachers: z.number().int(), families: z.number().int() }),
});
export type TLessonOutcome = z.infer<typeof ZLessonOutcome>;

export const makeUpCreditStatuses = ['AVAILABLE', 'USED', 'EXPIRED', 'REVOKED'] as const;
export const makeUpEntryKinds = ['GRANTED', 'USED', 'RETURNED', 'EXPIRED', 'REVOKED'] as const;

const ZLessonRef = z.object({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  courseName: z.string(),
  teacherName: z.string(),
});

export const ZMakeUpCredit = z.object({
  id: z.number().int(),
  status: z.enum(makeUpCreditStatuses),
  course: z.object({ id: z.number().int(), name: z.string() }),
  cancelledBy: ZCanceller,
  late: z.boolean(),
  grantedAt: z.string(),
  expiresAt: z.string(),
  /** The cancelled lesson that earned it, and the make-up lesson that used it. */
  earnedBy: ZLessonRef,
  usedFor: ZLessonRef.nullable(),
  entries: z.array(
    z.object({
      kind: z.enum(makeUpEntryKinds),
      at: z.string(),
      lesson: ZLessonRef.nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type TMakeUpCredit = z.infer<typeof ZMakeUpCredit>;

export const ZMakeUpCredits = z.object({
  credits: z.array(ZMakeUpCredit),
  available: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
});
export type TMakeUpCredits = z.infer<typeof ZMakeUpCredits>;

/** A class a make-up can be booked into: PLANNED, of the credit's course, before it expires, a free seat. */
export const ZMakeUpOption = ZLessonRef.extend({
  seatsFree: z.number().int().nullable(),
  courseType: z.enum(['ONE_ON_ONE', 'GROUP']),
});
export const ZMakeUpOptions = z.object({ creditId: z.number().int(), options: z.array(ZMakeUpOption) });
export type TMakeUpOptions = z.infer<typeof ZMakeUpOptions>;

export const ZMakeUpOptionsQuery = z.object({ creditId: ZId });

export const BOOK_MAKE_UP_ONE_OF = 'Choose a class, or a teacher with a start and an end, not both';
export const BOOK_MAKE_UP_NEEDS = 'Required: choose a class, or a teacher with a start and an end';

/**
 * Book a make-up: into a class with a free seat (`scheduleId`), or a new one-on-one lesson in the
 * teacher's time (`teacherId`, `startAt`, `endAt`). One object (not a union) so that a refusal names
 * the missing or extra field; handlers get one of the two shapes.
 */
export const ZBookMakeUpBody = z
  .object({
    creditId: ZId,
    scheduleId: ZId.optional(),
    teacherId: ZId.optional(),
    startAt: ZInstant.optional(),
    endAt: ZInstant.optional(),
  })
  .superRefine((b, ctx) => {
    const lesson = b.teacherId !== undefined || b.startAt !== undefined || b.endAt !== undefined;
    if (b.scheduleId !== undefined) {
      if (lesson) ctx.addIssue({ code: 'custom', path: ['scheduleId'], message: BOOK_MAKE_UP_ONE_OF });
      return;
    }
    for (const key of ['teacherId', 'startAt', 'endAt'] as const)
      if (b[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: BOOK_MAKE_UP_NEEDS });
  })
  .transform(
    (
      b,
    ):
      | { creditId: number; scheduleId: number }
      | { creditId: number; teacherId: number; startAt: string; endAt: string } =>
      b.scheduleId !== undefined
        ? { creditId: b.creditId, scheduleId: b.scheduleId }
        : {
            creditId: b.creditId,
            teacherId: b.teacherId as number,
            startAt: b.startAt as string,
            endAt: b.endAt as string,
          },
  );
export type TBookMakeUpBody = z.input<typeof ZBookMakeUpBody>;

export const ZMakeUpBooking = z.object({
  creditId: z.number().int(),
  scheduleId: z.number().int(),
  studentId: z.number().int(),
  lesson: ZLessonRef,
});

export const ZPortalLessonParams = z.object({ scheduleId: ZId, studentId: ZId });
export const ZPortalCancelBody = ZCancelLessonBody.omit({ by: true });

const desk = { right: 'schedules:manage', tag: 'lessons' } as const;
const own = { right: 'portal:own', tag: 'portal' } as const;

export const lessonEndpoints = {
  policy: defineEndpoint({
    ...desk,
    method: 'get',
    path: '/lessons/policy',
    summary: "The centre's lesson policy (notice window, late cancellations, no-shows, make-up credits, offers)",
    reply: ZLessonPolicy,
  }),
  savePolicy: defineEndpoint({
    right: 'settings:manage',
    tag: 'lessons',
    method: 'put',
    path: '/lessons/policy',
    summary: "Change the centre's lesson policy (admins; audited)",
    body: ZLessonPolicy,
    reply: ZLessonPolicy,
  }),
  previewCancel: defineEndpoint({
    ...desk,
    method: 'get',
    path: '/schedules/:id/students/:studentId/cancellation',
    summary: "What cancelling this student's lesson now would post (charge, credit, teacher pay)",
    params: ZLessonParams,
    query: ZCancellationQuery,
    reply: ZCancellationPreview,
  }),
  cancelLesson: defineEndpoint({
    ...desk,
    method: 'post',
    path: '/schedules/:id/students/:studentId/cancellation',
    summary: "Cancel one student's lesson (by the family, the centre or the teacher), posted once",
    params: ZLessonParams,
    body: ZCancelLessonBody,
    reply: ZLessonOutcome,
  }),
  undoCancel: defineEndpoint({
    ...desk,
    method: 'delete',
    path: '/schedules/:id/students/:studentId/cancellation',
    summary: "Undo a student's lesson cancellation (the charge reversed, an unused credit revoked)",
    params: ZLessonParams,
    reply: ZLessonOutcome,
  }),
  credits: defineEndpoint({
    ...desk,
    method: 'get',
    path: '/students/:id/make-up-credits',
    summary: "A student's make-up credits (available, used, expired), each with its lessons and history",
    params: ZIdParams,
    reply: ZMakeUpCredits,
  }),
  makeUpOptions: defineEndpoint({
    ...desk,
    method: 'get',
    path: '/students/:id/make-up-options',
    summary: 'Classes a make-up credit can be booked into (its course, a free seat, before it expires)',
    params: ZIdParams,
    query: ZMakeUpOptionsQuery,
    reply: ZMakeUpOptions,
  }),
  bookMakeUp: defineEndpoint({
    ...desk,
    method: 'post',
    path: '/students/:id/make-ups',
    summary: "Book a make-up lesson paid by the student's credit (never charged again)",
    params: ZIdParams,
    body: ZBookMakeUpBody,
    reply: ZMakeUpBooking,
  }),
  portalPreviewCancel: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/lessons/:scheduleId/students/:studentId/cancellation',
    summary: "What cancelling your child's lesson now would cost, in your language",
    params: ZPortalLessonParams,
    reply: ZCancellationPreview,
  }),
  portalCancel: defineEndpoint({
    ...own,
    method: 'post',
    path: '/portal/lessons/:scheduleId/students/:studentId/cancellation',
    summary: "Cancel your child's lesson (the policy's consequence, as shown)",
    params: ZPortalLessonParams,
    body: ZPortalCancelBody,
    reply: ZLessonOutcome,
  }),
  portalCredits: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/children/:id/make-up-credits',
    summary: "Your child's make-up credits",
    params: ZIdParams,
    reply: ZMakeUpCredits,
  }),
  portalMakeUpOptions: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/children/:id/make-up-options',
    summary: 'Classes your child can book a make-up lesson into',
    params: ZIdParams,
    query: ZMakeUpOptionsQuery,
    reply: ZMakeUpOptions,
  }),
  portalBookMakeUp: defineEndpoint({
    ...own,
    method: 'post',
    path: '/portal/children/:id/make-ups',
    summary: 'Book a make-up lesson into a class with a free seat, paid by a credit',
    params: ZIdParams,
    body: z.object({ creditId: ZId, scheduleId: ZId }),
    reply: ZMakeUpBooking,
  }),
};
