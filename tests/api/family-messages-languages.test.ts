// Every message a family receives exists in en-US and zh-CN (issue 21): lesson reminders, class
// feedback, purchase receipts (email and PDF), monthly statements (email and PDF), class changes, a
// household's lesson changes in one message, low balance and portal invitations are each rendered in both languages from the same facts; the Chinese
// is Chinese (subject and body), the English is not, and no placeholder is left unfilled. Every message
// template of the server is either walked here or named as not a family's (staff notices, account
// messages, the centre's own bulk text): a new family template without both languages fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedbackEmail } from '../../server/features/feedback/feedback-email';
import { FEEDBACK_TEMPLATE } from '../../server/features/feedback/feedback-status';
import { invitationEmail, invitationSms } from '../../server/features/households/invitation-texts';
import {
  cancellationMessage,
  consequenceText,
  LESSON_CANCELLED_TEMPLATE,
} from '../../server/features/lessons/lesson-texts';
import { LESSON_REMINDER_TEMPLATE } from '../../server/features/notices/jobs';
import {
  FAMILY_LESSON_CHANGES_TEMPLATE,
  lessonChangesText,
} from '../../server/features/notices/jobs/lesson-change-texts';
import { reminderEmail, reminderSms } from '../../server/features/notices/jobs/lesson-reminder-texts';
import { LOW_BALANCE_TEMPLATE } from '../../server/features/notices/jobs/low-balance';
import { lowBalanceFamilyText } from '../../server/features/notices/jobs/low-balance-texts';
import { ERASURE_COMPLETED_TEMPLATE } from '../../server/features/privacy/complete-erasure';
import {
  erasureCompletedEmail,
  erasureCompletedSms,
  erasureRequestedEmail,
} from '../../server/features/privacy/privacy-texts';
import { familyNoticeText } from '../../server/features/schedules/class-notice-texts';
import { FAMILY_CLASS_CHANGE_TEMPLATE } from '../../server/features/schedules/class-notices';
import { offerEmail, offerSms, takenEmail, takenSms } from '../../server/features/seats/offer-texts';
import { OFFER_TEMPLATE, TAKEN_TEMPLATE } from '../../server/features/seats/offers';
import type { Statement } from '../../server/features/statements/statement-data';
import { statementEmail } from '../../server/features/statements/statement-email';
import { statementPdf } from '../../server/features/statements/statement-pdf';
import { STATEMENT_TEMPLATE } from '../../server/features/statements/statements-job';
import { AUTO_TOP_UP_DECLINED_TEMPLATE, declineEmail, declineReason } from '../../server/features/topups/top-up-texts';
import { RECEIPT_TEMPLATE, receiptEmail, receiptPdf } from '../../server/features/vouchers/voucher-receipt';
import { Prisma } from '../../server/generated/prisma/client';
import { pdfText } from '../support/pdf-text';

type Lang = 'en-US' | 'zh-CN';
/** What a family reads of one message: subject and body (email), or the SMS text. */
interface Rendered {
  subject?: string;
  body: string;
}

const CJK = /[\u4e00-\u9fff]/;
const D = (v: string) => new Prisma.Decimal(v);
const start = new Date('2026-03-02T21:00:00Z');
const end = new Date('2026-03-02T22:00:00Z');

const receiptRow = {
  id: 41,
  type: 'PURCHASE',
  purchaseDate: new Date('2026-03-02T00:00:00Z'),
  voucherAmount: D('250.00'),
  giftAmount: D('10.00'),
  paymentMethod: 'CASH',
  classCount: null,
  classRate: null,
  balanceAfter: D('260.00'),
  organisation: { name: 'Maple Tutoring', currency: 'CAD' },
  student: { studentId: 'S-1', firstName: 'Cleo', lastName: 'Chen', email: null, allowEmail: true },
} as unknown as Parameters<typeof receiptEmail>[0];

const statement: Statement = {
  centre: { name: 'Maple Tutoring', currency: 'CAD' },
  household: { id: 7, name: 'Chen' },
  month: '2026-03',
  children: [
    {
      id: 1,
      name: 'Cleo Chen',
      opening: D('100.00'),
      entries: [
        {
          id: 1,
          date: '2026-03-02',
          kind: 'CLASS_CHARGE',
          amount: D('-60.00'),
          hours: D('1.50'),
          rate: D('40.00'),
          price: null,
          course: 'Mathematics',
        },
        {
          id: 2,
          date: '2026-03-05',
          kind: 'PURCHASE',
          amount: D('200.00'),
          hours: null,
          rate: null,
          price: null,
          course: null,
        },
      ],
      closing: D('240.00'),
    },
  ],
  opening: D('100.00'),
  closing: D('240.00'),
};

const offerFacts = (lang: Lang) => ({
  lang,
  centre: 'Maple Tutoring',
  guardian: 'Mei',
  child: 'Cleo',
  course: 'Mathematics',
  startAt: start,
  endAt: end,
  timeZone: 'America/Toronto',
});

/** Each family message, by template, rendered in one language (several parts: email and SMS, PDF). */
const FAMILY_MESSAGES: Record<string, (lang: Lang) => Promise<Rendered[]>> = {
  [LESSON_REMINDER_TEMPLATE]: async (lang) => {
    const facts = {
      lang,
      centre: 'Maple Tutoring',
      guardian: 'Mei',
      children: ['Cleo', 'Dan'],
      course: 'Mathematics',
      teacher: 'Ann Archer',
      startAt: start,
      endAt: end,
      address: '12 Main St',
      timeZone: 'America/Toronto',
      hours: 24,
    };
    const email = reminderEmail(facts);
    return [{ subject: email.subject, body: email.bodyText }, { body: reminderSms(facts) }];
  },
  [FEEDBACK_TEMPLATE]: async (lang) => {
    const email = feedbackEmail(
      {
        centre: { name: 'Maple Tutoring', timeZone: 'America/Toronto' },
        course: 'Mathematics',
        teacher: 'Ann Archer',
        startAt: start,
        endAt: end,
        teachingContent: 'Quadratic equations',
        studentPerformance: 'Focused',
        assignment: 'Exercises 3.1',
      },
      { firstName: 'Cleo', lastName: 'Chen', content: 'Solved every equation.' },
      lang,
    );
    return [{ subject: email.subject, body: email.text }];
  },
  [RECEIPT_TEMPLATE]: async (lang) => {
    const email = receiptEmail(receiptRow, lang);
    return [{ subject: email.subject, body: email.text }, { body: await pdfText(await receiptPdf(receiptRow, lang)) }];
  },
  [STATEMENT_TEMPLATE]: async (lang) => {
    const email = statementEmail(statement, lang);
    return [{ subject: email.subject, body: email.text }, { body: await pdfText(await statementPdf(statement, lang)) }];
  },
  [FAMILY_CLASS_CHANGE_TEMPLATE]: async (lang) => {
    const text = familyNoticeText(lang, {
      centre: 'Maple Tutoring',
      student: 'Cleo Chen',
      zone: 'America/Toronto',
      changes: [
        { kind: 'moved', course: 'Mathematics', was: start, now: end, address: null },
        { kind: 'cancelled', course: 'Physics', was: end, now: end, address: null },
      ],
    });
    return [{ subject: text.subject, body: text.body }, { body: text.sms }];
  },
  [FAMILY_LESSON_CHANGES_TEMPLATE]: async (lang) => {
    const at = (d: Date) => d.toISOString();
    const consequence = consequenceText({
      by: 'FAMILY',
      late: false,
      noticeHours: 24,
      charge: '0.00',
      chargePercent: 0,
      currency: 'CAD',
      credit: true,
      returnCredit: false,
      quotaReached: false,
      makeUpQuota: 2,
      makeUp: false,
    });
    const text = lessonChangesText(lang, {
      centre: 'Maple Tutoring',
      zone: 'America/Toronto',
      householdId: 7,
      changes: [
        {
          studentId: 1,
          student: 'Cleo Chen',
          facts: { kind: 'moved', course: 'Mathematics', was: at(start), now: at(end), address: null },
        },
        {
          studentId: 2,
          student: 'Dan Chen',
          facts: { kind: 'cancelled', course: 'Physics', was: at(start), now: at(start), address: null },
        },
        {
          studentId: 2,
          student: 'Dan Chen',
          facts: { kind: 'changed', course: 'Physics', was: at(end), now: at(end), address: 'Room 2, 12 Main St' },
        },
        {
          studentId: 1,
          student: 'Cleo Chen',
          facts: {
            kind: 'lesson-cancelled',
            course: 'Mathematics',
            was: at(end),
            now: at(end),
            address: null,
            consequence,
          },
        },
      ],
    });
    expect(text.template).toBe(FAMILY_LESSON_CHANGES_TEMPLATE);
    return [{ subject: text.subject, body: text.body }, { body: text.sms }];
  },
  [LOW_BALANCE_TEMPLATE]: async (lang) => {
    const text = lowBalanceFamilyText({
      lang,
      centre: 'Maple Tutoring',
      student: 'Cleo Chen',
      currency: 'CAD',
      balance: '12.50',
      threshold: '200.00',
    });
    return [{ subject: text.subject, body: text.body }];
  },
  'erasure-requested': async (lang) => {
    const email = erasureRequestedEmail({ lang, centre: 'Maple Tutoring', name: 'Mei' });
    return [{ subject: email.subject, body: email.bodyText }];
  },
  [ERASURE_COMPLETED_TEMPLATE]: async (lang) => {
    const email = erasureCompletedEmail({ lang, centre: 'Maple Tutoring', name: 'Mei' });
    return [
      { subject: email.subject, body: email.bodyText },
      { body: erasureCompletedSms({ lang, centre: 'Maple Tutoring', name: 'Mei' }) },
    ];
  },
  [AUTO_TOP_UP_DECLINED_TEMPLATE]: async (lang) => {
    const email = declineEmail({
      lang,
      centre: 'Maple Tutoring',
      guardian: 'Mei',
      child: 'Cleo Chen',
      amount: 'CA$150.00',
      card: '0341',
      reason: declineReason(lang, 'insufficient_funds', 'Your card has insufficient funds.'),
    });
    return [{ subject: email.subject, body: email.text }];
  },
  [LESSON_CANCELLED_TEMPLATE]: async (lang) => {
    const consequence = consequenceText({
      by: 'FAMILY',
      late: true,
      noticeHours: 24,
      charge: '40.00',
      chargePercent: 100,
      currency: 'CAD',
      credit: false,
      returnCredit: false,
      quotaReached: false,
      makeUpQuota: 2,
      makeUp: false,
    });
    const text = cancellationMessage({
      lang,
      centre: 'Maple Tutoring',
      student: 'Cleo Chen',
      course: 'Mathematics',
      startAt: start,
      timeZone: 'America/Toronto',
      consequence,
    });
    return [{ subject: text.subject, body: text.body }, { body: text.sms }];
  },
  [OFFER_TEMPLATE]: async (lang) => {
    const facts = { ...offerFacts(lang), link: 'https://levelup.test/offers/abc', expiresAt: start };
    const email = offerEmail(facts);
    return [{ subject: email.subject, body: email.bodyText }, { body: offerSms(facts) }];
  },
  [TAKEN_TEMPLATE]: async (lang) => {
    const email = takenEmail(offerFacts(lang));
    return [{ subject: email.subject, body: email.bodyText }, { body: takenSms(offerFacts(lang)) }];
  },
  invitation: async (lang) => {
    const facts = { lang, centre: 'Maple Tutoring', name: 'Mei', children: ['Cleo', 'Dan'], days: 7 };
    const email = invitationEmail({ ...facts, link: 'https://levelup.test/invitation/abc' });
    return [
      { subject: email.subject, body: email.bodyText },
      { body: invitationSms({ ...facts, code: '123456', link: 'https://levelup.test/invitation' }) },
    ];
  },
};

/** Messages that are not a family's, each with why. */
const NOT_FAMILY: Record<string, string> = {
  'class-change': "the teacher's class-change notice (in the teacher's language)",
  'class-substitute': "the teacher's notice that a substitute covers their classes (in the teacher's language)",
  'feedback-reminder': "the teacher's feedback reminder",
  'login-code': 'a sign-in code the person asked for',
  'password-reset': "an account's reset link (in the account's language)",
  'email-changed': "an account's own notice (in the account's language)",
  'email-in-use': "an account's own notice that someone tried its address (in the account's language)",
  'register-confirm': "a new centre's link to finish registering (in the language of the form)",
  bulk: "the centre's own text, written by the centre",
};

/** Template codes the server queues: `X_TEMPLATE = '...'` constants and `template: '...'` literals. */
function serverTemplates(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name === 'generated' || name === 'node_modules') continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:_TEMPLATE\s*=\s*|\btemplate:\s*)'([a-z][a-z-]*)'/g)) found.add(m[1]);
      }
    }
  };
  walk(path.resolve('server'));
  return found;
}

describe('family messages in both languages', () => {
  it('every template the server queues is walked here or named as not a family’s', () => {
    const templates = serverTemplates();
    expect(templates.size).toBeGreaterThanOrEqual(10);
    const unknown = [...templates].filter((code) => !(code in FAMILY_MESSAGES) && !(code in NOT_FAMILY));
    expect(unknown, 'a family message template must be walked in FAMILY_MESSAGES (en-US and zh-CN)').toEqual([]);
    for (const code of Object.keys(FAMILY_MESSAGES)) expect(templates.has(code), code).toBe(true);
  });

  for (const [code, render] of Object.entries(FAMILY_MESSAGES)) {
    it(`${code}: Chinese in zh-CN, English in en-US, nothing left unfilled`, async () => {
      const en = await render('en-US');
      const zh = await render('zh-CN');
      expect(zh).toHaveLength(en.length);
      for (const [i, part] of en.entries()) {
        const other = zh[i];
        for (const [label, english, chinese] of [
          ['subject', part.subject, other.subject],
          ['body', part.body, other.body],
        ] as const) {
          if (english === undefined) {
            expect(chinese, `${code} part ${i} ${label}`).toBeUndefined();
            continue;
          }
          expect(chinese, `${code} part ${i} ${label}`).toBeDefined();
          expect(english.trim(), `${code} part ${i} ${label} (en-US) is empty`).not.toBe('');
          expect(english, `${code} part ${i} ${label} (en-US) has Chinese`).not.toMatch(CJK);
          expect(chinese, `${code} part ${i} ${label} (zh-CN) has no Chinese`).toMatch(CJK);
          for (const text of [english, chinese]) expect(text, `${code} ${label}`).not.toMatch(/\{\w+\}/);
        }
      }
    });
  }
});
