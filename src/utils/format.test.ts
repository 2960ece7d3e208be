import { describe, expect, it } from 'vitest';
import { addDays, makeFormatter } from './format';

describe('makeFormatter', () => {
  it('keeps the defaults for settings given as undefined (the platform user has no centre)', () => {
    const none = makeFormatter({ currency: undefined, timeZone: undefined, locale: 'en-US' });
    expect(none.money('30.00')).toBe('CA$30.00');
  });

  it("shows money with the centre's currency, never as bare text", () => {
    const cad = makeFormatter({ currency: 'CAD', locale: 'en-US' });
    expect(cad.money('1200.00')).toBe('CA$1,200.00');
    expect(cad.money('45')).toBe('CA$45.00');
    expect(cad.money(null)).toBe('');
    // No negative zero: a zero credit or a reversal of nothing.
    expect(cad.money('-0.00')).toBe('CA$0.00');
    expect(cad.money(-0)).toBe('CA$0.00');
    expect(cad.money('-0.001')).toBe('CA$0.00');
    expect(cad.money('-40.00')).toBe('-CA$40.00');
    expect(makeFormatter({ currency: 'XYZW', locale: 'en-US' }).money('-0.00')).toBe('0.00 XYZW');
    expect(makeFormatter({ currency: 'USD', locale: 'en-US' }).money('480.00')).toBe('$480.00');
    expect(makeFormatter({ currency: 'CNY', locale: 'zh-CN' }).money('480.5')).toBe('¥480.50');
  });

  it('keeps the amount and names the code when the currency is unknown', () => {
    expect(makeFormatter({ currency: 'XYZW', locale: 'en-US' }).money('3')).toBe('3.00 XYZW');
  });

  it("shows timestamps in the centre's zone and calendar dates as they are", () => {
    const toronto = makeFormatter({ timeZone: 'America/Toronto' });
    // 02:30 UTC on the 22nd is still the 21st in Toronto.
    expect(toronto.dayOf('2026-11-22T02:30:00.000Z')).toBe('2026-11-21');
    expect(toronto.dateTime('2026-11-22T10:49:16.032Z')).toBe('2026-11-22 05:49');
    expect(makeFormatter({ timeZone: 'Asia/Shanghai' }).dateTime('2026-11-22T10:49:16.032Z')).toBe('2026-11-22 18:49');
    expect(toronto.date('2026-03-01')).toBe('2026-03-01');
    expect(toronto.date(null)).toBe('');
  });

  it('falls back to the default zone for a zone it does not know', () => {
    expect(makeFormatter({ timeZone: 'Mars/Base' }).dayOf('2026-11-22T02:30:00.000Z')).toBe('2026-11-21');
  });

  it('gives one 24-hour time and ISO-like day, month and range labels per language', () => {
    const en = makeFormatter({ timeZone: 'America/Toronto', locale: 'en-US' });
    const zh = makeFormatter({ timeZone: 'America/Toronto', locale: 'zh-CN' });
    // 20:30 UTC is 15:30 in Toronto: never "03:30 PM".
    expect(en.time('2026-11-25T20:30:00.000Z')).toBe('15:30');
    expect(zh.time('2026-11-25T20:30:00.000Z')).toBe('15:30');
    expect(en.dayLabel('2026-11-25')).toBe('Wednesday 2026-11-25');
    expect(zh.dayLabel('2026-11-25')).toBe('2026-11-25 星期三');
    expect(en.monthLabel('2026-11-25')).toBe('November 2026');
    expect(zh.monthLabel('2026-11-01')).toBe('2026年11月');
    expect(en.rangeLabel('2026-11-25', '2026-12-25')).toBe('2026-11-25 – 2026-12-25');
    expect(zh.rangeLabel('2026-11-25', '2026-11-25')).toBe('2026-11-25');
  });

  it("knows today in the centre's zone and adds days across month ends", () => {
    const today = makeFormatter({ timeZone: 'Pacific/Kiritimati' }).today();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});
