import { describe, expect, it } from 'vitest';
import { CLASS_STATES } from '../../../contracts/class-state';
import { contrastRatio as contrast } from '../../../utils/contrast';
import { makeFormatter } from '../../../utils/format';
import { textOn } from './calendar';
import { calendarFormats, stateLook } from './look';

describe('calendar look', () => {
  it('keeps event text at 4.5:1 or more on every teacher colour (white on orange was 2.2:1)', () => {
    for (const colour of [
      '#fa8c16',
      '#13c2c2',
      '#52c41a',
      '#1890ff',
      '#722ed1',
      '#f5222d',
      '#808080',
      '#000000',
      '#ffffff',
    ])
      expect(contrast(colour, textOn(colour) === '#000' ? '#000000' : '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(textOn('#fa8c16')).toBe('#000');
    expect(textOn('#722ed1')).toBe('#fff');
  });

  it('gives each state its own look', () => {
    const looks = CLASS_STATES.map((state) => JSON.stringify(stateLook('#13c2c2', state).style));
    expect(new Set(looks).size).toBe(CLASS_STATES.length);
  });

  it('labels the toolbar and agenda with ISO-like dates and the month as each language writes it', () => {
    const en = calendarFormats(makeFormatter({ locale: 'en-US' }));
    const zh = calendarFormats(makeFormatter({ locale: 'zh-CN' }));
    const range = { start: new Date(2026, 10, 25), end: new Date(2026, 11, 25) };
    const day = new Date(2026, 10, 25, 15, 30);
    const call = (f: unknown, ...args: unknown[]) => (f as (...a: unknown[]) => string)(...args);
    expect(call(en.agendaHeaderFormat, range)).toBe('2026-11-25 – 2026-12-25');
    expect(call(en.dayHeaderFormat, day)).toBe('Wednesday 2026-11-25');
    expect(call(en.monthHeaderFormat, day)).toBe('November 2026');
    expect(call(zh.monthHeaderFormat, day)).toBe('2026年11月');
    expect(call(zh.dayHeaderFormat, day)).toBe('2026-11-25 星期三');
    expect(call(en.eventTimeRangeFormat, { start: day, end: new Date(2026, 10, 25, 16, 45) })).toBe('15:30–16:45');
  });
});
