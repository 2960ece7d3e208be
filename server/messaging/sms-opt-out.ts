// SMS opt-outs (issue 21): a number that replied STOP gets no SMS until it replies START, and even then
// only once consent is recorded again (the desk or the portal). Numbers are written many ways ("+1 416
// 555 0199", "(416) 555-0199"): they are compared by their last 10 digits, `phoneKey`.
import type { Prisma, PrismaClient } from '../generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/** The digits of a number, the last 10 of them (all when fewer): what two spellings of it share. */
export function phoneKey(raw: string): string {
  return raw.replace(/\D/g, '').slice(-10);
}

/** Whether `recipient` (a Message's phone) replied STOP and has not replied START since. */
export async function isOptedOut(db: Db, recipient: string): Promise<boolean> {
  const key = phoneKey(recipient);
  if (!key) return false;
  return (await db.smsOptOut.count({ where: { phoneKey: key } })) > 0;
}

/** SQL: the phoneKey of a column holding a phone, as `phoneKey` computes it. */
export const PHONE_KEY_SQL = (column: string) =>
  `right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10)`;

export const OPTED_OUT_NOTE = 'not sent: the recipient replied STOP (opted out of SMS)';
