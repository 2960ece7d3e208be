import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayCountEvents, localizer, visibleRange } from './calendar';

// The month view's day arithmetic runs on native Dates (calendar.ts); it must agree with dayjs.
type Fast = {
  startOf: (d: Date, u: string) => Date;
  add: (d: Date, n: number, u: string) => Date;
  diff: (a: Date, b: Date, u: string) => number;
  ceil: (d: Date, u: string) => Date;
  isSameDate: (a: Date, b: Date) => boolean;
  daySpan: (a: Date, b: Date) => number;
  inEventRange: (args: { event: { start: Date; end: Date }; range: { start: Date; end: Date } }) => boolean;
};
const fast = localizer as unknown as Fast;
const dates = [
  new Date(2026, 2, 7, 23, 30),
  new Date(2026, 2, 8, 0, 0),
  new Date(2026, 2, 8, 16, 0),
  new Date(2026, 10, 1, 1, 30),
  new Date(2026, 11, 31, 18, 45),
];

describe('calendar localizer day arithmetic', () => {
  it('matches dayjs for start of day, add, diff, ceil and same date', () => {
    for (const a of dates) {
      expect(+fast.startOf(a, 'day')).toBe(+dayjs(a).startOf('day').toDate());
      expect(+fast.add(a, 3, 'day')).toBe(+dayjs(a).add(3, 'day').toDate());
      expect(+fast.ceil(a, 'day')).toBe(
        +(dayjs(a).isSame(dayjs(a).startOf('day')) ? dayjs(a) : dayjs(a).startOf('day').add(1, 'day')).toDate(),
      );
      for (const b of dates) {
        expect(fast.diff(a, b, 'day')).toBe(dayjs(b).diff(dayjs(a), 'day'));
        expect(fast.isSameDate(a, b)).toBe(dayjs(a).isSame(b, 'day'));
      }
    }
    // Other units still go through dayjs.
    expect(+fast.startOf(dates[2], 'month')).toBe(+new Date(2026, 2, 1));
  });

  it('puts a class in the weeks it touches', () => {
    const event = { start: new Date(2026, 2, 8, 16), end: new Date(2026, 2, 8, 17) };
    expect(fast.inEventRange({ event, range: { start: new Date(2026, 2, 8), end: new Date(2026, 2, 14) } })).toBe(true);
    expect(fast.inEventRange({ event, range: { start: new Date(2026, 2, 9), end: new Date(2026, 2, 15) } })).toBe(
      false,
    );
    expect(fast.inEventRange({ event, range: { start: new Date(2026, 2, 1), end: new Date(2026, 2, 7) } })).toBe(false);
    expect(fast.daySpan(event.start, event.end)).toBe(0);
  });

  it('asks for the six weeks a month shows, at most the range the server allows', () => {
    const { start, end } = visibleRange(new Date(2026, 10, 22), 'month');
    expect([start.getDate(), start.getMonth(), end.getDate(), end.getMonth()]).toEqual([1, 10, 6, 11]);
    expect((+end - +start) / 86_400_000).toBeLessThanOrEqual(62);
  });
});

describe('dayCountEvents (issue 24: a range of too many classes)', () => {
  it('draws each local day of the summary as an all-day box on that wall-clock date', () => {
    const [first, last] = dayCountEvents(
      [
        { date: '2031-03-08', classes: 600 },
        { date: '2031-03-09', classes: 12 },
      ],
      (n) => `${n} classes`,
    );
    expect(first).toMatchObject({ id: 'count-2031-03-08', title: '600 classes', kind: 'dayCount', allDay: true });
    expect([first.start.getFullYear(), first.start.getMonth(), first.start.getDate(), first.start.getHours()]).toEqual([
      2031, 2, 8, 0,
    ]);
    expect(last.end.getDate()).toBe(10);
    expect(last.title).toBe('12 classes');
  });
});
