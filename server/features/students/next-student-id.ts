import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { organisationOf } from '../../http/tenancy';

const FIRST_ID = 'S0001';

/**
 * Suggests the next free student ID: the centre's newest ID tells the pattern (prefix + number, e.g.
 * "S-0042"), and the suggestion is one more than the highest number any ID of that pattern holds, with
 * the same zero padding. A centre without students starts at S0001. Only a suggestion: the unique index
 * still refuses a clash when two people create students at once. The number is read by PostgreSQL as
 * the ID's trailing digits (not by a JavaScript offset: an emoji is two JavaScript characters, one in SQL).
 */
export async function nextStudentId(prisma: PrismaClient, auth: AuthContext): Promise<{ studentId: string }> {
  const organisationId = organisationOf(auth);
  const newest = await prisma.student.findFirst({
    where: { organisationId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { studentId: true },
  });
  if (!newest) return { studentId: FIRST_ID };
  const [, prefix = '', digits = ''] = /^(.*?)(\d*)$/.exec(newest.studentId) ?? [];
  const pattern = `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9]+$`;
  const [{ highest }] = await prisma.$queryRaw<{ highest: string | null }[]>`
    SELECT max(substring("studentId" from '[0-9]+$')::numeric)::text AS highest
    FROM "Student" WHERE "organisationId" = ${organisationId} AND "studentId" ~ ${pattern}`;
  const next = (BigInt(highest ?? '0') + 1n).toString();
  return { studentId: `${prefix}${next.padStart(digits.length, '0')}` };
}
