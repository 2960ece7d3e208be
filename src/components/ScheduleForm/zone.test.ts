import { describe, expect, it } from 'vitest';
import { fromWallDate, instantOf, isoWeekday, toWallDate, wallOf } from './zone';

describe('schedule zone helpers', () => {
  it('keeps 16:00 local on both sides of a daylight-saving change', () => {
    expect(instantOf('2026-03-02', '16:00', 'America/Toronto')).toBe('2026-03-02T21:00:00.000Z');
    expect(instantOf('2026-03-09', '16:00', 'America/Toronto')).toBe('2026-03-09T20:00:00.000Z');
    expect(instantOf('2026-03-09', '16:00', 'Asia/Shanghai')).toBe('2026-03-09T08:00:00.000Z');
    expect(instantOf('2026-03-09', '24:00', 'Asia/Shanghai')).toBe('2026-03-09T16:00:00.000Z');
  });

  it('reads an instant as the centre reads it', () => {
    expect(wallOf('2026-03-09T20:00:00.000Z', 'America/Toronto')).toEqual({ day: '2026-03-09', time: '16:00' });
    expect(wallOf('2026-11-23T03:30:00.000Z', 'America/Toronto')).toEqual({ day: '2026-11-22', time: '22:30' });
  });

  it('round-trips the calendar wall-clock dates', () => {
    const wall = toWallDate('2026-03-09T20:00:00.000Z', 'America/Toronto');
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
      2026, 2, 9, 16, 0,
    ]);
    expect(fromWallDate(wall, 'America/Toronto')).toBe('2026-03-09T20:00:00.000Z');
  });

  it('numbers weekdays as ISO does', () => {
    expect(isoWeekday('2026-03-09')).toBe(1);
    expect(isoWeekday('2026-03-15')).toBe(7);
  });
});
