import { describe, expect, it } from 'vitest';
import { toListParams } from './listParams';

describe('toListParams', () => {
  it('keeps paging and filled filters, drops empty ones, takes the sorted column', () => {
    expect(
      toListParams(
        { current: 2, pageSize: 10, name: 'ada', email: '', active: true, x: undefined },
        { lastName: 'descend' },
      ),
    ).toEqual({ current: 2, pageSize: 10, name: 'ada', active: true, sortField: 'lastName', sortOrder: 'descend' });
  });

  it('sends no sort when none is chosen', () => {
    expect(toListParams({ current: 1 }, { lastName: null })).toEqual({ current: 1 });
  });
});
