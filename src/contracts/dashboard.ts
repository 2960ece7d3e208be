import { ZId, ZMoney } from './common';
import { blankAsAbsent } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import { z } from './z';

/** How many of today's classes the dashboard lists (the total is always given; the calendar has the rest). */
export const TODAY_CLASSES_LIMIT = 100;

const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });

export const ZTodayClass = z.object({
  id: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  status: z.enum(['PLANNED', 'COMPLETED']),
  /** Completed by the teacher's (or an operator's) confirmation. */
  confirmed: z.boolean(),
  /** Started and not confirmed yet (`classState`): a class still to come is never "not confirmed". */
  awaitingConfirmation: z.boolean(),
  course: ZPersonRef,
  teacher: ZPersonRef,
  /** While a substitute teaches (`teacher`), the teacher the class was planned for (issue 22). */
  originalTeacher: ZPersonRef.nullable().optional(),
  students: z.array(
    ZPersonRef.extend({
      /** The family's answer to the reminder SMS (1 coming, 2 cannot come), else null (issue 22). */
      reply: z.enum(['COMING', 'NOT_COMING']).nullable().optional(),
      /** This student's lesson is cancelled (by the family, the centre or the teacher). */
      cancelled: z.boolean().optional(),
    }),
  ),
});
export type TTodayClass = z.infer<typeof ZTodayClass>;

export const ZDashboard = z.object({
  /** Today in the centre's zone, 'YYYY-MM-DD'. */
  today: z.string(),
  timeZone: z.string(),
  lowBalanceThreshold: z.string(),
  totals: z.object({
    activeStudents: z.number().int(),
    activeTeachers: z.number().int(),
    courses: z.number().int(),
  }),
  /** Today's PLANNED and COMPLETED classes by start time (at most TODAY_CLASSES_LIMIT of them). */
  classesToday: z.object({
    total: z.number().int(),
    confirmed: z.number().int(),
    data: z.array(ZTodayClass),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const ZLowBalanceStudent = z.object({
  id: z.number().int(),
  studentId: z.string(),
  name: z.string(),
  /** The cached ledger balance; negative = the family owes it. */
  balance: z.string(),
});
export type TLowBalanceStudent = z.infer<typeof ZLowBalanceStudent>;

export const ZUnpaidTermRegister = z.object({
  id: z.number().int(),
  student: z.object({ id: z.number().int(), studentId: z.string(), name: z.string() }),
  course: z.string(),
  termName: z.string(),
  termStart: z.string(),
  termEnd: z.string(),
  price: z.string(),
  createdAt: z.string(),
});
export type TUnpaidTermRegister = z.infer<typeof ZUnpaidTermRegister>;

export const ZDashboardCharts = z.object({
  /** COMPLETED classes per local week (Monday first), the last 12 weeks, the current one last. */
  classesPerWeek: z.array(z.object({ weekStart: z.string(), classes: z.number().int() })),
  /** Σ voucher amount of PURCHASE rows per month ('YYYY-MM'), the last 12 months, this one last. */
  voucherSalesPerMonth: z.array(z.object({ month: z.string(), amount: z.string() })),
  /** Teacher hours of COMPLETED classes starting this local month, per teacher, most hours first. */
  hoursPerTeacher: z.array(z.object({ teacherId: z.number().int(), name: z.string(), hours: z.string() })),
});
export type TDashboardCharts = z.infer<typeof ZDashboardCharts>;

export const ZLowBalanceThresholdBody = z.object({ lowBalanceThreshold: ZMoney });
export type TLowBalanceThresholdBody = z.input<typeof ZLowBalanceThresholdBody>;

/**
 * One location's figures only (issue 23); left out, every location the caller may see (a site-limited
 * operator's own sites, everyone else's whole centre).
 */
export const ZDashboardQuery = z.object({ locationId: blankAsAbsent(ZId) });
const ZPageQuery = ZListQuery.omit({ sortField: true, sortOrder: true }).extend(ZDashboardQuery.shape);
const common = { right: 'dashboard:view', tag: 'dashboard' } as const;
export const dashboardEndpoints = {
  summary: defineEndpoint({
    ...common,
    method: 'get',
    path: '/dashboard',
    summary: "Today's classes in the centre's zone, totals of students, teachers and courses, the threshold",
    query: ZDashboardQuery,
    reply: ZDashboard,
  }),
  lowBalance: defineEndpoint({
    ...common,
    method: 'get',
    path: '/dashboard/low-balance',
    summary:
      'Active voucher payers (a purchase or voucher class in 120 days, one planned ahead, or owing) below the low-balance threshold, lowest first, paged',
    query: ZPageQuery,
    reply: listReply(ZLowBalanceStudent),
  }),
  unpaidTermRegisters: defineEndpoint({
    ...common,
    method: 'get',
    path: '/dashboard/unpaid-term-registers',
    summary: 'Unpaid term registrations, newest first, paged',
    query: ZPageQuery,
    reply: listReply(ZUnpaidTermRegister),
  }),
  charts: defineEndpoint({
    ...common,
    method: 'get',
    path: '/dashboard/charts',
    summary: 'Classes taught per week, voucher sales per month, hours per teacher this month',
    query: ZDashboardQuery,
    reply: ZDashboardCharts,
  }),
  setLowBalanceThreshold: defineEndpoint({
    right: 'settings:manage',
    tag: 'dashboard',
    method: 'put',
    path: '/organisation/low-balance-threshold',
    summary: "Set the centre's low-balance threshold (admins)",
    body: ZLowBalanceThresholdBody,
    reply: z.object({ lowBalanceThreshold: z.string() }),
  }),
};
