import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { CLASS_CHANGE_TEMPLATE } from '../features/notices/jobs/class-changes';
import { FEEDBACK_REMINDER_TEMPLATE } from '../features/notices/jobs/feedback-reminders';
import { ANY_HOUR_TEMPLATES, heldForOptOut, quietHoursEnd, waitsForDaytime } from './quiet-hours';

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toJSDate();
const local = (instant: Date | null, zone: string) =>
  instant ? DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-MM-dd'T'HH:mm") : null;

describe('quietHoursEnd', () => {
  const toronto = 'America/Toronto';
  it('is null from 08:00 to 20:59 local', () => {
    expect(quietHoursEnd(at('2026-06-10T08:00', toronto), toronto)).toBeNull();
    expect(quietHoursEnd(at('2026-06-10T13:30', toronto), toronto)).toBeNull();
    expect(quietHoursEnd(at('2026-06-10T20:59:59', toronto), toronto)).toBeNull();
  });
  it('ends at the next 08:00 local from 21:00 on, and the same morning before 08:00', () => {
    expect(local(quietHoursEnd(at('2026-06-10T21:00', toronto), toronto), toronto)).toBe('2026-06-11T08:00');
    expect(local(quietHoursEnd(at('2026-06-10T23:59', toronto), toronto), toronto)).toBe('2026-06-11T08:00');
    expect(local(quietHoursEnd(at('2026-06-11T00:00', toronto), toronto), toronto)).toBe('2026-06-11T08:00');
    expect(local(quietHoursEnd(at('2026-06-11T07:59:59', toronto), toronto), toronto)).toBe('2026-06-11T08:00');
  });
  it('uses the centre’s zone, not the server’s', () => {
    // 22:00 in Toronto is 11:00 the next day in Shanghai: quiet in one, not the other.
    const instant = at('2026-06-10T22:00', toronto);
    expect(quietHoursEnd(instant, 'Asia/Shanghai')).toBeNull();
    expect(quietHoursEnd(instant, toronto)?.toISOString()).toBe('2026-06-11T12:00:00.000Z');
  });
  it('spring forward: a night of 23 hours still ends at 08:00 local (12:00 UTC, no longer 13:00)', () => {
    // 2026-03-08 02:00 EST -> 03:00 EDT.
    const end = quietHoursEnd(at('2026-03-07T22:00', toronto), toronto);
    expect(end?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(local(end, toronto)).toBe('2026-03-08T08:00');
    // 01:30 EST, then 03:30 EDT an hour later: both before 08:00 EDT.
    expect(quietHoursEnd(at('2026-03-08T01:30', toronto), toronto)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-03-08T07:30:00Z'), toronto)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    // 07:59 EDT is 11:59 UTC: still quiet; 08:00 EDT = 12:00 UTC is not (13:00 UTC would be an hour late).
    expect(quietHoursEnd(new Date('2026-03-08T11:59:00Z'), toronto)).not.toBeNull();
    expect(quietHoursEnd(new Date('2026-03-08T12:00:00Z'), toronto)).toBeNull();
  });
  it('fall back: a night of 25 hours ends at 08:00 EST (13:00 UTC), the repeated hour included', () => {
    // 2026-11-01 02:00 EDT -> 01:00 EST; 01:30 happens twice.
    const first = new Date('2026-11-01T05:30:00Z'); // 01:30 EDT
    const second = new Date('2026-11-01T06:30:00Z'); // 01:30 EST
    expect(quietHoursEnd(first, toronto)?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(quietHoursEnd(second, toronto)?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(quietHoursEnd(new Date('2026-11-01T12:30:00Z'), toronto)).not.toBeNull(); // 07:30 EST
    expect(quietHoursEnd(new Date('2026-11-01T13:00:00Z'), toronto)).toBeNull();
    // 21:00 EDT on the Saturday before: ends 08:00 EST on Sunday.
    expect(quietHoursEnd(new Date('2026-11-01T01:00:00Z'), toronto)?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });
  it('a zone whose clocks change at midnight (Santiago) and a southern-hemisphere one (Sydney)', () => {
    const santiago = 'America/Santiago';
    // 2026-09-06 00:00 -> 01:00 (spring forward at midnight): 23:30 on the 5th ends 08:00 on the 6th.
    const end = quietHoursEnd(at('2026-09-05T23:30', santiago), santiago);
    expect(local(end, santiago)).toBe('2026-09-06T08:00');
    const sydney = 'Australia/Sydney';
    // 2026-04-05 03:00 AEDT -> 02:00 AEST.
    expect(local(quietHoursEnd(at('2026-04-04T21:15', sydney), sydney), sydney)).toBe('2026-04-05T08:00');
    expect(quietHoursEnd(at('2026-04-04T21:15', sydney), sydney)?.toISOString()).toBe('2026-04-04T22:00:00.000Z');
  });
  it('an unknown zone counts as UTC', () => {
    expect(quietHoursEnd(new Date('2026-06-10T22:00:00Z'), 'Nowhere/Else')?.toISOString()).toBe(
      '2026-06-11T08:00:00.000Z',
    );
  });
});

describe('which SMS wait', () => {
  it('family SMS wait for daytime; sign-in codes and staff notices do not; email never', () => {
    expect(waitsForDaytime('SMS', 'class-change-family')).toBe(true);
    expect(waitsForDaytime('SMS', 'low-balance')).toBe(true);
    expect(waitsForDaytime('SMS', 'login-code')).toBe(false);
    expect(waitsForDaytime('SMS', CLASS_CHANGE_TEMPLATE)).toBe(false);
    expect(waitsForDaytime('SMS', FEEDBACK_REMINDER_TEMPLATE)).toBe(false);
    expect(waitsForDaytime('EMAIL', 'class-change-family')).toBe(false);
    expect([...ANY_HOUR_TEMPLATES].sort()).toEqual(
      ['login-code', CLASS_CHANGE_TEMPLATE, FEEDBACK_REMINDER_TEMPLATE].sort(),
    );
  });
  it('a STOP holds back every SMS but a sign-in code', () => {
    expect(heldForOptOut('SMS', CLASS_CHANGE_TEMPLATE)).toBe(true);
    expect(heldForOptOut('SMS', 'class-change-family')).toBe(true);
    expect(heldForOptOut('SMS', 'login-code')).toBe(false);
    expect(heldForOptOut('EMAIL', 'bulk')).toBe(false);
  });
});
