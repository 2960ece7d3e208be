// Monthly statements by email (issue 21): on the 1st of each month in the centre's zone, every
// household that asked for them (Household.monthlyStatements, not erased) gets last month's statement,
// the PDF attached, by email to each guardian who allows email and has an address, each in the
// guardian's language. A household with nothing to say (no entry that month and every balance at zero)
// gets none. The job runs every hour, so a centre's 1st is met whatever its zone; exactly once per
// household, month and guardian: the message key `monthly-statement:<household>:<month>:<guardian>` is
// unique in the database (ON CONFLICT DO NOTHING), so runs repeated, or two at once, queue each once.
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

/** Queues the statements due at `now` and not queued yet. Returns how many emails were queued. */
export async function runMonthlyStatements(prisma: PrismaClient, queue: MessageQueue, now = new Date()) {
  const centres = await prisma.organisation.findMany({ select: { id: true, timeZone: true } });
  let queued = 0;
  for (const centre of centres) {
    const local = localNow(now, centre.timeZone);
    if (local.day !== 1) continue;
    const month = previousMonth(local.toFormat('yyyy-MM'));
    const households = await prisma.household.findMany({
      where: { organisationId: centre.id, monthlyStatements: true, erasedAt: null },
      orderBy: { id: 'asc' },
      select: {
        id: true,
        guardians: {
          where: { allowEmail: true, email: { not: null } },
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
      const statement = await householdStatement(prisma, centre.id, household.id, month);
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
          organisationId: centre.id,
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
  }
  return queued;
}
