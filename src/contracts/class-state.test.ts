import { describe, expect, it } from 'vitest';
import { classState } from './class-state';

const at = (time: string) => new Date(`2026-11-25T${time}:00Z`);
const planned = { status: 'PLANNED', startAt: '2026-11-25T17:30:00Z', endAt: '2026-11-25T18:30:00Z' };

describe('classState', () => {
  it('keeps a planned class upcoming until it starts: a 17:30 class at 17:03 is not awaiting confirmation', () => {
    expect(classState(planned, at('17:03'))).toBe('UPCOMING');
    expect(classState(planned, at('17:29'))).toBe('UPCOMING');
  });

  it('awaits confirmation from its start, and is overdue a day after its end', () => {
    expect(classState(planned, at('17:30'))).toBe('AWAITING_CONFIRMATION');
    expect(classState(planned, at('19:00'))).toBe('AWAITING_CONFIRMATION');
    expect(classState(planned, new Date('2026-11-26T18:31:00Z'))).toBe('OVERDUE');
  });

  it('names completed and cancelled classes whatever the time', () => {
    expect(classState({ ...planned, status: 'COMPLETED' }, at('17:03'))).toBe('COMPLETED');
    expect(classState({ ...planned, status: 'CANCELLED' }, at('19:00'))).toBe('CANCELLED');
  });
});
