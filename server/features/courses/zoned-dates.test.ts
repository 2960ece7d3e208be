import { describe, expect, it } from 'vitest';
import { endOfDayIn, startOfDayIn } from './zoned-dates';

describe('days of a time zone as UTC instants', () => {
  it('starts a Toronto winter day at 05:00 UTC and a summer day at 04:00 UTC', () => {
    expect(startOfDayIn('2026-01-15', 'America/Toronto').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'America/Toronto').toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('ends a day where the next begins, across a daylight-saving change', () => {
    // 2026-03-08: clocks in Toronto go forward, the day has 23 hours.
    expect(startOfDayIn('2026-03-08', 'America/Toronto').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(endOfDayIn('2026-03-08', 'America/Toronto').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('handles zones east of UTC and UTC itself', () => {
    expect(startOfDayIn('2026-01-15', 'Asia/Shanghai').toISOString()).toBe('2026-01-14T16:00:00.000Z');
    expect(endOfDayIn('2026-12-31', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
