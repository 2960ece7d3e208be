import { describe, expect, it } from 'vitest';
import { todayIn } from './today';

describe('todayIn', () => {
  const lateEvening = new Date('2026-11-22T23:30:00Z');

  it("is the centre's date, not the browser's or UTC's", () => {
    expect(todayIn('Pacific/Kiritimati', lateEvening)).toBe('2026-11-23');
    expect(todayIn('America/Toronto', lateEvening)).toBe('2026-11-22');
    expect(todayIn('America/Toronto', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });

  it("falls back to the default centre's zone for an unknown zone", () => {
    expect(todayIn('Mars/Olympus', new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
});
