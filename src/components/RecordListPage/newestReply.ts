import type { Query } from '@/services/http';

/**
 * The newest request of a list wins. ProTable shows whichever reply lands last, so a search typed
 * while the first page is still loading would be replaced by the unfiltered rows when the earlier,
 * slower reply arrives. Each reply passed through `newest` settles with the reply of the newest
 * request made so far (waiting for it if need be), so every pending request ends showing it.
 */
export function newestReplies<R>() {
  let latest: Promise<R> | undefined;
  const settle = async (current: Promise<R>): Promise<R> => {
    try {
      const value = await current;
      if (current === latest) return value;
    } catch (error) {
      if (current === latest) throw error;
    }
    return settle(latest as Promise<R>);
  };
  return (reply: Promise<R>): Promise<R> => {
    latest = reply;
    return settle(reply);
  };
}

const NOT_FILTERS = new Set(['current', 'pageSize', 'sortField', 'sortOrder']);
const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Whether the user narrowed the list (search box or filter form): paging, sorting and the page's
 * own fixed parameters (`fixed`, such as the student of a dashboard tab) do not count.
 */
export function isFiltered(query: Query, fixed: Query = {}) {
  return Object.entries(query).some(([key, value]) => !NOT_FILTERS.has(key) && !(key in fixed) && !blank(value));
}
