// The family portal (issue 21), read side: a guardian (ROLE_CUSTOMER, right portal:own) reads their own
// household's children and what concerns them: lessons with attendance, the ledger in family words,
// submitted feedback, receipts. Never another family, a teacher's pay rate, staff notes or the audit:
// a child, lesson, purchase or feedback outside the caller's household answers 404 like a missing one.
import { ZId, ZIdParams } from './common';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { attendances, scheduleStatuses } from './schedules';
import { z } from './z';

/** How many next lessons the home page shows per child. */
export const PORTAL_NEXT_LESSONS = 3;

const ZMoney = z.string();

export const ZPortalLesson = z.object({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(scheduleStatuses),
  course: z.string(),
  teacher: z.string(),
  address: z.string().nullable(),
  /** Where (issue 23): the location's name, the room's, and the address the lesson is held at (its
   * own for a lesson elsewhere, else the location's). */
  location: z.string().nullable().optional(),
  room: z.string().nullable().optional(),
  place: z.string().nullable().optional(),
  /** The child's attendance once the lesson was taken; null before. */
  attendance: z.enum(attendances).nullable(),
  /** The lesson's feedback was submitted (readable under Feedback). */
  hasFeedback: z.boolean(),
  /** The child's lesson was cancelled (issue 22): by whom; absent or null when not. */
  cancelledBy: z.enum(['FAMILY', 'CENTRE', 'TEACHER']).nullable().optional(),
});
export type TPortalLesson = z.infer<typeof ZPortalLesson>;

export const ZPortalFeedbackSummary = z.object({
  scheduleId: z.number().int(),
  startAt: z.string(),
  course: z.string(),
  teacher: z.string(),
  submittedAt: z.string(),
});

export const ZPortalChild = z.object({
  id: z.number().int(),
  name: z.string(),
  balance: ZMoney,
  /** What the child's last lesson charge took (the usual lesson); null before any. */
  usualLessonCharge: ZMoney.nullable(),
  /** About how many lessons the balance covers at the usual lesson; null before any charge. */
  aboutLessonsLeft: z.number().int().nullable(),
  nextLessons: z.array(ZPortalLesson),
  latestFeedback: ZPortalFeedbackSummary.nullable(),
});
export type TPortalChild = z.infer<typeof ZPortalChild>;

/** PAYMENT_FAILED: the household's auto top-up was declined (and turned itself off). */
export const portalAttentionKinds = ['LOW_BALANCE', 'NEGATIVE_BALANCE', 'UNPAID_TERM', 'PAYMENT_FAILED'] as const;
export const ZPortalAttention = z.object({
  kind: z.enum(portalAttentionKinds),
  childId: z.number().int(),
  childName: z.string(),
  /** The balance (balance kinds), the registration's price (UNPAID_TERM) or the declined amount (PAYMENT_FAILED). */
  amount: ZMoney,
  /** UNPAID_TERM: the term and course registered for. */
  term: z.string().nullable(),
  course: z.string().nullable(),
});
export type TPortalAttention = z.infer<typeof ZPortalAttention>;

export const ZPortalHome = z.object({
  household: z.object({ id: z.number().int(), name: z.string() }),
  centre: z.object({ name: z.string(), currency: z.string() }),
  children: z.array(ZPortalChild),
  attention: z.array(ZPortalAttention),
  /** Σ of the children's balances (each the sum of the child's ledger). */
  balance: ZMoney,
});
export type TPortalHome = z.infer<typeof ZPortalHome>;

export const ZPortalLessonsQuery = ZListQuery.omit({ sortField: true, sortOrder: true }).extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});

/** A ledger entry's kind in family words. */
export const portalEntryKinds = [
  'PURCHASE',
  'GIFT',
  'LESSON_CHARGE',
  'CHARGE_REVERSED',
  'REFUND',
  'ADJUSTMENT',
] as const;
export type TPortalEntryKind = (typeof portalEntryKinds)[number];

export const ZPortalLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.enum(portalEntryKinds),
  date: z.string(),
  /** Signed: credit > 0, charge or refund < 0. */
  amount: ZMoney,
  balanceAfter: ZMoney,
  /** Lesson entries: what the lesson charged for (hours x the child's rate, or the lesson's price). */
  hours: ZMoney.nullable(),
  rate: ZMoney.nullable(),
  price: ZMoney.nullable(),
  attendance: z.enum(attendances).nullable(),
  lesson: z
    .object({ id: z.number().int(), startAt: z.string(), endAt: z.string(), course: z.string(), teacher: z.string() })
    .nullable(),
  /** The purchase it belongs to (its receipt); null for lesson entries. */
  purchaseId: z.number().int().nullable(),
  /** PURCHASE: the receipt is a purchase's; REFUND/ADJUSTMENT receipts as well. */
  hasReceipt: z.boolean(),
});
export type TPortalLedgerEntry = z.infer<typeof ZPortalLedgerEntry>;

export const ZPortalLedgerReply = listReply(ZPortalLedgerEntry).extend({
  child: z.object({ id: z.number().int(), name: z.string() }),
  balance: ZMoney,
});
export type TPortalLedgerReply = z.infer<typeof ZPortalLedgerReply>;

export const ZPortalFeedback = z.object({
  scheduleId: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  course: z.string(),
  teacher: z.string(),
  submittedAt: z.string(),
  teachingContent: z.string(),
  studentPerformance: z.string(),
  assignment: z.string(),
  /** The household's children in the lesson, each with the teacher's words about them (may be empty). */
  children: z.array(z.object({ id: z.number().int(), name: z.string(), content: z.string() })),
});
export type TPortalFeedback = z.infer<typeof ZPortalFeedback>;

export const ZPortalFeedbackQuery = ZListQuery.omit({ sortField: true, sortOrder: true }).extend({
  childId: ZId.optional(),
});

const base = { right: 'portal:own', tag: 'portal' } as const;
export const portalEndpoints = {
  home: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/home',
    summary:
      "The guardian's household: each child's balance, about how many lessons it covers, next lessons and latest feedback, and what needs attention",
    reply: ZPortalHome,
  }),
  lessons: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/children/:id/lessons',
    summary: "A child's upcoming (soonest first) or past (newest first) lessons with attendance",
    params: ZIdParams,
    query: ZPortalLessonsQuery,
    reply: listReply(ZPortalLesson),
  }),
  ledger: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/children/:id/ledger',
    summary:
      "A child's balance history, newest first: purchases, gifts, lesson charges (date, hours, rate), reversals, refunds",
    params: ZIdParams,
    query: ZListQuery.omit({ sortField: true, sortOrder: true }),
    reply: ZPortalLedgerReply,
  }),
  feedback: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/feedback',
    summary: "Submitted lesson feedback of the household's children (one child with childId), newest first",
    query: ZPortalFeedbackQuery,
    reply: listReply(ZPortalFeedback),
  }),
  feedbackPdf: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/feedback/:id/pdf',
    summary: "A lesson's submitted feedback as a PDF, with the household's children only",
    params: ZIdParams,
  }),
  receipt: defineEndpoint({
    ...base,
    method: 'get',
    path: '/portal/receipts/:id',
    summary: "A purchase's receipt as a PDF, in the reader's language",
    params: ZIdParams,
  }),
};
