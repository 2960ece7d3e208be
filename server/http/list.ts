import type { z } from 'zod';
import type { ZListQuery } from '../../src/contracts/list';
import { fixed2 } from '../features/money/money-text';

type ListQuery = z.output<typeof ZListQuery>;

/** skip/take for ProTable's page numbers (1-based). */
export function pageArgs(query: Pick<ListQuery, 'current' | 'pageSize'>) {
  return { skip: (query.current - 1) * query.pageSize, take: query.pageSize };
}

/**
 * From this many skipped rows on, a list finds its page in two steps: the page's ids (the skipped rows
 * cost a scan of the sort index alone), then the page's rows by id with what they join. In one step
 * PostgreSQL builds every skipped row, related rows joined, only to throw it away, so the cost of a deep
 * page grew with its number. The second step must apply the same order (`id IN (...)` comes back in any).
 */
export const DEEP_PAGE_SKIP = 500;

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

/**
 * How many rows a list counts at most (issue 24): an exact COUNT(*) of a big centre's unfiltered list
 * reads every row of it on each page. Beyond the cap the reply says `totalCapped` and the pager shows
 * "more than 10,000". 10,000: every ordinary centre (hundreds to a few thousand students) keeps exact
 * totals on every list, and a count never reads more than 10,000 index entries however big the centre
 * (about 2 ms against 11 ms for an exact count of 50,000). LIST_COUNT_CAP overrides it: tests use a
 * small one; 1,000 keeps a huge centre's page 1 within 1.5x of a small one's.
 */
export const DEFAULT_COUNT_CAP = 10_000;
export function countCap(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.LIST_COUNT_CAP);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_COUNT_CAP;
}

/**
 * The `take` for a capped count (Prisma's `count({ where, take })` is `SELECT count(*) FROM (SELECT ...
 * LIMIT take)`): one row past the cap, or past the page asked for when it lies beyond the cap, so that
 * the pager always offers the next page while rows remain.
 */
export function countTake(query: Pick<ListQuery, 'current' | 'pageSize'>, cap = countCap()): number {
  const { skip, take } = pageArgs(query);
  return Math.max(cap, skip + take) + 1;
}

/** The list reply's total: exact up to the cap; `counted` of `countTake` rows means there are more. */
export function cappedTotal(counted: number, take: number): { total: number; totalCapped?: true } {
  return counted >= take ? { total: counted, totalCapped: true } : { total: counted };
}
