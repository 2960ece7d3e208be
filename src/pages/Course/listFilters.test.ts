import { describe, expect, it } from 'vitest';
import { filtersOf } from './listFilters';

describe('filtersOf', () => {
  it('keeps the filters and drops paging and sorting', () => {
    expect(
      filtersOf({ current: 2, pageSize: 10, sortField: 'name', sortOrder: 'ascend', q: 'math', paid: false }),
    ).toEqual({
      q: 'math',
      paid: false,
    });
  });
});
