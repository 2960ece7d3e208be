// Students served (issue 10): a centre's active students with at least one PLANNED or COMPLETED class
// starting in [periodStart 00:00, periodEnd + 1 day 00:00) in the centre's time zone. One SQL
// statement for any number of centres (the billing cycle asks for a whole batch at once).
import type { Prisma } from '../../generated/prisma/client';

type Db = Pick<Prisma.TransactionClient, '$queryRaw'>;

export interface ServedStudent {
  organisationId: number;
  studentId: number;
  name: string;
}

/** The students served by each of `organisationIds` in the period (dates 'YYYY-MM-DD'), by centre and id. */
export async function studentsServed(
  db: Db,
  organisationIds: readonly number[],
  periodStart: string,
  periodEnd: string,
): Promise<ServedStudent[]> {
  if (organisationIds.length === 0) return [];
  return db.$queryRaw<ServedStudent[]>`
    SELECT s."organisationId", s.id AS "studentId", s."firstName" || ' ' || s."lastName" AS name
      FROM "Organisation" o
      JOIN "Student" s ON s."organisationId" = o.id AND s.active
     WHERE o.id = ANY(${[...organisationIds]}::int[])
       AND EXISTS (
         SELECT 1 FROM "ScheduleStudent" ss
           JOIN "Schedule" c ON c.id = ss."scheduleId"
          WHERE ss."studentId" = s.id
            AND c."organisationId" = o.id
            AND c.status IN ('PLANNED', 'COMPLETED')
            AND c."startAt" >= (${periodStart}::date)::timestamp AT TIME ZONE o."timeZone"
            AND c."startAt" < (${periodEnd}::date + 1)::timestamp AT TIME ZONE o."timeZone")
     ORDER BY s."organisationId", s.id`;
}
