import type { SortOrder } from 'antd/es/table/interface';
import type { Query } from '@/services/http';
import { addDays } from '../../../utils/format';

/** The list's query parameters kept in the address; anything else (e.g. `?id=`) is left alone. */
const KEYS = [
  'from',
  'to',
  'status',
  'studentId',
  'teacherId',
  'locationId',
  'roomId',
  'notificationStatus',
  'current',
  'pageSize',
  'sortField',
  'sortOrder',
];
const NUMBERS = new Set(['studentId', 'teacherId', 'locationId', 'roomId', 'current', 'pageSize']);

/** What the list starts from: the filter form's values, the page and the sort. */
export interface ListStart {
  filters: Record<string, unknown>;
  page: { current: number; pageSize: number };
  sort?: { field: string; order: SortOrder };
}

/**
 * The address's list state; an address without any (a fresh visit) opens on today and the next 7
 * days in the centre's zone, soonest first.
 */
export function readAddress(search: URLSearchParams, today: string): ListStart {
  const query: Record<string, string | number> = {};
  for (const key of KEYS) {
    const value = search.get(key);
    if (value === null || value === '') continue;
    query[key] = NUMBERS.has(key) && /^\d{1,9}$/.test(value) ? Number(value) : value;
  }
  if (Object.keys(query).length === 0)
    Object.assign(query, { from: today, to: addDays(today, 7), sortField: 'startAt', sortOrder: 'ascend' });
  const { from, to, current, pageSize, sortField, sortOrder, ...filters } = query;
  const order = sortOrder === 'ascend' || sortOrder === 'descend' ? sortOrder : undefined;
  return {
    filters: { ...filters, ...(from && to ? { dates: [String(from), String(to)] } : {}) },
    page: { current: Number(current) || 1, pageSize: Number(pageSize) || 10 },
    sort: sortField && order ? { field: String(sortField), order } : undefined,
  };
}

/** The address for a list query: its kept parameters in a fixed order. */
export function addressOf(query: Query): string {
  const search = new URLSearchParams();
  for (const key of KEYS) if (query[key] !== undefined) search.set(key, String(query[key]));
  const text = search.toString();
  return text ? `?${text}` : '';
}
