import { describe, expect, it } from 'vitest';
import { instantOf, spanOf, wallClockOf } from './wallClock';

describe('wall clock of the centre', () => {
  it('reads an instant in the centre zone on both sides of a DST change', () => {
    expect(wallClockOf('2026-03-02T21:00:00.000Z', 'America/Toronto')).toEqual({ day: '2026-03-02', time: '16:00' });
    expect(wallClockOf('2026-03-09T20:00:00.000Z', 'America/Toronto')).toEqual({ day: '2026-03-09', time: '16:00' });
    expect(wallClockOf('2026-03-09T20:00:00.000Z', 'Asia/Shanghai')).toEqual({ day: '2026-03-10', time: '04:00' });
  });

  it('turns a wall-clock time into the instant of that zone', () => {
    expect(instantOf('2026-03-02', '16:00', 'America/Toronto')).toBe('2026-03-02T21:00:00.000Z');
    expect(instantOf('2026-03-09', '16:00', 'America/Toronto')).toBe('2026-03-09T20:00:00.000Z');
    expect(instantOf('2026-03-09', '16:00', 'Asia/Shanghai')).toBe('2026-03-09T08:00:00.000Z');
  });

  it('falls back to the default zone for an unknown one', () => {
    expect(instantOf('2026-07-01', '09:30', 'Mars/Olympus')).toBe('2026-07-01T13:30:00.000Z');
  });

  it('ends a span typed as times on the next day when its end is not after its start', () => {
    expect(spanOf('2026-11-25', '23:00', '00:00', 'America/Toronto')).toEqual({
      startAt: '2026-11-26T04:00:00.000Z',
      endAt: '2026-11-26T05:00:00.000Z',
    });
    expect(spanOf('2026-11-25', '16:00', '17:30', 'America/Toronto')).toEqual({
      startAt: '2026-11-25T21:00:00.000Z',
      endAt: '2026-11-25T22:30:00.000Z',
    });
    // The night the clocks go back: 03:00 the next morning is read in that morning's offset (EST).
    expect(spanOf('2026-10-31', '23:30', '03:00', 'America/Toronto')).toEqual({
      startAt: '2026-11-01T03:30:00.000Z',
      endAt: '2026-11-01T08:00:00.000Z',
    });
  });
});
