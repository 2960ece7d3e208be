// Substitutes (issue 22): another teacher teaches a PLANNED class, for one class or for a teacher's
// classes in a date range. Schedule.teacherId becomes the substitute (payroll pays them, they confirm
// and write the feedback); Schedule.originalTeacherId keeps the planned teacher, who still sees the
// class as "covered by". Giving the class back to the planned teacher clears it.
import { ZNotifyChoice, ZTold } from './class-notices';
import { ZDate, ZId, ZIdParams } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { ZOverride } from './schedules';
import { z } from './z';

/** The longest range one request substitutes (a term and more). */
export const SUBSTITUTE_RANGE_DAYS = 186;
export const SUBSTITUTE_RANGE_MESSAGE = 'A range is at most 186 days';
export const SUBSTITUTE_DATES_MESSAGE = 'The last day is on or after the first';
export const SUBSTITUTE_SAME_MESSAGE = 'The substitute is another teacher than the one whose classes are covered';

/** POST /schedules/:id/substitute: one class. */
export const ZSubstituteClassBody = z.object({
  /** The teacher who teaches the class now (the planned teacher gives it back). */
  teacherId: ZId,
  override: ZOverride,
  notify: ZNotifyChoice.optional(),
});
export type TSubstituteClassBody = z.input<typeof ZSubstituteClassBody>;

/** POST /substitutes: a teacher's PLANNED classes from `from` to `to` (centre's local days), optionally one course. */
export const ZSubstituteRangeBody = z
  .object({
    /** The teacher whose classes are covered. */
    fromTeacherId: ZId,
    teacherId: ZId,
    from: ZDate,
    to: ZDate,
    courseId: ZId.nullish().transform((v) => v ?? null),
    override: ZOverride,
    notify: ZNotifyChoice.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.to < b.from) ctx.addIssue({ code: 'custom', path: ['to'], message: SUBSTITUTE_DATES_MESSAGE });
    else if (Date.parse(b.to) - Date.parse(b.from) > (SUBSTITUTE_RANGE_DAYS - 1) * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SUBSTITUTE_RANGE_MESSAGE });
  });
export type TSubstituteRangeBody = z.input<typeof ZSubstituteRangeBody>;

export const ZSubstitutedClass = z.object({
  id: z.number().int(),
  startAt: z.string(),
  course: z.string(),
  teacher: ZNamed,
  /** The planned teacher while someone covers the class, else null. */
  originalTeacher: ZNamed.nullable(),
});
export type TSubstitutedClass = z.infer<typeof ZSubstitutedClass>;

export const ZSubstituteReply = z.object({
  count: z.number().int(),
  classes: z.array(ZSubstitutedClass),
  told: ZTold,
});
export type TSubstituteReply = z.infer<typeof ZSubstituteReply>;

const manage = { right: 'schedules:manage', tag: 'schedules' } as const;
export const coverEndpoints = {
  substituteClass: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/schedules/:id/substitute',
    summary:
      'Give a PLANNED class another teacher (a substitute), or back to its planned teacher; 409 with `conflicts` when the substitute is busy unless overridden',
    params: ZIdParams,
    body: ZSubstituteClassBody,
    reply: ZSubstituteReply,
  }),
  substituteRange: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/substitutes',
    summary:
      "A substitute for a teacher's PLANNED classes from one day to another (optionally of one course); 409 with `conflicts` unless overridden",
    body: ZSubstituteRangeBody,
    reply: ZSubstituteReply,
  }),
};

// The lesson-policy report of /report (issue 22): cancellations and no-shows per month, student and
// teacher over the centre's local days from..to (by the lesson's start), and the make-up credits
// outstanding now (a liability: the lessons the centre owes, valued at the earning lesson's price).
export const LESSON_REPORT_RANGE_DAYS = 366;
export const LESSON_REPORT_RANGE_MESSAGE = 'A report covers at most 366 days';
export const LESSON_REPORT_TO_MESSAGE = 'The last day must not be before the first';
/** At most this many students and teachers are listed (most events first). */
export const LESSON_REPORT_ROWS = 200;

/** locationId (issue 23): only classes at this location (lesson events and freed seats alike). */
export const ZLessonReportQuery = z
  .object({ from: ZDate, to: ZDate, locationId: blankAsAbsent(ZId) })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: LESSON_REPORT_TO_MESSAGE });
    else if (Date.parse(q.to) - Date.parse(q.from) >= LESSON_REPORT_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: LESSON_REPORT_RANGE_MESSAGE });
  });
export type TLessonReportQuery = z.input<typeof ZLessonReportQuery>;

const ZEventCounts = z.object({
  /** Lessons cancelled by the family, of which late (under the notice window). */
  byFamily: z.number().int(),
  late: z.number().int(),
  byCentre: z.number().int(),
  byTeacher: z.number().int(),
  /** Absent without notice (attendance NO_SHOW). */
  noShows: z.number().int(),
});
export type TEventCounts = z.infer<typeof ZEventCounts>;

export const ZLessonReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: ZEventCounts,
  months: z.array(ZEventCounts.extend({ month: z.string() })),
  students: z.array(ZEventCounts.extend({ student: ZNamed })),
  teachers: z.array(ZEventCounts.extend({ teacher: ZNamed })),
  /** Make-up credits available now (not used, expired or revoked): how many and what the lessons owed are worth. */
  creditsOutstanding: z.object({ count: z.number().int(), value: z.string() }),
});
export type TLessonReport = z.infer<typeof ZLessonReport>;

export const lessonReportEndpoints = {
  report: defineEndpoint({
    right: 'reports:view',
    tag: 'reports',
    method: 'get',
    path: '/reports/lesson-events',
    summary:
      'Cancellations and no-shows per month, student and teacher (local days from..to), and make-up credits outstanding (count and value)',
    query: ZLessonReportQuery,
    reply: ZLessonReport,
  }),
};
