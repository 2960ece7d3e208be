// Quiet hours (issue 21): no family SMS between 21:00 and 08:00 in the centre's zone. A sign-in code the
// person just asked for goes at once, and so do the staff's own notices they chose SMS for (a teacher's
// class-change notice, feedback reminders, which go after the centre's reminder hour anyway). The one
// rule, used when an SMS is queued (its job starts at the next 08:00) and when it is delivered (a retry
// that lands in quiet hours is put off, not sent).
import { DateTime } from 'luxon';

/** Local hour at which quiet hours start (inclusive) and end (exclusive). */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

/** A sign-in code: asked for now, sent whatever the hour and even to a number that replied STOP. */
export const SIGN_IN_CODE_TEMPLATE = 'login-code';
/**
 * Templates sent whatever the hour: the sign-in code and staff notices (CLASS_CHANGE_TEMPLATE,
 * FEEDBACK_REMINDER_TEMPLATE of server/features/notices/jobs; literals here, which quiet-hours.test.ts
 * compares with them, so that the queue does not import the features).
 */
export const ANY_HOUR_TEMPLATES: ReadonlySet<string> = new Set([
  SIGN_IN_CODE_TEMPLATE,
  'class-change',
  'feedback-reminder',
]);

/** Whether an SMS of this template waits for the end of quiet hours. */
export function waitsForDaytime(channel: string, template: string): boolean {
  return channel === 'SMS' && !ANY_HOUR_TEMPLATES.has(template);
}

/** Whether an SMS of this template is held back from a number that replied STOP: all but a sign-in code. */
export function heldForOptOut(channel: string, template: string): boolean {
  return channel === 'SMS' && template !== SIGN_IN_CODE_TEMPLATE;
}

/**
 * When `now` falls in quiet hours of `zone`: the instant they end (the next 08:00 local, a real instant
 * on every day, daylight saving changes included); otherwise null. An unknown zone counts as UTC.
 */
export function quietHoursEnd(now: Date, zone: string): Date | null {
  let local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) local = DateTime.fromJSDate(now, { zone: 'UTC' });
  if (local.hour >= QUIET_UNTIL_HOUR && local.hour < QUIET_FROM_HOUR) return null;
  const day = local.hour >= QUIET_FROM_HOUR ? local.plus({ days: 1 }) : local;
  return day.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}
