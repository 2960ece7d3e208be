/** 'YYYY-MM-DD' of `now` on the wall clock of `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first and last day of the month of `day` ('YYYY-MM-DD'). */
export function monthOf(day: string): [string, string] {
  const [year, month] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [`${day.slice(0, 7)}-01`, `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`];
}

/** This month in the centre's zone: the reports' default range. */
export const thisMonthIn = (timeZone: string, now = new Date()) => monthOf(todayIn(timeZone, now));

/** A query's from/to, this month when the form holds none (a cleared range). */
export function withRange<Q extends Record<string, unknown>>(query: Q, month: [string, string]) {
  return { ...query, from: query.from || month[0], to: query.to || month[1] };
}
