import { DATE_RANGE_MESSAGE, MAX_DATE, MIN_DATE, optionalText } from './common';
import { ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { z } from './z';

// Payroll close (issue 8). A pay period is a calendar month in the centre's time zone; a class
// belongs to the month of its teacher start's local date. Money and hours are 2-decimal strings.
export const MONTH_MESSAGE = 'Enter a month as YYYY-MM';

/** 'YYYY-MM', month 01-12, years 1900-2199 (as dates). */
export const ZMonth = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v), { message: MONTH_MESSAGE, abort: true })
  .refine((v) => v >= MIN_DATE.slice(0, 7) && v <= MAX_DATE.slice(0, 7), DATE_RANGE_MESSAGE)
  .meta({ format: 'month', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

export const ZPayrollMonthQuery = z.object({ month: ZMonth });

export const ZPayrollCloseBody = z.object({
  month: ZMonth,
  /** Required (true) when the review lists blockers: the admin closes knowingly. */
  acknowledgeBlockers: z.boolean().optional().default(false),
  comments: optionalText(500),
});
export type TPayrollCloseBody = z.input<typeof ZPayrollCloseBody>;

const ZFigures = z.object({ classes: z.number().int(), hours: z.string(), amount: z.string() });

/** One teacher's month: classes (COMPLETED; a closed month: its lines) and adjustments posted into it. */
export const ZPayrollTeacherTotal = ZFigures.extend({
  teacher: ZNamed,
  adjustmentHours: z.string(),
  adjustmentAmount: z.string(),
  /** amount + adjustmentAmount: what the teacher is paid for this month. */
  payable: z.string(),
});
export type TPayrollTeacherTotal = z.infer<typeof ZPayrollTeacherTotal>;

export const payrollBlockerKinds = ['UNCONFIRMED_CLASS', 'RATE_CHANGE', 'CHANGED_AFTER_CONFIRMATION'] as const;
export const ZPayrollBlockerKind = z.enum(payrollBlockerKinds);
export type TPayrollBlockerKind = z.infer<typeof ZPayrollBlockerKind>;

/**
 * What stands in the way of a clean close. UNCONFIRMED_CLASS: a class of the month still PLANNED.
 * RATE_CHANGE: a teacher whose completed classes of the month carry more than one hourly rate
 * (`rates`), and/or whose record's hourly rate changed inside the month (`rateChanges`).
 * CHANGED_AFTER_CONFIRMATION: a class changed after it was completed (`revisions`, last `changedAt`).
 */
export const ZPayrollBlocker = z.object({
  kind: ZPayrollBlockerKind,
  teacher: ZNamed,
  scheduleId: z.number().int().nullable(),
  /** The class's teacher start (an instant). */
  startAt: z.string().nullable(),
  course: z.string().nullable(),
  /** RATE_CHANGE: the distinct hourly rates of the completed classes (null: no rate). */
  rates: z.array(z.string().nullable()),
  /** RATE_CHANGE: changes of the teacher's hourly rate inside the month. */
  rateChanges: z.array(z.object({ at: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  /** CHANGED_AFTER_CONFIRMATION: how many changes, which kinds, and the last one. */
  revisions: z.number().int(),
  actions: z.array(z.string()),
  changedAt: z.string().nullable(),
});
export type TPayrollBlocker = z.infer<typeof ZPayrollBlocker>;

export const ZPayrollPeriod = z.object({
  id: z.number().int(),
  month: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  closedAt: z.string(),
  closedBy: ZNamed,
  comments: z.string().nullable(),
  /** Σ of its lines (the month's completed classes at close); adjustments are apart. */
  classes: z.number().int(),
  totalHours: z.string(),
  totalAmount: z.string(),
});
export type TPayrollPeriod = z.infer<typeof ZPayrollPeriod>;

export const ZPayrollReview = z.object({
  month: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  /** Open and over: an admin may close it (with acknowledgement when there are blockers). */
  closable: z.boolean(),
  /** Why it cannot be closed (not over yet, already closed), else null. */
  notClosableReason: z.string().nullable(),
  period: ZPayrollPeriod.nullable(),
  teachers: z.array(ZPayrollTeacherTotal),
  totals: ZFigures.extend({ adjustmentHours: z.string(), adjustmentAmount: z.string(), payable: z.string() }),
  /** Open months only (a closed month has none); at most 500 listed, `blockerCount` counts all. */
  blockers: z.array(ZPayrollBlocker),
  blockerCount: z.number().int(),
});
export type TPayrollReview = z.infer<typeof ZPayrollReview>;

export const ZPayrollAdjustment = z.object({
  id: z.number().int(),
  teacher: ZNamed,
  scheduleId: z.number().int(),
  /** The class's teacher start now. */
  classStartAt: z.string(),
  course: z.string(),
  /** The closed month the class was paid in. */
  fromMonth: z.string(),
  /** The open month it is paid in. */
  month: z.string(),
  hours: z.string(),
  amount: z.string(),
  reason: z.string(),
  createdBy: ZNamed,
  createdAt: z.string(),
});
export type TPayrollAdjustment = z.infer<typeof ZPayrollAdjustment>;

export const ZPayrollAdjustmentList = z.object({
  data: z.array(ZPayrollAdjustment),
  total: z.number().int(),
  success: z.literal(true),
  totals: z.object({ hours: z.string(), amount: z.string() }),
});
export const ZPayrollPeriodList = z.object({
  data: z.array(ZPayrollPeriod),
  total: z.number().int(),
  success: z.literal(true),
});

const read = { right: 'reports:view', tag: 'payroll' } as const;
export const payrollEndpoints = {
  review: defineEndpoint({
    ...read,
    method: 'get',
    path: '/payroll/review',
    summary: "A month's pay review: per-teacher totals, what blocks a clean close, and its close if closed",
    query: ZPayrollMonthQuery,
    reply: ZPayrollReview,
  }),
  close: defineEndpoint({
    right: 'payroll:close',
    tag: 'payroll',
    method: 'post',
    path: '/payroll/close',
    summary:
      'Close a month that is over: one line per completed class; 409 if closed already or blockers not acknowledged',
    body: ZPayrollCloseBody,
    reply: ZPayrollPeriod,
    status: 201,
  }),
  periods: defineEndpoint({
    ...read,
    method: 'get',
    path: '/payroll/periods',
    summary: 'The closed pay periods, newest first',
    reply: ZPayrollPeriodList,
  }),
  adjustments: defineEndpoint({
    ...read,
    method: 'get',
    path: '/payroll/adjustments',
    summary: 'Adjustments posted into a month (changes to classes of closed periods), with totals',
    query: ZPayrollMonthQuery,
    reply: ZPayrollAdjustmentList,
  }),
};
