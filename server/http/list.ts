import type { z } from 'zod';
import type { ZListQuery } from '../../src/contracts/list';
import { fixed2 } from '../features/money/money-text';

type ListQuery = z.output<typeof ZListQuery>;

/** skip/take for ProTable's page numbers (1-based). */
export function pageArgs(query: Pick<ListQuery, 'current' | 'pageSize'>) {
  return { skip: (query.current - 1) * query.pageSize, take: query.pageSize };
}

/**
 * orderBy for the requested column (already whitelisted by the contract's enum), then `id` so that
 * pages never overlap or skip rows when the column has ties.
 */
export function sortArgs<F extends string>(sortField: F | undefined, sortOrder: ListQuery['sortOrder'], fallback: F) {
  const direction = sortOrder === 'descend' ? ('desc' as const) : ('asc' as const);
  return [{ [sortField ?? fallback]: direction }, { id: direction }] as Record<string, 'asc' | 'desc'>[];
}

/** A Prisma Decimal (or null) as the 2-decimal string the API replies with. */
export function money(value: { toFixed(digits: number): string } | null | undefined): string | null {
  return value === null || value === undefined ? null : fixed2(value);
}

/** A @db.Date column as 'YYYY-MM-DD'. */
export function isoDate(value: Date | null | undefined): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

/** 'YYYY-MM-DD' to the Date Prisma stores in a @db.Date column. */
export function toDbDate(value: string | null | undefined): Date | null {
  return value ? new Date(`${value}T00:00:00Z`) : null;
}
