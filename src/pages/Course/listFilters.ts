import type { ListQuery } from '../../services/courses';

/** The filters of a list query without paging and sorting: what an export downloads. */
export function filtersOf(query: ListQuery): ListQuery {
  const { current: _current, pageSize: _pageSize, sortField: _sortField, sortOrder: _sortOrder, ...filters } = query;
  return filters;
}
