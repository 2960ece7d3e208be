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
  /** Issue 23: only students enrolled at this location (their home site). */
  locationId: blankAsAbsent(ZId),
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

/** locationId (issue 23): only the lines of classes at this location. */
const salaryFilters = { teacherId: blankAsAbsent(ZId), locationId: blankAsAbsent(ZId) };
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

// Reports by location and room occupancy (issue 23).

/** A locationId filter naming no location of the centre, or one outside a site-limited operator's sites. */
export const NO_SUCH_LOCATION_MESSAGE = 'No such location in this centre';

export const ZLocationReportQuery = z.object({ ...range }).superRefine(rangeRules);
export type TLocationReportQuery = z.output<typeof ZLocationReportQuery>;

/**
 * One location's figures over the range (the centre's calendar days from..to):
 * - lessons: COMPLETED classes starting in the range at the location;
 * - hours: their class hours (minutes / 60 to the cent per class, summed);
 * - sales: the voucher purchase rows of students enrolled at the location (their home site), counted as
 *   the purchase history counts them: purchased - refunded + adjusted, gift amounts apart (`gift`);
 * - salary: teacher pay of the salary report's lines (open-month classes, closed-month payroll lines,
 *   adjustments) whose class is at the location, so the total equals the teacher salary report's.
 */
export const ZLocationFigures = z.object({
  lessons: z.number().int(),
  hours: z.string(),
  sales: z.string(),
  gift: z.string(),
  salary: z.string(),
});
export type TLocationFigures = z.infer<typeof ZLocationFigures>;
export const ZLocationReport = z.object({
  from: z.string(),
  to: z.string(),
  /** By name; `location` null gathers classes and students with no location (only when it has figures). */
  locations: z.array(ZLocationFigures.extend({ location: ZNamed.nullable() })),
  /** Over every row: for a caller without site limits, the centre-wide figures. */
  totals: ZLocationFigures,
});
export type TLocationReport = z.infer<typeof ZLocationReport>;

/** Default open hours of a room per week (rooms carry no opening times). */
export const DEFAULT_OPEN_HOURS_PER_WEEK = 60;
export const OPEN_HOURS_MESSAGE = 'Open hours per week is a whole number from 1 to 168';

/**
 * Room occupancy per ISO week (Monday to Sunday, the centre's clock) of every week that overlaps the
 * range: booked hours = the class hours of PLANNED and COMPLETED classes in the room starting that week
 * (whole weeks, also past the range's ends), occupancy = booked / open hours, a percentage to one
 * decimal. Rooms carry no opening times, so the open hours of a week are this query parameter,
 * `openHoursPerWeek` (1 to 168, default 60), the same for every room.
 */
export const ZRoomOccupancyQuery = z
  .object({
    ...range,
    locationId: blankAsAbsent(ZId),
    openHoursPerWeek: z.coerce
      .number({ error: OPEN_HOURS_MESSAGE })
      .int(OPEN_HOURS_MESSAGE)
      .min(1, OPEN_HOURS_MESSAGE)
      .max(168, OPEN_HOURS_MESSAGE)
      .default(DEFAULT_OPEN_HOURS_PER_WEEK),
  })
  .superRefine(rangeRules);
export type TRoomOccupancyQuery = z.output<typeof ZRoomOccupancyQuery>;

export const ZRoomWeek = z.object({
  /** ISO week, e.g. '2026-W48'. */
  week: z.string(),
  /** Its Monday, 'YYYY-MM-DD'. */
  monday: z.string(),
});
export const ZRoomOccupancy = z.object({
  from: z.string(),
  to: z.string(),
  openHoursPerWeek: z.number().int(),
  weeks: z.array(ZRoomWeek),
  /** Every room (active, or with bookings in the weeks) by location and name; `weeks` in the order above. */
  rooms: z.array(
    z.object({
      room: ZNamed,
      location: ZNamed,
      weeks: z.array(z.object({ week: z.string(), bookedHours: z.string(), percent: z.number() })),
    }),
  ),
});
export type TRoomOccupancy = z.infer<typeof ZRoomOccupancy>;

export const locationReportEndpoints = {
  byLocation: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/locations',
    summary: 'Lessons, class hours, sales and teacher salary per location over a date range, with totals',
    query: ZLocationReportQuery,
    reply: ZLocationReport,
  }),
  byLocationDownload: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/locations/download',
    summary: 'The report by location of a date range as an .xlsx file, with a total row',
    query: ZLocationReportQuery,
  }),
  roomOccupancy: defineEndpoint({
    ...common,
    method: 'get',
    path: '/reports/room-occupancy',
    summary:
      'Booked hours of each room per ISO week over a date range against openHoursPerWeek (rooms carry no opening times), as a percentage',
    query: ZRoomOccupancyQuery,
    reply: ZRoomOccupancy,
  }),
};
