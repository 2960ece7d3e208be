import { describe, expect, it } from 'vitest';
import { monthOf, thisMonthIn, todayIn } from './month';

describe('report months', () => {
  it('takes the day on the centre’s clock, not UTC', () => {
    // 03:30 UTC on 1 March 2026 is still 28 February in Toronto, and 1 March in Shanghai.
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(todayIn('America/Toronto', instant)).toBe('2026-02-28');
    expect(thisMonthIn('America/Toronto', instant)).toEqual(['2026-02-01', '2026-02-28']);
    expect(thisMonthIn('Asia/Shanghai', instant)).toEqual(['2026-03-01', '2026-03-31']);
  });

  it('knows the length of each month', () => {
    expect(monthOf('2024-02-10')).toEqual(['2024-02-01', '2024-02-29']);
    expect(monthOf('2026-12-31')).toEqual(['2026-12-01', '2026-12-31']);
    expect(monthOf('2026-04-01')).toEqual(['2026-04-01', '2026-04-30']);
  });
});
