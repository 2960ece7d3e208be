// CLASS_AWAITING_CONFIRMATION notices: a teacher's class that has ended and is still PLANNED (key
// `CLASS_AWAITING_CONFIRMATION:schedule:<id>`, so at most one per class); once the class is confirmed
// or cancelled its notice is marked read, so the count shows only what still waits.
import type { PrismaClient } from '../../../generated/prisma/client';
import { createNotices } from '../../../notices/create-notices';
import { yieldToEventLoop } from './job-tools';

/** Classes that ended longer ago than this are left to the confirmation page. */
const LOOKBACK_DAYS = 14;

export async function runAwaitingConfirmationNotices(prisma: PrismaClient, now = new Date()): Promise<number> {
  const from = new Date(now.getTime() - (LOOKBACK_DAYS * 24 + 12) * 3_600_000).toISOString();
  const centres = await prisma.organisation.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
  let created = 0;
  for (const centre of centres) {
    const waiting = await prisma.$queryRaw<{ id: number; userId: number; startAt: Date; course: string }[]>`
      SELECT s.id, t."userId", s."startAt", c.name AS course
        FROM "Schedule" s
        JOIN "Teacher" t ON t.id = s."teacherId" AND t."deletedAt" IS NULL
        JOIN "Course" c ON c.id = s."courseId"
       WHERE s."organisationId" = ${centre.id} AND s.status = 'PLANNED'
         AND s."startAt" >= ${from}::timestamptz AND s."endAt" < ${now.toISOString()}::timestamptz
         AND NOT EXISTS (SELECT 1 FROM "Notice" n WHERE n."userId" = t."userId"
                          AND n.key = 'CLASS_AWAITING_CONFIRMATION:schedule:' || s.id)
       ORDER BY s.id
       LIMIT 500`;
    for (const row of waiting) {
      created += await createNotices(prisma, [row.userId], {
        organisationId: centre.id,
        type: 'CLASS_AWAITING_CONFIRMATION',
        entityType: 'SCHEDULE',
        entityId: row.id,
        data: { course: row.course, startAt: row.startAt.toISOString() },
        key: `CLASS_AWAITING_CONFIRMATION:schedule:${row.id}`,
      });
    }
    await yieldToEventLoop();
  }
  await prisma.$executeRaw`
    UPDATE "Notice" n SET read = true
     WHERE n.type = 'CLASS_AWAITING_CONFIRMATION' AND n.read = false AND n."entityType" = 'SCHEDULE'
       AND EXISTS (SELECT 1 FROM "Schedule" s WHERE s.id = n."entityId" AND s.status <> 'PLANNED')`;
  return created;
}
