import type { PrismaClient } from '../generated/prisma/client';

// Free-text search (`q`) over the searchText columns. Database triggers fill each column with
// search_fold(...) = lower(unaccent(...)) on every write (migration 20261122113659); the query text is
// folded by the same SQL function, so "chloe", "CHLOE" and "Chloé" match alike whatever the server's
// locale, and `searchText LIKE '%…%'` is served by the column's trigram GIN index.

/** `%`, `_` and `\` match themselves: Prisma's `contains` passes them to LIKE as wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** Case-insensitive literal "contains" for one column's filter, or nothing for an empty filter. */
export function containsLiteral(value: string | undefined | null) {
  return value ? { contains: escapeLike(value), mode: 'insensitive' as const } : undefined;
}

/** Folds each text as the searchText triggers do, in one round trip. */
export async function foldForSearch(prisma: PrismaClient, texts: string[]): Promise<string[]> {
  if (texts.length === 0) return [];
  const rows = await prisma.$queryRaw<{ folded: string }[]>`
    SELECT search_fold(t) AS folded FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`;
  return rows.map((row) => row.folded);
}

/**
 * One `contains` filter per word of `q` for a searchText column (folded, wildcards escaped): every word
 * must match, in any order ("dupont chloe" finds Chloé Dupont). [] when `q` is empty.
 */
export async function searchWordFilters(prisma: PrismaClient, q: string | undefined | null) {
  const words = (q ?? '').split(/\s+/).filter(Boolean);
  const folded = await foldForSearch(prisma, words);
  return folded.filter(Boolean).map((word) => ({ contains: escapeLike(word) }));
}
