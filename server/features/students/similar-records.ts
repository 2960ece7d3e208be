import type { TSimilarQuery, TSimilarRecord } from '../../../src/contracts/similar';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';
import { sitesOf } from '../locations/sites';

interface Row {
  id: number;
  label: string;
  sameName: boolean;
  sameEmail: boolean;
  samePhone: boolean;
}

/** The values compared: names folded (case, accents), email lowercased, the phone's digits (7 or more). */
function comparable(query: TSimilarQuery) {
  const digits = (query.phone ?? '').replace(/\D/g, '');
  return {
    first: query.firstName && query.lastName ? query.firstName : null,
    last: query.firstName && query.lastName ? query.lastName : null,
    email: query.email ? query.email.toLowerCase() : null,
    digits: digits.length >= 7 ? digits : null,
  };
}

function toSimilar(rows: Row[]): TSimilarRecord[] {
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    matches: [
      ...(row.sameName ? (['name'] as const) : []),
      ...(row.sameEmail ? (['email'] as const) : []),
      ...(row.samePhone ? (['phone'] as const) : []),
    ],
  }));
}

/** Students of the centre with the same name, email or phone as a student about to be added. */
export async function similarStudents(prisma: PrismaClient, auth: AuthContext, query: TSimilarQuery) {
  const { first, last, email, digits } = comparable(query);
  if (!first && !email && !digits) return [];
  // A site-limited operator is shown their sites' students only (issue 23): the others' names stay hidden.
  const sites = sitesOf(auth);
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT * FROM (
      SELECT s.id, s."firstName" || ' ' || s."lastName" || ' (' || s."studentId" || ')' AS label,
        coalesce(search_fold(s."firstName") = search_fold(${first}::text)
          AND search_fold(s."lastName") = search_fold(${last}::text), false) AS "sameName",
        coalesce(lower(s.email) = ${email}::text, false) AS "sameEmail",
        coalesce(regexp_replace(s.phone, '[^0-9]', '', 'g') = ${digits}::text, false) AS "samePhone"
      FROM "Student" s WHERE s."organisationId" = ${organisationOf(auth)}
        AND (${sites === null} OR s."locationId" = ANY(${sites ?? []}::int[]))
    ) AS compared
    WHERE "sameName" OR "sameEmail" OR "samePhone"
    ORDER BY id LIMIT 5`;
  return toSimilar(rows);
}

/** Teachers of the centre (not deleted) with the same name, email or phone as one about to be added. */
export async function similarTeachers(prisma: PrismaClient, auth: AuthContext, query: TSimilarQuery) {
  const { first, last, email, digits } = comparable(query);
  if (!first && !email && !digits) return [];
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT * FROM (
      SELECT t.id, trim(coalesce(u."firstName", '') || ' ' || coalesce(u."lastName", '')) AS label,
        coalesce(search_fold(u."firstName") = search_fold(${first}::text)
          AND search_fold(u."lastName") = search_fold(${last}::text), false) AS "sameName",
        coalesce(lower(u.email) = ${email}::text, false) AS "sameEmail",
        coalesce(regexp_replace(u.phone, '[^0-9]', '', 'g') = ${digits}::text, false) AS "samePhone"
      FROM "Teacher" t JOIN "User" u ON u.id = t."userId"
      WHERE t."organisationId" = ${organisationOf(auth)} AND t."deletedAt" IS NULL
    ) AS compared
    WHERE "sameName" OR "sameEmail" OR "samePhone"
    ORDER BY id LIMIT 5`;
  return toSimilar(rows);
}
