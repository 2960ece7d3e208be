import { describe, expect, it } from 'vitest';
import { studentIdFrom } from './studentId';

describe('studentIdFrom', () => {
  it('reads a canonical positive id', () => {
    expect(studentIdFrom('1')).toBe(1);
    expect(studentIdFrom('2147483647')).toBe(2147483647);
  });

  it('names no student for anything else (the page shows 404, no request)', () => {
    for (const param of [undefined, '', 'abc', 'NaN', '0', '-1', '1.5', '007', ' 1', '1e3', '0x1', '2147483648']) {
      expect(studentIdFrom(param), String(param)).toBeUndefined();
    }
  });
});
