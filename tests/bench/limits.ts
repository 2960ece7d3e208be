// Issue 24: a bench case measured as served (list totals counted up to LIST_COUNT_CAP, calendar ranges
// of more than CALENDAR_EVENT_LIMIT classes summarised) and as before (both limits out of reach: exact
// counts, every class listed), in the same process and on the same data.

const UNBOUNDED = { LIST_COUNT_CAP: '1000000000', CALENDAR_EVENT_LIMIT: '1000000000' };

/** Runs `run` with the limits as served (`bounded`) or out of reach, then puts the environment back. */
export async function withLimits<T>(bounded: boolean, run: () => Promise<T>): Promise<T> {
  const saved = { LIST_COUNT_CAP: process.env.LIST_COUNT_CAP, CALENDAR_EVENT_LIMIT: process.env.CALENDAR_EVENT_LIMIT };
  if (!bounded) Object.assign(process.env, UNBOUNDED);
  try {
    return await run();
  } finally {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
}

export const BEFORE_AND_AFTER = [
  { bounded: false, title: 'before: exact counts, whole ranges' },
  { bounded: true, title: 'as served (issue 24): counts capped, ranges bounded' },
] as const;
