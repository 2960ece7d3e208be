import { describe, expect, it } from 'vitest';
import { addressOf, readAddress } from './address';

describe('the table view address', () => {
  it('opens a fresh visit on today and the next 7 days, soonest first, page 1', () => {
    expect(readAddress(new URLSearchParams(''), '2026-11-28')).toEqual({
      filters: { dates: ['2026-11-28', '2026-12-05'] },
      page: { current: 1, pageSize: 10 },
      sort: { field: 'startAt', order: 'ascend' },
    });
  });

  it('reads back what a query wrote: filters, page and sort', () => {
    const query = {
      from: '2026-01-05',
      to: '2026-01-11',
      status: 'PLANNED',
      teacherId: 4,
      current: 3,
      pageSize: 20,
      sortField: 'status',
      sortOrder: 'descend',
    };
    const address = addressOf(query);
    expect(address).toBe(
      '?from=2026-01-05&to=2026-01-11&status=PLANNED&teacherId=4&current=3&pageSize=20&sortField=status&sortOrder=descend',
    );
    expect(readAddress(new URLSearchParams(address), '2026-11-28')).toEqual({
      filters: { status: 'PLANNED', teacherId: 4, dates: ['2026-01-05', '2026-01-11'] },
      page: { current: 3, pageSize: 20 },
      sort: { field: 'status', order: 'descend' },
    });
  });

  it('keeps a cleared date range cleared and ignores other parameters', () => {
    const start = readAddress(new URLSearchParams('?current=2&id=9&sortOrder=sideways'), '2026-11-28');
    expect(start).toEqual({ filters: {}, page: { current: 2, pageSize: 10 }, sort: undefined });
    expect(addressOf({ id: 9, q: 'x' })).toBe('');
  });
});
