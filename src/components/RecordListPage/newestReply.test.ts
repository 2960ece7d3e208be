import { describe, expect, it } from 'vitest';
import { isFiltered, newestReplies } from './newestReply';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('newestReplies', () => {
  it('settles an earlier request that lands last with the newest reply', async () => {
    const newest = newestReplies<string>();
    const first = newest(later('all rows', 30));
    const second = newest(later('filtered rows', 5));
    expect(await second).toBe('filtered rows');
    expect(await first).toBe('filtered rows');
  });

  it('keeps a single reply, and its error', async () => {
    const newest = newestReplies<string>();
    expect(await newest(later('rows', 1))).toBe('rows');
    await expect(newest(Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('does not surface the error of a superseded request', async () => {
    const newest = newestReplies<string>();
    const first = newest(later(null, 20).then(() => Promise.reject(new Error('stale'))));
    newest(later('fresh', 1));
    expect(await first).toBe('fresh');
  });
});

describe('isFiltered', () => {
  it('counts search and filters, not paging, sorting, blanks or fixed parameters', () => {
    expect(isFiltered({ current: 2, pageSize: 10, sortField: 'name', sortOrder: 'ascend' })).toBe(false);
    expect(isFiltered({ q: '' })).toBe(false);
    expect(isFiltered({ studentId: 4 }, { studentId: 4 })).toBe(false);
    expect(isFiltered({ q: 'ann' })).toBe(true);
    expect(isFiltered({ paid: false })).toBe(true);
  });
});
