// What an inbound SMS does (issue 21): STOP and its synonyms opt the number out at once (every guardian
// and student record with it stops receiving SMS, consent cleared, the opt-out kept in SmsOptOut), START
// removes the opt-out without giving consent back, HELP names the centre of the last SMS sent to that
// number and how to reach it. 1 and 2 answer the latest lesson reminder (coming / cannot come, issue 22:
// features/cover/reminder-replies.ts); anything else, or 1 and 2 without a lesson to come, gets a short
// help answer when the number was sent lesson reminders, else an empty answer. Replies are TwiML.
import twilio from 'twilio';
import { SMS_HELP_WORDS, SMS_START_WORDS, SMS_STOP_WORDS } from '../../src/contracts/sms';
import { answerReminderReply, hadReminder } from '../features/cover/reminder-replies';
import type { PrismaClient } from '../generated/prisma/client';
import { PHONE_KEY_SQL, phoneKey } from './sms-opt-out';
import { type SmsReplyLanguage, smsReplyLanguage, smsReplyTexts } from './sms-reply-texts';

export interface InboundSms {
  From: string;
  Body: string;
}

type Keyword = 'stop' | 'start' | 'help';

export function keywordOf(body: string): { kind: Keyword; word: string } | undefined {
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) return { kind: 'stop', word };
  if ((SMS_START_WORDS as readonly string[]).includes(word)) return { kind: 'start', word };
  if ((SMS_HELP_WORDS as readonly string[]).includes(word)) return { kind: 'help', word };
  return undefined;
}

function twiml(text?: string): string {
  const response = new twilio.twiml.MessagingResponse();
  if (text) response.message(text);
  return response.toString();
}

interface Holder {
  id: number;
  organisationId: number;
  langKey: string;
}

/** The guardians and students whose phone is this number, and the centre of the last SMS sent to it. */
async function whoHas(prisma: PrismaClient, key: string) {
  const guardians = await prisma.$queryRawUnsafe<Holder[]>(
    `SELECT id, "organisationId", "langKey" FROM "Guardian"
      WHERE phone IS NOT NULL AND ${PHONE_KEY_SQL('phone')} = $1 ORDER BY "updatedAt" DESC, id DESC`,
    key,
  );
  const students = await prisma.$queryRawUnsafe<{ id: number }[]>(
    `SELECT id FROM "Student" WHERE phone IS NOT NULL AND ${PHONE_KEY_SQL('phone')} = $1`,
    key,
  );
  const [last] = await prisma.$queryRawUnsafe<{ organisationId: number }[]>(
    `SELECT "organisationId" FROM "Message"
      WHERE channel = 'SMS' AND ${PHONE_KEY_SQL('recipient')} = $1 ORDER BY "queuedAt" DESC, id DESC LIMIT 1`,
    key,
  );
  return { guardians, students, centreId: last?.organisationId ?? guardians[0]?.organisationId };
}

/** The centre's name and how to reach it: its first active administrator's phone, else email. */
async function centreContact(prisma: PrismaClient, centreId: number | undefined) {
  if (centreId === undefined) return undefined;
  const centre = await prisma.organisation.findUnique({ where: { id: centreId }, select: { name: true } });
  if (!centre) return undefined;
  const admin = await prisma.user.findFirst({
    where: { organisationId: centreId, activated: true, roles: { has: 'ROLE_ADMIN' } },
    orderBy: { id: 'asc' },
    select: { phone: true, email: true },
  });
  return { centre: centre.name, contact: admin?.phone?.trim() || admin?.email || null };
}

/** 1 or 2 to a lesson reminder; anything else: the short help to a number in a reminder conversation. */
async function answerOther(prisma: PrismaClient, sms: InboundSms, key: string, now: Date): Promise<string> {
  const body = sms.Body.trim();
  if (body === '1' || body === '2') {
    const answer = await answerReminderReply(prisma, key, body, now);
    if (answer) return twiml(answer.text);
  }
  if (!(await hadReminder(prisma, key))) return twiml();
  const { guardians } = await whoHas(prisma, key);
  return twiml(smsReplyTexts(smsReplyLanguage(guardians[0]?.langKey)).replyHelp());
}

/** Handles one inbound SMS (its signature already checked); returns the TwiML answer. */
export async function answerInboundSms(prisma: PrismaClient, sms: InboundSms, now = new Date()): Promise<string> {
  const keyword = keywordOf(sms.Body);
  const key = phoneKey(sms.From);
  if (key.length < 7) return twiml();
  if (!keyword) return answerOther(prisma, sms, key, now);
  const { guardians, students, centreId } = await whoHas(prisma, key);
  // The recipient's language: a guardian of the centre that wrote last, else any guardian with the number.
  const guardian = guardians.find((g) => g.organisationId === centreId) ?? guardians[0];
  const language: SmsReplyLanguage = keyword.word === '退订' ? 'zh-CN' : smsReplyLanguage(guardian?.langKey);
  const texts = smsReplyTexts(language);

  if (keyword.kind === 'stop') {
    await prisma.$transaction(async (tx) => {
      await tx.smsOptOut.upsert({
        where: { phoneKey: key },
        create: { phoneKey: key, phone: sms.From.slice(0, 32), optedOutAt: now, source: `SMS reply ${keyword.word}` },
        update: { phone: sms.From.slice(0, 32), optedOutAt: now, source: `SMS reply ${keyword.word}` },
      });
      if (guardians.length)
        await tx.guardian.updateMany({
          where: { id: { in: guardians.map((g) => g.id) } },
          data: { allowSms: false, smsConsentAt: null, smsConsentSource: null },
        });
      if (students.length)
        await tx.student.updateMany({ where: { id: { in: students.map((s) => s.id) } }, data: { allowSms: false } });
    });
    const contact = await centreContact(prisma, centreId);
    return twiml(texts.stopped(contact?.centre ?? null));
  }
  if (keyword.kind === 'start') {
    await prisma.smsOptOut.deleteMany({ where: { phoneKey: key } });
    return twiml(texts.started());
  }
  const contact = await centreContact(prisma, centreId);
  return twiml(contact ? texts.help(contact) : texts.helpUnknown());
}
