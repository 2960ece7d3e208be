import type { SortOrder } from 'antd/es/table/interface';

/**
 * ProTable's request arguments to our list query: page numbers as they are, one sort column as
 * sortField/sortOrder, empty filter values dropped.
 */
export function toListParams(
  params: Record<string, unknown> & { current?: number; pageSize?: number },
  sort?: Record<string, SortOrder>,
): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[key] = value;
  }
  const [sortField, sortOrder] = Object.entries(sort ?? {}).find(([, order]) => order) ?? [];
  if (sortField && sortOrder) {
    query.sortField = sortField;
    query.sortOrder = sortOrder;
  }
  return query;
}
