import { describe, expect, it } from 'vitest';
import { MAX_SERIES_OCCURRENCES } from '../../../src/contracts/schedules';
import { AppError } from '../../http/errors';
import { atLocal, expandSeries, localParts } from './series-expansion';

const iso = (d: Date) => d.toISOString();
const first = (startAt: string, minutes = 60) => ({
  startAt: new Date(startAt),
  endAt: new Date(Date.parse(startAt) + minutes * 60_000),
});

describe('atLocal and localParts', () => {
  it('reads wall-clock times in the zone on both sides of a daylight-saving change', () => {
    expect(iso(atLocal('2026-03-02', '16:00', 'America/Toronto'))).toBe('2026-03-02T21:00:00.000Z');
    expect(iso(atLocal('2026-03-09', '16:00', 'America/Toronto'))).toBe('2026-03-09T20:00:00.000Z');
    expect(iso(atLocal('2026-03-09', '16:00', 'Asia/Shanghai'))).toBe('2026-03-09T08:00:00.000Z');
    expect(localParts(new Date('2026-11-02T21:00:00Z'), 'America/Toronto')).toEqual({
      date: '2026-11-02',
      time: '16:00',
      weekday: 1,
    });
  });

  it("moves a time the clocks skip later by the gap, and reads '24:00' as the next midnight", () => {
    expect(iso(atLocal('2026-03-08', '02:30', 'America/Toronto'))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(atLocal('2026-03-08', '24:00', 'America/Toronto'))).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('expandSeries', () => {
  const zone = 'America/Toronto';
  const monday = { weekday: 1, startTime: '16:00', endTime: '17:00' };

  it("skips a closure's days (the first class's too) without counting them", () => {
    // Mondays 2026-12-21 on, 16:00 in Toronto; winter break 2026-12-24..2027-01-02 closes two Mondays.
    const closed = [{ startDate: '2026-12-24', endDate: '2027-01-02' }];
    const classes = expandSeries({ first: first('2026-12-21T21:00:00Z'), slots: [monday], count: 3, zone, closed });
    expect(classes.map((c) => localParts(c.startAt, zone).date)).toEqual(['2026-12-21', '2027-01-04', '2027-01-11']);
    const closedFirst = expandSeries({
      first: first('2026-12-28T21:00:00Z'),
      slots: [monday],
      untilDate: '2027-01-11',
      zone,
      closed,
    });
    expect(closedFirst.map((c) => localParts(c.startAt, zone).date)).toEqual(['2027-01-04', '2027-01-11']);
    expect(() =>
      expandSeries({ first: first('2026-12-28T21:00:00Z'), slots: [monday], untilDate: '2026-12-31', zone, closed }),
    ).toThrow(AppError);
  });

  it('makes the first class and then every slot in time order, counting all of them', () => {
    const classes = expandSeries({
      first: first('2026-03-02T21:00:00Z'),
      slots: [{ weekday: 3, startTime: '09:00', endTime: '10:30' }, monday, monday],
      count: 4,
      zone,
    });
    expect(classes.map((c) => [iso(c.startAt), iso(c.endAt)])).toEqual([
      ['2026-03-02T21:00:00.000Z', '2026-03-02T22:00:00.000Z'],
      ['2026-03-04T14:00:00.000Z', '2026-03-04T15:30:00.000Z'],
      ['2026-03-09T20:00:00.000Z', '2026-03-09T21:00:00.000Z'],
      ['2026-03-11T13:00:00.000Z', '2026-03-11T14:30:00.000Z'],
    ]);
  });

  it('keeps the class drawn first even off the slots, and leaves out slot times before it that day', () => {
    const classes = expandSeries({
      first: first('2026-03-02T22:00:00Z'), // Monday 17:00
      slots: [monday],
      untilDate: '2026-03-16',
      zone,
    });
    expect(classes.map((c) => iso(c.startAt))).toEqual([
      '2026-03-02T22:00:00.000Z',
      '2026-03-09T20:00:00.000Z',
      '2026-03-16T20:00:00.000Z',
    ]);
  });

  it('refuses an end before the first day, and more than the most classes a series may make', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof AppError ? error.localized('en-US').fieldErrors : error;
      }
      return undefined;
    };
    expect(
      refusal(() =>
        expandSeries({ first: first('2026-03-02T21:00:00Z'), slots: [monday], untilDate: '2026-03-01', zone }),
      ),
    ).toEqual([{ field: 'repeat.untilDate', message: "The repetition ends on or after the first class's day" }]);
    const daily = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ ...monday, weekday }));
    expect(
      expandSeries({ first: first('2026-03-02T21:00:00Z'), slots: daily, count: MAX_SERIES_OCCURRENCES, zone }),
    ).toHaveLength(MAX_SERIES_OCCURRENCES);
    expect(
      refusal(() =>
        expandSeries({ first: first('2026-03-02T21:00:00Z'), slots: daily, untilDate: '2027-12-31', zone }),
      ),
    ).toEqual([
      { field: 'repeat.untilDate', message: `A series makes at most ${MAX_SERIES_OCCURRENCES} classes: end it sooner` },
    ]);
  });
});
