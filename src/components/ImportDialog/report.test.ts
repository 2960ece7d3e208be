import { describe, expect, it } from 'vitest';
import { summarise } from './report';

describe('summarise', () => {
  it('lists an error once and counts the rows that have errors, not the rows of the file', () => {
    const email = { row: 3, field: 'Email', message: 'Input a valid email address' };
    const summary = summarise({
      total: 3,
      imported: 0,
      errors: [email, { row: 2, field: 'SIN', message: 'SIN must be exactly 9 digits' }, { ...email }],
    });
    expect(summary.errors).toEqual([{ row: 2, field: 'SIN', message: 'SIN must be exactly 9 digits' }, email]);
    expect(summary.badRows).toBe(2);
    expect(summary.ready).toBe(0);
  });

  it('offers every row when no row has an error', () => {
    expect(summarise({ total: 4, imported: 0, errors: [] })).toEqual({ errors: [], badRows: 0, ready: 4 });
  });
});
