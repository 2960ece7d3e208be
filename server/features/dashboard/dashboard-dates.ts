import { DateTime } from 'luxon';

/**
 * The dashboard's windows in the centre's zone, as UTC instants for the (organisationId, status,
 * startAt) and (organisationId, startAt, id) indexes: today, the last 12 weeks (Monday first, this
 * week last), this month and the last 12 months (this one last).
 */
export function dashboardWindows(timeZone: string, now = new Date()) {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  const day = local.startOf('day');
  const week = local.startOf('week'); // luxon's weeks start on Monday (ISO)
  const month = local.startOf('month');
  const weeks = Array.from({ length: 12 }, (_, i) => week.minus({ weeks: 11 - i }));
  const months = Array.from({ length: 12 }, (_, i) => month.minus({ months: 11 - i }));
  return {
    today: day.toISODate() as string,
    dayStart: day.toJSDate(),
    dayEnd: day.plus({ days: 1 }).toJSDate(),
    weeks: weeks.map((w) => w.toISODate() as string),
    weeksStart: weeks[0].toJSDate(),
    weeksEnd: week.plus({ weeks: 1 }).toJSDate(),
    monthStart: month.toJSDate(),
    monthEnd: month.plus({ months: 1 }).toJSDate(),
    months: months.map((m) => m.toFormat('yyyy-MM')),
    /** @db.Date bounds of the 12 months: [first day, first day of next month). */
    monthsFirstDay: new Date(`${months[0].toISODate()}T00:00:00Z`),
    monthsEndDay: new Date(`${month.plus({ months: 1 }).toISODate()}T00:00:00Z`),
  };
}
