/**
 * Where a class stands now: the one rule the dashboard, the calendar and the table view share.
 * A class awaits confirmation only once it has started (a 17:30 class at 17:03 is upcoming);
 * a planned class that ended more than a day ago and is still not confirmed is overdue.
 */
export const CLASS_STATES = ['UPCOMING', 'AWAITING_CONFIRMATION', 'OVERDUE', 'COMPLETED', 'CANCELLED'] as const;
export type TClassState = (typeof CLASS_STATES)[number];

/** How long after its end a class counts as awaiting rather than overdue. */
export const OVERDUE_AFTER_MS = 24 * 60 * 60_000;

export function classState(
  c: { status: string; startAt: string | Date; endAt: string | Date },
  now: Date = new Date(),
): TClassState {
  if (c.status === 'COMPLETED') return 'COMPLETED';
  if (c.status === 'CANCELLED') return 'CANCELLED';
  const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));
  if (time(c.startAt) > now.getTime()) return 'UPCOMING';
  return now.getTime() - time(c.endAt) > OVERDUE_AFTER_MS ? 'OVERDUE' : 'AWAITING_CONFIRMATION';
}
