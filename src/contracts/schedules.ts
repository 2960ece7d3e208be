import { ZCancelBody, ZNotifyChoice, ZTold } from './class-notices';
import { MAX_DATE, MIN_DATE, optionalText, ZDate, ZId, ZIdParams, ZOptionalRate } from './common';
import { blankAsAbsent, ZNamed } from './courses';
import { defineEndpoint } from './endpoint';
import { listReply, ZListQuery } from './list';
import {
  ATTENDANCE_EXPORT_RANGE_MESSAGE,
  CLASS_TOO_LONG_MESSAGE,
  DATE_RANGE_MESSAGE,
  END_TIME_AFTER_START_MESSAGE,
  ONE_ON_ONE_MESSAGE,
  PICK_MONDAY_MESSAGE,
  SCHEDULE_RANGE_MESSAGE,
  SCHEDULE_TIMES_MESSAGE,
} from './messages';
import { ZMoneyMove } from './money-moves';
import { z } from './z';

// Schedules (issue 7): one class = one Schedule row; a weekly series is local wall-clock slots in the
// centre's zone whose occurrences are real rows. Instants travel as ISO 8601 UTC strings ("...Z");
// dates as 'YYYY-MM-DD' in the centre's zone; slot times as 'HH:mm' local wall clock.

export {
  ATTENDANCE_EXPORT_RANGE_MESSAGE,
  CLASS_TOO_LONG_MESSAGE,
  END_TIME_AFTER_START_MESSAGE,
  ONE_ON_ONE_MESSAGE,
  PICK_MONDAY_MESSAGE,
  SCHEDULE_RANGE_MESSAGE,
  SCHEDULE_TIMES_MESSAGE,
} from './messages';

export const scheduleStatuses = ['PLANNED', 'COMPLETED', 'CANCELLED'] as const;
export const courseTypes = ['ONE_ON_ONE', 'GROUP'] as const;
export const schedulePaymentTypes = ['VOUCHER', 'TERM', 'CASH', 'FREE'] as const;
export const notificationStatuses = ['NOT_REQUIRED', 'MISSING_FEEDBACK', 'PENDING', 'SENT', 'SEND_FAILED'] as const;
export const attendances = ['ATTENDED', 'ABSENT', 'EXCUSED', 'NO_SHOW'] as const;
export type TScheduleStatus = (typeof scheduleStatuses)[number];
export type TAttendance = (typeof attendances)[number];

/** The most seats a class may have (the most students a class may list). */
export const MAX_CAPACITY = 100;
/** The longest class the centre can book (a longer one is almost always a typing mistake). */
export const MAX_CLASS_HOURS = 12;
/** The most classes one series may make (a year of 3 slots a week is 156). */
export const MAX_SERIES_OCCURRENCES = 400;
/** Longest range of the calendar's range query, in days (a month view shows 6 weeks). */
export const MAX_CALENDAR_RANGE_DAYS = 62;
/**
 * The most classes one calendar range lists (issue 24). The calendar is tuned to draw 2,000 (a month
 * of 2,000, the room view's 50 rooms x 40); past this the reply is a summary (ZScheduleRangeSummary),
 * so it stays under ~0.8 MB however big the centre.
 */
export const MAX_CALENDAR_EVENTS = 3000;
/** How many of the busiest teachers and locations a range summary names. */
export const RANGE_SUMMARY_TOP = 10;
/** Longest schedule download range, in days (seed section 5). */
export const MAX_DOWNLOAD_RANGE_DAYS = 31;
/** Longest attendance export range, in days. */
export const MAX_ATTENDANCE_RANGE_DAYS = 366;

/** An instant: ISO 8601 with a zone ('Z' or an offset), written in years MIN_DATE-MAX_DATE (1900-2199); out as UTC 'YYYY-MM-DDTHH:mm:ss.sssZ'. */
export const ZInstant = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/,
    'Enter a date and time with its zone',
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Enter a date and time with its zone', abort: true })
  .refine(
    (v) => v.slice(0, 10) >= MIN_DATE && v.slice(0, 10) <= MAX_DATE, // the date as written (its zone moves it a day at most)
    { message: DATE_RANGE_MESSAGE, abort: true },
  )
  .meta({ format: 'date-time' })
  .transform((v) => new Date(v).toISOString());

/** A local wall-clock time 'HH:mm' (00:00-23:59; '24:00' allowed as an end of day). */
export const ZLocalTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Enter a time as HH:mm');

/** ISO weekday: 1 Monday ... 7 Sunday. */
export const ZWeekday = z.coerce
  .number()
  .int()
  .min(1, 'Weekday is 1 (Monday) to 7 (Sunday)')
  .max(7, 'Weekday is 1 (Monday) to 7 (Sunday)');

export const ZSlot = z
  .object({ weekday: ZWeekday, startTime: ZLocalTime, endTime: ZLocalTime })
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], message: END_TIME_AFTER_START_MESSAGE });
export type TSlot = z.infer<typeof ZSlot>;

/** A weekly repetition: slots, and an end by date (inclusive) or by number of classes. */
export const ZRepeat = z
  .object({
    slots: z.array(ZSlot).max(21, 'At most 21 slots a week').default([]),
    untilDate: blankAsAbsent(ZDate),
    count: blankAsAbsent(
      z.coerce
        .number()
        .int()
        .min(1, 'At least 1 class')
        .max(MAX_SERIES_OCCURRENCES, `At most ${MAX_SERIES_OCCURRENCES} classes`),
    ),
  })
  .refine((r) => r.slots.length > 0, { path: ['slots'], message: SCHEDULE_TIMES_MESSAGE })
  // Two slots of one weekday that overlap would book the teacher and students twice at once.
  .refine(
    (r) =>
      !r.slots.some((a, i) =>
        r.slots.some((b, j) => j > i && a.weekday === b.weekday && a.startTime < b.endTime && b.startTime < a.endTime),
      ),
    { path: ['slots'], message: 'Two schedule times of the same weekday overlap' },
  )
  .refine((r) => (r.untilDate === undefined) !== (r.count === undefined), {
    path: ['untilDate'],
    message: 'End the repetition on a date or after a number of classes',
  });
export type TRepeat = z.input<typeof ZRepeat>;

export const ZScheduleStudentBody = z.object({
  studentId: ZId,
  /** Hourly rate charged to this student; defaults to the student's own rate. */
  hourlyRate: ZOptionalRate,
});

/** An explicit override of conflicts by an operator, with the reason recorded on the class. */
export const ZOverride = z
  .object({ reason: z.string().trim().min(1, 'Give a reason for the override').max(500, 'At most 500 characters') })
  .optional();

const scheduleFields = {
  courseType: z.enum(courseTypes, { error: 'Course type is ONE_ON_ONE or GROUP' }),
  courseId: ZId,
  teacherId: ZId,
  /**
   * Where (issue 23). locationId: left out, a new class is at the centre's first location and a
   * changed class stays where it was. roomId: a room of that location; null = no room; left out on a
   * change = the room stays. `address` is free text for a lesson held elsewhere (a student's home, a
   * link); left empty, the location's address applies.
   */
  locationId: blankAsAbsent(ZId),
  roomId: z.preprocess((v) => (v === '' ? null : v), ZId.nullish()),
  address: optionalText(200),
  startAt: ZInstant,
  endAt: ZInstant,
  /** The time the teacher is paid for; the class time when left out. */
  teacherStartAt: blankAsAbsent(ZInstant),
  teacherEndAt: blankAsAbsent(ZInstant),
  termId: ZId.nullish().transform((v) => v ?? null),
  hourlyRate: ZOptionalRate,
  teacherHourlyRate: ZOptionalRate,
  price: ZOptionalRate,
  paymentType: z.enum(schedulePaymentTypes, { error: 'Payment type is VOUCHER, TERM, CASH or FREE' }),
  comments: optionalText(5000),
  students: z.array(ZScheduleStudentBody).max(100, 'At most 100 students in a class'),
  override: ZOverride,
  /** Seats of a GROUP class (issue 22); null or left out = no limit. A ONE_ON_ONE class has none. */
  capacity: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: 'Capacity is a whole number of seats' })
      .int('Capacity is a whole number of seats')
      .min(1, 'At least 1 seat')
      .max(MAX_CAPACITY, `At most ${MAX_CAPACITY} seats`)
      .nullish()
      .transform((v) => v ?? null),
  ),
  /** Enrol more students than the class has seats (the desk's decision, like a conflict override). */
  overrideCapacity: z.boolean({ error: 'overrideCapacity is true or false' }).optional(),
};

type TimedBody = {
  courseType: string;
  startAt: string;
  endAt: string;
  teacherStartAt?: string;
  teacherEndAt?: string;
  students: { studentId: number }[];
};
/** The body rules every write of a class shares (times, one-on-one, duplicate students). */
function checkClass(body: TimedBody, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (body.endAt <= body.startAt) issue('endAt', END_TIME_AFTER_START_MESSAGE);
  else if (Date.parse(body.endAt) - Date.parse(body.startAt) > MAX_CLASS_HOURS * 3_600_000)
    issue('endAt', CLASS_TOO_LONG_MESSAGE);
  const teacherStart = body.teacherStartAt ?? body.startAt;
  const teacherEnd = body.teacherEndAt ?? body.endAt;
  if (teacherEnd <= teacherStart) issue('teacherEndAt', END_TIME_AFTER_START_MESSAGE);
  else if (Date.parse(teacherEnd) - Date.parse(teacherStart) > MAX_CLASS_HOURS * 3_600_000)
    issue('teacherEndAt', CLASS_TOO_LONG_MESSAGE);
  if (body.courseType === 'ONE_ON_ONE' && body.students.length !== 1) issue('students', ONE_ON_ONE_MESSAGE);
  const ids = body.students.map((s) => s.studentId);
  if (new Set(ids).size !== ids.length) issue('students', 'A student is listed twice');
}

/** POST /schedules: one class, or with `repeat` a weekly series whose first class is startAt-endAt. */
export const ZScheduleCreateBody = z.object({ ...scheduleFields, repeat: ZRepeat.optional() }).superRefine(checkClass);
export type TScheduleCreateBody = z.input<typeof ZScheduleCreateBody>;

/** Which classes of a series a change applies to. */
export const editScopes = ['this', 'following', 'all'] as const;
export type TEditScope = (typeof editScopes)[number];
/** The seed's two scopes for hourly rates on a series. */
export const rateScopes = ['future', 'all'] as const;

/** PUT /schedules/:id: the class's fields; for a series also the scope (default: this class only). */
export const ZScheduleUpdateBody = z
  .object({
    ...scheduleFields,
    scope: z.enum(editScopes, { error: 'Scope is this, following or all' }).default('this'),
    /**
     * For a rate change on a series: 'future' = this and future classes of the repetition, 'all' =
     * all classes including past ones. Left out: the rates follow `scope`.
     */
    rateScope: z.enum(rateScopes, { error: 'Rate scope is future or all' }).optional(),
    notify: ZNotifyChoice.optional(),
  })
  .superRefine(checkClass);
export type TScheduleUpdateBody = z.input<typeof ZScheduleUpdateBody>;

/** PATCH /schedules/:id/time: a drag or resize on the calendar (times only). */
export const ZScheduleMoveBody = z
  .object({
    startAt: ZInstant,
    endAt: ZInstant,
    scope: z.enum(editScopes, { error: 'Scope is this, following or all' }).default('this'),
    override: ZOverride,
    notify: ZNotifyChoice.optional(),
  })
  .superRefine((b, ctx) => checkClass({ ...b, courseType: 'GROUP', students: [] }, ctx));
export type TScheduleMoveBody = z.input<typeof ZScheduleMoveBody>;

export const ZScheduleStudent = z.object({
  id: z.number().int(),
  studentId: z.string(),
  name: z.string(),
  attendance: z.enum(attendances).nullable(),
  hourlyRate: z.string().nullable(),
  /** The student's referrer, shown on the class (derived). */
  referrerName: z.string().nullable(),
  /** This student's lesson was cancelled (issue 22): by whom and whether late; null when not. */
  cancelledBy: z.enum(['FAMILY', 'CENTRE', 'TEACHER']).nullable().optional(),
  cancelLate: z.boolean().optional(),
  /** Booked as a make-up, paid by a credit. */
  makeUp: z.boolean().optional(),
});
export type TScheduleStudent = z.infer<typeof ZScheduleStudent>;

export const ZSchedule = z.object({
  id: z.number().int(),
  status: z.enum(scheduleStatuses),
  courseType: z.enum(courseTypes),
  course: ZNamed,
  teacher: ZNamed.extend({ colour: z.string().nullable() }),
  /** While a substitute teaches the class (`teacher`), the teacher it was planned for (issue 22). */
  originalTeacher: ZNamed.nullable().optional(),
  /** Where (issue 23): the class's location and room, and the address it is held at (its own free
   * text for a lesson elsewhere, else the location's). `address` is the class's own free text only. */
  location: ZNamed.nullable().optional(),
  room: ZNamed.nullable().optional(),
  place: z.string().nullable().optional(),
  address: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  teacherStartAt: z.string(),
  teacherEndAt: z.string(),
  /** Derived from the times, never typed: whole hours and the remaining minutes. */
  duration: z.object({ hours: z.number().int(), minutes: z.number().int() }),
  teacherDuration: z.object({ hours: z.number().int(), minutes: z.number().int() }),
  term: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  hourlyRate: z.string().nullable(),
  teacherHourlyRate: z.string().nullable(),
  price: z.string().nullable(),
  paymentType: z.enum(schedulePaymentTypes),
  comments: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedOnBehalf: z.boolean(),
  notificationStatus: z.enum(notificationStatuses),
  conflictOverride: z.boolean(),
  conflictReason: z.string().nullable(),
  /** Referrer names of the class's students, comma-separated (derived). */
  referrerName: z.string().nullable(),
  seriesId: z.number().int().nullable(),
  students: z.array(ZScheduleStudent),
  /** Seats of the class (null: no limit), seats taken (students whose lesson is not cancelled), students waiting, make-up bookings. */
  capacity: z.number().int().nullable(),
  seatsTaken: z.number().int(),
  waitlistCount: z.number().int(),
  makeUpCount: z.number().int(),
  /** Scheduled outside the teacher's availability (a warning, never a refusal). */
  outsideAvailability: z.boolean().optional(),
  /**
   * What the teacher saw of the class (status, times, teacher, course, students and attendance), as a
   * short hash: a confirmation sent later carries it, and the server refuses it if the class changed.
   */
  version: z.string().optional(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** What a write returns: the class (the first of a series) and how many classes it made or changed. */
export const ZScheduleWriteReply = z.object({
  schedule: ZSchedule,
  count: z.number().int(),
  /** Classes outside the teacher's availability, as start instants: a warning to show. */
  outsideAvailability: z.array(z.string()),
  /** Who was told of a move or change (absent for a new class). */
  told: ZTold.optional(),
  /**
   * Warnings of where (issue 23), never refusals: classes that leave the teacher less than the centre's
   * travel minutes from another of their classes that day at a different location; and whether the
   * teacher works at other locations than this one only.
   */
  tooLittleTravel: z
    .array(z.object({ startAt: z.string(), otherStartAt: z.string(), otherLocation: z.string() }))
    .optional(),
  notTheirLocation: z.boolean().optional(),
});
export type TScheduleWriteReply = z.infer<typeof ZScheduleWriteReply>;

/** One calendar event: what the calendar draws (no rates). */
export const ZScheduleEvent = z.object({
  id: z.number().int(),
  status: z.enum(scheduleStatuses),
  startAt: z.string(),
  endAt: z.string(),
  course: ZNamed,
  teacher: ZNamed.extend({ colour: z.string().nullable() }),
  /** While a substitute teaches (`teacher`), the teacher the class was planned for (issue 22). */
  originalTeacher: ZNamed.nullable().optional(),
  studentNames: z.array(z.string()),
  seriesId: z.number().int().nullable(),
  /** Where (issue 23): the room view draws rooms as columns. */
  locationId: z.number().int().nullable().optional(),
  room: ZNamed.nullable().optional(),
});
export type TScheduleEvent = z.infer<typeof ZScheduleEvent>;

/**
 * The calendar range's reply when it holds more than `limit` classes (issue 24): how many a day (the
 * centre's local days, by start) and the busiest teachers and locations, so the page can say how to
 * narrow it; its size does not grow with the classes.
 */
export const ZScheduleRangeSummary = z.object({
  tooMany: z.literal(true),
  limit: z.number().int(),
  total: z.number().int(),
  days: z.array(z.object({ date: z.string(), classes: z.number().int() })),
  teachers: z.array(ZNamed.extend({ classes: z.number().int() })),
  locations: z.array(ZNamed.extend({ classes: z.number().int() })),
});
export type TScheduleRangeSummary = z.infer<typeof ZScheduleRangeSummary>;
export type TScheduleRangeReply = TScheduleEvent[] | TScheduleRangeSummary;

export const ZScheduleFilters = z.object({
  /** One class (a ledger entry's link to the class it charged). */
  id: blankAsAbsent(ZId),
  status: blankAsAbsent(z.enum(scheduleStatuses)),
  studentId: blankAsAbsent(ZId),
  teacherId: blankAsAbsent(ZId),
  courseId: blankAsAbsent(ZId),
  locationId: blankAsAbsent(ZId),
  roomId: blankAsAbsent(ZId),
  notificationStatus: blankAsAbsent(z.enum(notificationStatuses)),
  /** Classes starting on or after this day / on or before this day, in the centre's zone. */
  from: blankAsAbsent(ZDate),
  to: blankAsAbsent(ZDate),
});
export type TScheduleFilters = z.output<typeof ZScheduleFilters>;
export const ZScheduleListQuery = ZListQuery.extend({
  ...ZScheduleFilters.shape,
  sortField: z.enum(['startAt', 'status', 'createdAt']).optional(),
});
export type TScheduleListQuery = z.output<typeof ZScheduleListQuery>;

/** The calendar's visible range, [start, end) as instants, at most MAX_CALENDAR_RANGE_DAYS long. */
export const ZScheduleRangeQuery = z
  .object({
    start: ZInstant,
    end: ZInstant,
    teacherId: blankAsAbsent(ZId),
    studentId: blankAsAbsent(ZId),
    courseId: blankAsAbsent(ZId),
    locationId: blankAsAbsent(ZId),
    roomId: blankAsAbsent(ZId),
  })
  .refine((q) => q.end > q.start, { path: ['end'], message: END_TIME_AFTER_START_MESSAGE })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= MAX_CALENDAR_RANGE_DAYS * 86_400_000, {
    path: ['end'],
    message: `The calendar range is at most ${MAX_CALENDAR_RANGE_DAYS} days`,
  });

/** The selected classes, cancelled together by the centre (the default) or the teacher, for one reason. */
export const ZBatchCancelBody = ZCancelBody.extend({
  ids: z.array(ZId).min(1, 'Select at least one class').max(1000, 'At most 1000 classes at once'),
});
export const ZBatchCancelReply = z.object({
  cancelled: z.array(z.number().int()),
  notCancelled: z.array(z.object({ id: z.number().int(), reason: z.string() })),
  told: ZTold,
});
/** A cancelled class and who was told. */
export const ZCancelReply = ZSchedule.extend({ told: ZTold });

export const SCHEDULE_VERSION = /^[0-9a-f]{16}$/;
export const CLASS_CHANGED_MESSAGE =
  'This class was changed after you saw it (times, students or status): check it and confirm again';
export const CONFIRMATION_KEY_REUSED_MESSAGE = 'This confirmation key was already used for another class';

/** A teacher's (or an operator's on their behalf) confirmation: as planned, or with changes. */
export const ZConfirmBody = z
  .object({
    startAt: blankAsAbsent(ZInstant),
    endAt: blankAsAbsent(ZInstant),
    teacherStartAt: blankAsAbsent(ZInstant),
    teacherEndAt: blankAsAbsent(ZInstant),
    /** Each student's attendance; students left out attended. */
    students: z
      .array(
        z.object({
          studentId: ZId,
          attendance: z.enum(attendances, { error: 'Attendance is ATTENDED, ABSENT, EXCUSED or NO_SHOW' }),
        }),
      )
      .max(100)
      .default([]),
    comments: optionalText(5000),
    /** Made by the page when the teacher confirms: the same key sent again returns the first result. */
    idempotencyKey: z.uuid('Must be a UUID made when the class was confirmed').optional(),
    /** The class's `version` the teacher saw: a different one now means the class changed meanwhile. */
    version: z
      .string()
      .regex(SCHEDULE_VERSION, 'Must be the version of the class as listed (16 hexadecimal characters)')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.startAt === undefined) !== (b.endAt === undefined))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'Give both the start and the end, or neither' });
    else if (b.startAt && b.endAt && b.endAt <= b.startAt)
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: END_TIME_AFTER_START_MESSAGE });
    if ((b.teacherStartAt === undefined) !== (b.teacherEndAt === undefined))
      ctx.addIssue({ code: 'custom', path: ['teacherEndAt'], message: 'Give both the start and the end, or neither' });
    else if (b.teacherStartAt && b.teacherEndAt && b.teacherEndAt <= b.teacherStartAt)
      ctx.addIssue({ code: 'custom', path: ['teacherEndAt'], message: END_TIME_AFTER_START_MESSAGE });
  });
export type TConfirmBody = z.input<typeof ZConfirmBody>;

export const ZAttendanceBody = z.object({
  attendance: z.enum(attendances, { error: 'Attendance is ATTENDED, ABSENT, EXCUSED or NO_SHOW' }).nullable(),
});
export const ZScheduleStudentParams = z.object({ id: ZId, studentId: ZId });

/** The teacher's confirmation page: classes awaiting confirmation (past, PLANNED), then today's and upcoming. */
export const ZMyClasses = z.object({
  awaiting: z.array(ZSchedule),
  today: z.array(ZSchedule),
  upcoming: z.array(ZSchedule),
  /** The teacher's own PLANNED classes of today and the next 14 days that a substitute teaches (read-only). */
  covered: z.array(ZSchedule).optional(),
});
export type TMyClasses = z.infer<typeof ZMyClasses>;

// Downloads.
export const ZWeekDownloadQuery = z.object({
  monday: ZDate.refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, PICK_MONDAY_MESSAGE),
  ...ZScheduleFilters.omit({ from: true, to: true }).shape,
});
export const ZRangeDownloadQuery = z
  .object({ ...ZScheduleFilters.omit({ from: true, to: true }).shape, from: ZDate, to: ZDate })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The last day must not be before the first' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < MAX_DOWNLOAD_RANGE_DAYS * 86_400_000, {
    path: ['to'],
    message: SCHEDULE_RANGE_MESSAGE,
  });
export const ZAttendanceExportQuery = z
  .object({ ...ZScheduleFilters.omit({ from: true, to: true }).shape, from: ZDate, to: ZDate })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The last day must not be before the first' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < MAX_ATTENDANCE_RANGE_DAYS * 86_400_000, {
    path: ['to'],
    message: ATTENDANCE_EXPORT_RANGE_MESSAGE,
  });

// Teacher availability and calendar feed.
export const ZTimeOff = z
  .object({ startAt: ZInstant, endAt: ZInstant, reason: optionalText(200) })
  .refine((t) => t.endAt > t.startAt, { path: ['endAt'], message: END_TIME_AFTER_START_MESSAGE });
export const ZAvailabilityBody = z.object({
  windows: z.array(ZSlot).max(50, 'At most 50 windows a week'),
  timeOff: z.array(ZTimeOff).max(200, 'At most 200 time-off entries'),
});
export type TAvailabilityBody = z.input<typeof ZAvailabilityBody>;
export const ZAvailability = z.object({
  teacher: ZNamed.extend({ colour: z.string().nullable() }),
  windows: z.array(z.object({ weekday: z.number().int(), startTime: z.string(), endTime: z.string() })),
  timeOff: z.array(
    z.object({ id: z.number().int(), startAt: z.string(), endAt: z.string(), reason: z.string().nullable() }),
  ),
  /** The subscribe URL of the teacher's feed (absolute path under /api), or null when none. */
  feedPath: z.string().nullable(),
  calendarEmbedUrl: z.string().nullable(),
});
export type TAvailability = z.infer<typeof ZAvailability>;
export const ZEmbedBody = z.object({
  calendarEmbedUrl: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || /^https:\/\/calendar\.google\.com\/calendar\/embed\?\S+$/.test(v),
      'Paste the https://calendar.google.com/calendar/embed?... link',
    ),
});
export const ZFeedReply = z.object({ feedPath: z.string().nullable() });
export const ZTeacherParams = z.object({ teacherId: ZId });
export const ZFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'Unknown calendar') });

const manage = { right: 'schedules:manage', tag: 'schedules' } as const;
const own = { right: 'schedules:confirmOwn', tag: 'schedules' } as const;

export const scheduleEndpoints = {
  range: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/schedules/range',
    summary: `Classes in the calendar range [start, end), as calendar events; more than ${MAX_CALENDAR_EVENTS} (or the server's limit): a summary`,
    query: ZScheduleRangeQuery,
    reply: z.union([z.array(ZScheduleEvent), ZScheduleRangeSummary]),
  }),
  downloadWeek: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/schedules/download/week',
    summary: 'The classes of the week beginning on a Monday, as an .xlsx file',
    query: ZWeekDownloadQuery,
  }),
  downloadRange: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/schedules/download/range',
    summary: 'The classes of a range of at most 31 days, as an .xlsx file',
    query: ZRangeDownloadQuery,
  }),
  attendanceExport: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/schedules/attendance/export',
    summary: 'One row per student per class, with attendance, as an .xlsx file',
    query: ZAttendanceExportQuery,
  }),
  batchCancel: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/schedules/batch-cancel',
    summary: 'Cancel the selected PLANNED classes',
    body: ZBatchCancelBody,
    reply: ZBatchCancelReply,
  }),
  list: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/schedules',
    summary: "The centre's classes, filtered, sorted and paged (table view, student dashboard)",
    query: ZScheduleListQuery,
    reply: listReply(ZSchedule),
  }),
  get: defineEndpoint({
    ...manage,
    method: 'get',
    path: '/schedules/:id',
    summary: 'One class with its students',
    params: ZIdParams,
    reply: ZSchedule,
  }),
  create: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/schedules',
    summary: 'Add a class, or a weekly series (409 with `conflicts` on clashes unless overridden)',
    body: ZScheduleCreateBody,
    reply: ZScheduleWriteReply,
    status: 201,
  }),
  update: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/schedules/:id',
    summary: 'Change a class, or with `scope` this and following / all classes of its series',
    params: ZIdParams,
    body: ZScheduleUpdateBody,
    reply: ZScheduleWriteReply,
  }),
  move: defineEndpoint({
    ...manage,
    method: 'patch',
    path: '/schedules/:id/time',
    summary: 'Move or resize a class (calendar drag), with `scope` for a series',
    params: ZIdParams,
    body: ZScheduleMoveBody,
    reply: ZScheduleWriteReply,
  }),
  cancel: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/schedules/:id/cancel',
    summary: 'Cancel a PLANNED class (`notify`: tell the teacher and/or the families)',
    params: ZIdParams,
    body: ZCancelBody,
    reply: ZCancelReply,
  }),
  confirm: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/schedules/:id/confirm',
    summary: "Confirm a class on the teacher's behalf (recorded as such)",
    params: ZIdParams,
    body: ZConfirmBody,
    reply: ZSchedule,
  }),
  reopen: defineEndpoint({
    ...manage,
    method: 'post',
    path: '/schedules/:id/reopen',
    summary: 'Reopen a COMPLETED class (back to PLANNED; the previous values are kept)',
    params: ZIdParams,
    reply: ZSchedule,
  }),
  attendance: defineEndpoint({
    ...manage,
    method: 'put',
    path: '/schedules/:id/students/:studentId/attendance',
    summary: "Set one student's attendance of a class; moneyMoves: the voucher balance changes it posted",
    params: ZScheduleStudentParams,
    body: ZAttendanceBody,
    reply: ZSchedule.extend({ moneyMoves: z.array(ZMoneyMove) }),
  }),
  myClasses: defineEndpoint({
    ...own,
    method: 'get',
    path: '/my-schedules',
    summary: "The signed-in teacher's classes: awaiting confirmation, today, upcoming",
    reply: ZMyClasses,
  }),
  myConfirm: defineEndpoint({
    ...own,
    method: 'post',
    path: '/my-schedules/:id/confirm',
    summary:
      'A teacher confirms a class they taught, as planned or with changes; the same idempotencyKey again returns the first result, and 409 when the class changed since the version sent',
    params: ZIdParams,
    body: ZConfirmBody,
    reply: ZSchedule,
  }),
};

const availability = { right: 'schedules:manage', tag: 'availability' } as const;
export const availabilityEndpoints = {
  get: defineEndpoint({
    ...availability,
    method: 'get',
    path: '/teachers/:teacherId/availability',
    summary: "A teacher's weekly availability, time off, feed and embed link",
    params: ZTeacherParams,
    reply: ZAvailability,
  }),
  put: defineEndpoint({
    ...availability,
    method: 'put',
    path: '/teachers/:teacherId/availability',
    summary: "Replace a teacher's weekly windows and time off",
    params: ZTeacherParams,
    body: ZAvailabilityBody,
    reply: ZAvailability,
  }),
  embed: defineEndpoint({
    ...availability,
    method: 'put',
    path: '/teachers/:teacherId/calendar-embed',
    summary: "Set or clear a teacher's public Google Calendar embed link",
    params: ZTeacherParams,
    body: ZEmbedBody,
    reply: ZAvailability,
  }),
  newFeed: defineEndpoint({
    ...availability,
    method: 'post',
    path: '/teachers/:teacherId/calendar-feed',
    summary: "Make (or replace) a teacher's secret calendar feed URL; the old one stops working",
    params: ZTeacherParams,
    reply: ZFeedReply,
  }),
  revokeFeed: defineEndpoint({
    ...availability,
    method: 'delete',
    path: '/teachers/:teacherId/calendar-feed',
    summary: "Revoke a teacher's calendar feed URL",
    params: ZTeacherParams,
    reply: ZFeedReply,
  }),
  myFeed: defineEndpoint({
    right: 'schedules:confirmOwn',
    refusals: [404], // an account without a teacher record
    tag: 'availability',
    method: 'get',
    path: '/my-calendar-feed',
    summary: "The signed-in teacher's calendar feed URL",
    reply: ZFeedReply,
  }),
  myNewFeed: defineEndpoint({
    right: 'schedules:confirmOwn',
    refusals: [404], // an account without a teacher record
    tag: 'availability',
    method: 'post',
    path: '/my-calendar-feed',
    summary: "Make (or replace) the signed-in teacher's calendar feed URL",
    reply: ZFeedReply,
  }),
  myRevokeFeed: defineEndpoint({
    right: 'schedules:confirmOwn',
    refusals: [404], // an account without a teacher record
    tag: 'availability',
    method: 'delete',
    path: '/my-calendar-feed',
    summary: "Revoke the signed-in teacher's calendar feed URL",
    reply: ZFeedReply,
  }),
  feed: defineEndpoint({
    right: 'public',
    tag: 'availability',
    method: 'get',
    path: '/calendar/:token',
    summary: "A teacher's classes as an iCalendar feed (RFC 5545) at a secret URL",
    params: ZFeedParams,
  }),
};
