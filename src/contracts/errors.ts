import { z } from './z';

/** How the client shows an error reply (ant-design-pro's showType). */
export const ShowType = { SILENT: 0, WARN_MESSAGE: 1, ERROR_MESSAGE: 2, NOTIFICATION: 4, REDIRECT: 9 } as const;

export const ZFieldError = z.object({ field: z.string(), message: z.string() });

/** One clash of a class with another class of the same teacher or student (409 `conflicts`). */
export const ZScheduleConflict = z.object({
  /** The class being saved (for a series: the occurrence), as UTC instants. */
  startAt: z.string(),
  endAt: z.string(),
  /** What is double-booked: the teacher, a student or the room (issue 23), by name. */
  who: z.enum(['teacher', 'student', 'room']),
  personId: z.number().int(),
  personName: z.string(),
  /** The other class. */
  scheduleId: z.number().int(),
  courseName: z.string(),
  otherStartAt: z.string(),
  otherEndAt: z.string(),
});
export type TScheduleConflict = z.infer<typeof ZScheduleConflict>;

/** The one error body every failed /api call returns. */
export const ZErrorReply = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  errorMessage: z.string(),
  showType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(9)]),
  title: z.string().optional(),
  errorKey: z.string().optional(),
  fieldErrors: z.array(ZFieldError).optional(),
  /** A schedule refused for clashes (409): each clash, so the screen can list them. */
  conflicts: z.array(ZScheduleConflict).optional(),
  traceId: z.string(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;
export type TFieldError = z.infer<typeof ZFieldError>;
