// Monthly statements by email (issue 21): from the 1st of each month in the centre's zone, every
// household that asked for them (Household.monthlyStatements, not erased) gets last month's statement,
// the PDF attached, by email to each guardian who allows email and has an address, each in the
// guardian's language. A household with nothing to say (no entry that month and every balance at zero)
// gets none. The job runs every hour and once when a worker starts, so a centre's 1st is met whatever
// its zone. Catching up (issue 37, finding 7): a month is done for a centre once a run has gone through
// all its households; every month due since the last one done is sent, oldest first, whichever day the
// run comes (no worker ran on the 1st, or a run failed). Each centre's last month done is a JobCursor
// row; seen for the first time, it starts before the newest month due, so that month is checked and
// no older history is sent. Exactly once per household, month and guardian: the message key
// `monthly-statement:<household>:<month>:<guardian>` is unique in the database (ON CONFLICT DO
// NOTHING), so runs repeated, or two at once on several workers, queue each once.
import type { PrismaClient } from '../../generated/prisma/client';
import { enqueueMessagesOnce, type MessageInput } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { localNow, yieldToEventLoop } from '../notices/jobs/job-tools';
import { noticeLang } from '../schedules/class-notice-texts';
import { householdStatement, previousMonth } from './statement-data';
import { statementEmail } from './statement-email';
import { statementFileName, statementPdf } from './statement-pdf';

export const STATEMENT_TEMPLATE = 'monthly-statement';

export const statementKey = (householdId: number, month: string, guardianId: number) =>
  `${STATEMENT_TEMPLATE}:${householdId}:${month}:${guardianId}`;

/** The JobCursor row of a centre's statements: `lastId` is the last month done, as yyyymm. */
export const statementCursor = (organisationId: number) => `${STATEMENT_TEMPLATE}:${organisationId}`;
const monthNumber = (month: string) => Number(month.replace('-', ''));
const monthOfNumber = (n: number) => `${Math.floor(n / 100)}-${String(n % 100).padStart(2, '0')}`;
const followingMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

/** The last month whose statements are done for each centre; a centre seen first starts before `due`. */
async function lastMonthsDone(prisma: PrismaClient, now: Date) {
  const centres = await prisma.$queryRaw<{ id: number; timeZone: string; lastId: number | null }[]>`
    SELECT o."id", o."timeZone", c."lastId"
      FROM "Organisation" o LEFT JOIN "JobCursor" c ON c."name" = ${`${STATEMENT_TEMPLATE}:`} || o."id"::text
     ORDER BY o."id"`;
  const out: { id: number; due: string; done: string }[] = [];
  for (const centre of centres) {
    const due = previousMonth(localNow(now, centre.timeZone).toFormat('yyyy-MM'));
    let lastId = centre.lastId;
    if (lastId === null) {
      await prisma.$executeRaw`
        INSERT INTO "JobCursor" ("name", "lastId", "updatedAt")
        VALUES (${statementCursor(centre.id)}, ${monthNumber(previousMonth(due))}, now()) ON CONFLICT ("name") DO NOTHING`;
      const [row] = await prisma.$queryRaw<{ lastId: number }[]>`
        SELECT "lastId" FROM "JobCursor" WHERE "name" = ${statementCursor(centre.id)}`;
      lastId = row.lastId;
    }
    out.push({ id: centre.id, due, done: monthOfNumber(lastId) });
  }
  return out;
}

/** Queues the statements due at `now` and not queued yet. Returns how many emails were queued. */
export async function runMonthlyStatements(prisma: PrismaClient, queue: MessageQueue, now = new Date()) {
  let queued = 0;
  for (const centre of await lastMonthsDone(prisma, now)) {
    for (let month = followingMonth(centre.done); month <= centre.due; month = followingMonth(month)) {
      queued += await queueMonth(prisma, queue, centre.id, month);
      // Never back: a slower run of an older month cannot undo a newer one's mark.
      await prisma.$executeRaw`
        UPDATE "JobCursor" SET "lastId" = GREATEST("lastId", ${monthNumber(month)}), "updatedAt" = now()
         WHERE "name" = ${statementCursor(centre.id)}`;
    }
  }
  return queued;
}

/** Queues one month's statements of a centre, each not queued yet. Returns how many emails were queued. */
async function queueMonth(prisma: PrismaClient, queue: MessageQueue, organisationId: number, month: string) {
  let queued = 0;
  const households = await prisma.household.findMany({
    where: { organisationId, monthlyStatements: true, erasedAt: null },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      guardians: {
        where: { allowEmail: true, email: { not: null }, messageChoices: { none: { kind: 'BILLING', email: false } } },
        orderBy: { id: 'asc' },
        select: { id: true, name: true, email: true, langKey: true },
      },
    },
  });
  for (const household of households) {
    const guardians = household.guardians.filter((g) => g.email?.trim());
    if (!guardians.length) continue;
    const keys = guardians.map((g) => statementKey(household.id, month, g.id));
    const done = await prisma.message.count({ where: { idempotencyKey: { in: keys } } });
    if (done === keys.length) continue;
    const statement = await householdStatement(prisma, organisationId, household.id, month);
    const quiet =
      statement.children.every((c) => c.entries.length === 0) &&
      statement.children.every((c) => c.opening.isZero() && c.closing.isZero());
    if (quiet) continue;
    const inputs: (MessageInput & { idempotencyKey: string })[] = [];
    const pdfs = new Map<string, Uint8Array>();
    for (const guardian of guardians) {
      const lang = noticeLang(guardian.langKey);
      const pdf = pdfs.get(lang) ?? (await statementPdf(statement, lang));
      pdfs.set(lang, pdf);
      const email = statementEmail(statement, lang);
      inputs.push({
        organisationId,
        channel: 'EMAIL',
        recipient: (guardian.email ?? '').trim(),
        recipientName: guardian.name,
        template: STATEMENT_TEMPLATE,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        attachedFile: { name: statementFileName(statement), content: pdf },
        entityType: 'HOUSEHOLD',
        entityId: household.id,
        idempotencyKey: statementKey(household.id, month, guardian.id),
      });
    }
    queued += await prisma.$transaction((tx) => enqueueMessagesOnce(tx, queue, inputs));
    await yieldToEventLoop();
  }
  return queued;
}
