import { ZDate, ZId } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { ZVoucherPurchase, ZVoucherPurchaseFilters, ZVoucherPurchaseList } from './vouchers';
import { z } from './z';

// The reports of /report (issue 8): student purchase history and teacher salary history, on screen
// (paged, with totals over every matching row) and as .xlsx files.

/** Longest report range: one year of days, a leap year included (from and to both count). */
export const MAX_REPORT_RANGE_DAYS = 366;
export const REPORT_RANGE_MESSAGE = `A report covers at most ${MAX_REPORT_RANGE_DAYS} days`;
export const REPORT_TO_BEFORE_FROM_MESSAGE = 'The last day must not be before the first';
export const NO_SUCH_STUDENT_MESSAGE = 'No such student in this centre';
export const NO_SUCH_TEACHER_MESSAGE = 'No such teacher in this centre';

const range = { from: ZDate, to: ZDate };
/** Both ends required ('YYYY-MM-DD', the centre's calendar days), to >= from, at most 366 days. */
function rangeRules(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_TO_BEFORE_FROM_MESSAGE });
  else if (Date.parse(q.to) - Date.parse(q.from) >= MAX_REPORT_RANGE_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_MESSAGE });
}
const paging = ZListQuery.omit({ sortField: true, sortOrder: true }).shape;

// Student purchase history: the voucher purchase list's rows and filters, over a required range.
const purchaseFilters = {
  studentId: ZVoucherPurchaseFilters.shape.studentId,
  type: ZVoucherPurchaseFilters.shape.type,
};
export const ZPurchaseHistoryQuery = z.object({ ...paging, ...purchaseFilters, ...range }).superRefine(rangeRules);
export const ZPurchaseHistoryDownloadQuery = z.object({ ...purchaseFilters, ...range }).superRefine(rangeRules);
export type TPurchaseHistoryQuery = z.output<typeof ZPurchaseHistoryQuery>;

/**
 * The voucher purchase list's totals (voucherAmount = purchased - refunded + adjusted, giftAmount =
 * Σ gift), broken down: purchased = Σ voucher of PURCHASE rows, refunded = Σ REFUND amounts (given
 * back, positive), adjusted = Σ ADJUSTMENT amounts (signed), net = voucherAmount + giftAmount (what
 * the rows added to the balances).
 */
export const ZPurchaseHistoryTotals = ZVoucherPurchaseList.shape.totals.extend({
  purchased: z.string(),
  refunded: z.string(),
  adjusted: z.string(),
  net: z.string(),
});
export type TPurchaseHistoryTotals = z.infer<typeof ZPurchaseHistoryTotals>;
export const ZPurchaseHistory = listReply(ZVoucherPurchase).extend({ totals: ZPurchaseHistoryTotals });

// Teacher salary history.
export const salarySources = ['CLASS', 'CLOSED', 'ADJUSTMENT'] as const;
/** CLASS: a completed class of an open month; CLOSED: a closed month's payroll line; ADJUSTMENT: a change after close. */
export type TSalarySource = (typeof salarySources)[number];

const salaryFilters = { teacherId: blankAsAbsent(ZId) };
export const ZTeacherSalaryQuery = z.object({ ...paging, ...salaryFilters, ...range }).superRefine(rangeRules);
export const ZTeacherSalaryDownloadQuery = z.object({ ...salaryFilters, ...range }).superRefine(rangeRules);
export type TTeacherSalaryQuery = z.output<typeof ZTeacherSalaryQuery>;

export const ZSalaryLine = z.object({
  /** The line's place in the report (1-based), a row key: a class can have a line and adjustments. */
  id: z.number().int(),
  source: z.enum(salarySources),
  teacher: ZNamed,
  /** The line's day: the class's local date, or for an adjustment the first day of the month it is paid in. */
  date: z.string(),
  scheduleId: z.number().int(),
  /** The class's local date (for an adjustment: the original class). */
  classDate: z.string(),
  /** Teacher start and end of the class (instants; a closed line's as paid at close). */
  startAt: z.string(),
  endAt: z.string(),
  course: ZNamed,
  students: z.number().int(),
  hours: z.string(),
  /** The teacher hourly rate paid; null for an adjustment (it is a difference of amounts). */
  rate: z.string().nullable(),
  amount: z.string(),
  /** Why an adjustment was posted; null for the other lines. */
  reason: z.string().nullable(),
});
export type TSalaryLine = z.infer<typeof ZSalaryLine>;

export const ZSalaryTotals = z.object({ lines: z.number().int(), hours: z.string(), amount: z.string() });
export type TSalaryTotals = z.infer<typeof ZSalaryTotals>;
export const ZTeacherSalary = listReply(ZSalaryLine).extend({
  /** Over every line of the range (not only this page). */
  totals: ZSalaryTotals,
  /** Per teacher with at least one line, by name. */
  teachers: z.array(ZSalaryTotals.extend({ teacher: ZNamed })),
});
export type TTeacherSalaryReply = z.infer<typeof ZTeacherSalary>;

const common = { right: 'reports:view', tag: 'reports' } as const;
export const reportEndpoints = {
  purchaseHistory: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/purchase-history',
    summary: 'Voucher purchases, refunds and adjustments of a date range (one student or all), paged, with totals',
    query: ZPurchaseHistoryQuery,
    reply: ZPurchaseHistory,
  }),
  purchaseHistoryDownload: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/purchase-history/download',
    summary: 'The purchase history of a date range as an .xlsx file, with a totals row',
    query: ZPurchaseHistoryDownloadQuery,
  }),
  teacherSalary: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/teacher-salary',
    summary:
      'Teacher salary of a date range (one teacher or all): one line per class, closed-period line or adjustment, paged, with totals per teacher and overall',
    query: ZTeacherSalaryQuery,
    reply: ZTeacherSalary,
  }),
  teacherSalaryDownload: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/teacher-salary/download',
    summary: 'The teacher salary report of a date range as an .xlsx file, with a total per teacher and overall',
    query: ZTeacherSalaryDownloadQuery,
  }),
};
