// Low balance: each voucher ledger entry after the job's cursor that took a student from at or above
// the centre's threshold to below it is one dip; a dip counts only for a voucher payer
// (`lowBalanceWhere`: a term-paid student is never low). Per dip: a LOW_BALANCE notice to the centre's
// operators (key per student and entry), an email and/or SMS to the family only where the student
// allows that channel and has the address, and to each guardian of the student's household by their
// choices for billing messages (message-choices.ts: SMS only with consent, off unless chosen) in their language, and the staff's emails/SMS by their LOW_BALANCE settings.
// The cursor moves in the same transaction; message keys `low-balance:<entryId>:...` make a repeat harmless.
import { normalisePhone } from '../../../../src/contracts/login';
import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { MessageQueue } from '../../../messaging/queue';
import { recipientsFor } from '../../../notices/channels';
import { centreUsersWithRole, createNotices } from '../../../notices/create-notices';
import { householdGuardiansSelect } from '../../households/guardian-recipients';
import { kindRecipients } from '../../households/message-choices';
import { moneyText } from '../../money/money-text';
import { noticeLang } from '../../schedules/class-notice-texts';
import { lowBalanceWhere } from '../../vouchers/low-balance-rule';
import { lockCursor, moveCursor, SETTLE_SECONDS } from './job-cursor';
import { enqueueOnce, yieldToEventLoop } from './job-tools';
import { lowBalanceFamilyText } from './low-balance-texts';

export const LOW_BALANCE_CURSOR = 'low-balance-notices';
export const LOW_BALANCE_TEMPLATE = 'low-balance';
const BATCH = 200;

interface Entry {
  id: number;
  organisationId: number;
  studentId: number;
  createdAt: Date;
  crossed: boolean;
}

/** Where the cursor starts: after every entry so far. */
export async function lastLedgerEntryId(tx: Prisma.TransactionClient): Promise<number> {
  const top = await tx.voucherLedgerEntry.aggregate({ _max: { id: true } });
  return top._max.id ?? 0;
}

/** Handles the ledger entries after the cursor, batch by batch. Returns messages queued. */
export async function runLowBalanceNotices(
  prisma: PrismaClient,
  queue: MessageQueue,
  now = new Date(),
): Promise<number> {
  const settled = new Date(now.getTime() - SETTLE_SECONDS * 1000);
  let queued = 0;
  for (;;) {
    const { count, more } = await prisma.$transaction(
      async (tx) => {
        const lastId = await lockCursor(tx, LOW_BALANCE_CURSOR, () => lastLedgerEntryId(tx));
        const read = await tx.$queryRaw<Entry[]>`
          SELECT e.id, e."organisationId", e."studentId", e."createdAt",
                 (e."balanceAfter" < o."lowBalanceThreshold"
                  AND e."balanceAfter" - e.amount >= o."lowBalanceThreshold") AS crossed
            FROM "VoucherLedgerEntry" e JOIN "Organisation" o ON o.id = e."organisationId"
           WHERE e.id > ${lastId} ORDER BY e.id LIMIT ${BATCH}`;
        // Up to the first entry too recent to be sure nothing before it is still uncommitted.
        const fresh = read.findIndex((e) => e.createdAt >= settled);
        const entries = fresh === -1 ? read : read.slice(0, fresh);
        if (!entries.length) return { count: 0, more: false };
        let sent = 0;
        for (const entry of entries.filter((e) => e.crossed)) sent += await notifyDip(tx, queue, entry, now);
        await moveCursor(tx, LOW_BALANCE_CURSOR, entries[entries.length - 1].id);
        return { count: sent, more: read.length === BATCH && fresh === -1 };
      },
      { timeout: 60_000 },
    );
    queued += count;
    if (!more) return queued;
    await yieldToEventLoop();
  }
}

/** The same email (any case) or the same phone number (any spelling). */
function sameAs(a: string | null, b: string | null | false): boolean {
  if (!a || !b) return false;
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return true;
  const phone = normalisePhone(a);
  return phone !== undefined && phone === normalisePhone(b);
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

async function notifyDip(tx: Tx, queue: MessageQueue, entry: Entry, now: Date): Promise<number> {
  const { lowBalanceThreshold } = await tx.organisation.findUniqueOrThrow({
    where: { id: entry.organisationId },
    select: { lowBalanceThreshold: true },
  });
  // Still low by the one rule (active voucher payer below the threshold), else nothing to say: back
  // above it by now (a purchase came in), no longer a student, or not paying by voucher.
  const student = await tx.student.findFirst({
    where: { id: entry.studentId, ...lowBalanceWhere(entry.organisationId, lowBalanceThreshold, now) },
    select: {
      id: true,
      studentId: true,
      firstName: true,
      lastName: true,
      active: true,
      voucherBalance: true,
      allowEmail: true,
      allowSms: true,
      email: true,
      phone: true,
      organisation: { select: { name: true, currency: true, lowBalanceThreshold: true } },
      household: { select: householdGuardiansSelect },
    },
  });
  if (!student) return 0;
  const centre = student.organisation;
  const name = `${student.firstName} ${student.lastName}`;
  const balance = moneyText(student.voucherBalance, centre.currency);
  const threshold = moneyText(centre.lowBalanceThreshold, centre.currency);
  const operators = await centreUsersWithRole(tx, entry.organisationId);
  await createNotices(tx, operators, {
    organisationId: entry.organisationId,
    type: 'LOW_BALANCE',
    entityType: 'STUDENT',
    entityId: student.id,
    data: {
      name,
      studentId: student.studentId,
      balance: student.voucherBalance.toFixed(2),
      threshold: centre.lowBalanceThreshold.toFixed(2),
    },
    key: `LOW_BALANCE:student:${student.id}:${entry.id}`,
  });
  const about = { organisationId: entry.organisationId, entityType: 'STUDENT', entityId: student.id } as const;
  const facts = {
    centre: centre.name,
    student: name,
    currency: centre.currency,
    balance: student.voucherBalance,
    threshold: centre.lowBalanceThreshold,
  };
  const english = lowBalanceFamilyText({ ...facts, lang: 'en-US' });
  const staffSubject = `Low balance: ${name} (${student.studentId})`;
  const staffText = `${name} (${student.studentId}) is at ${balance}, below the threshold of ${threshold}.`;
  const messages = [
    // A student's allow email / allow SMS flags decide, whatever else is set.
    ...(student.allowEmail && student.email
      ? [{ channel: 'EMAIL' as const, to: student.email, who: name, key: 'family:email', family: english }]
      : []),
    ...(student.allowSms && student.phone
      ? [{ channel: 'SMS' as const, to: student.phone, who: name, key: 'family:sms', family: english }]
      : []),
    // The household's guardians (issue 21) by their choices for billing messages, in their language.
    ...kindRecipients(student.household?.guardians ?? [], 'BILLING').flatMap(({ guardian: g, ...to }) => {
      const words = lowBalanceFamilyText({ ...facts, lang: noticeLang(g.langKey) });
      const who = g.name ?? name;
      // An address the student's own message reaches already is not written to twice.
      const email = to.email && !sameAs(g.email, student.allowEmail && student.email) ? to.email : undefined;
      const phone = to.phone && !sameAs(g.phone, student.allowSms && student.phone) ? to.phone : undefined;
      return [
        ...(email ? [{ channel: 'EMAIL' as const, to: email, who, key: `guardian:${g.id}:email`, family: words }] : []),
        ...(phone ? [{ channel: 'SMS' as const, to: phone, who, key: `guardian:${g.id}:sms`, family: words }] : []),
      ];
    }),
    ...(await recipientsFor(tx, operators, 'LOW_BALANCE')).flatMap((r) => [
      ...(r.email
        ? [{ channel: 'EMAIL' as const, to: r.email, who: r.name, key: `user:${r.userId}:email`, family: null }]
        : []),
      ...(r.sms
        ? [{ channel: 'SMS' as const, to: r.sms, who: r.name, key: `user:${r.userId}:sms`, family: null }]
        : []),
    ]),
  ];
  let sent = 0;
  for (const m of messages) {
    const made = await enqueueOnce(tx, queue, {
      ...about,
      channel: m.channel,
      recipient: m.to,
      recipientName: m.who,
      template: LOW_BALANCE_TEMPLATE,
      subject: m.channel === 'EMAIL' ? (m.family ? m.family.subject : staffSubject) : null,
      bodyText: m.family ? m.family.body : staffText,
      idempotencyKey: `low-balance:${entry.id}:${m.key}`,
    });
    if (made) sent += 1;
    await yieldToEventLoop();
  }
  return sent;
}
