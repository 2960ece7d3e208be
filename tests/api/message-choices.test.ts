// Guardians choose per kind of message which channels they want (issue 37, finding 14): the portal
// settings show every kind with its channels (defaults: email on; SMS for lesson changes, reminders and
// seat offers, to the primary contact only), refuse what cannot be (SMS of an email-only kind, a kind
// twice) naming the field, store only what differs from the default, and the jobs follow the choices
// (lesson reminders, low balance), SMS still only with consent.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { runLessonReminders, runLowBalanceNotices } from '../../server/features/notices/jobs';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { fieldsOf } from '../support/course-factories';
import {
  type BusyFamily,
  changeSettings,
  createBusyFamily,
  deskClass,
  familyMessagesSince,
  lastMessageId,
  settingsBody,
} from '../support/family-message-factories';
import { daytimeZone } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { voucherPurchaseBody } from '../support/money-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let family: BusyFamily;

/** The jobs read only rows older than their settling delay: run them "a minute from now". */
const later = () => new Date(Date.now() + 60_000);

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx, daytimeZone());
  await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { name: 'Maple Tutoring' } });
  family = await createBusyFamily(ctx, c);
  await runLowBalanceNotices(ctx.prisma, queue, later()); // the cursor starts at the ledger's end
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

const kinds = (sms: { changes: boolean; reminders: boolean; offers: boolean; billing?: boolean }) => [
  { kind: 'LESSON_CHANGES', email: true, sms: sms.changes },
  { kind: 'REMINDERS', email: true, sms: sms.reminders },
  { kind: 'SEAT_OFFERS', email: true, sms: sms.offers },
  { kind: 'FEEDBACK', email: true, sms: false },
  { kind: 'BILLING', email: true, sms: sms.billing ?? false },
];
const storedChoices = (guardianId: number) =>
  ctx.prisma.guardianMessageChoice.findMany({
    where: { guardianId },
    orderBy: { kind: 'asc' },
    select: { kind: true, email: true, sms: true },
  });

describe('message choices in the portal', () => {
  it('shows every kind with the default channels: SMS where it matters, to the primary contact only', async () => {
    const mum = await family.mum.caller.get('/api/portal/settings');
    expect(mum.status).toBe(200);
    expect(mum.body.primaryContact).toBe(true);
    expect(mum.body.messages).toEqual(kinds({ changes: true, reminders: true, offers: true }));
    const dad = await family.dad.caller.get('/api/portal/settings');
    expect(dad.body.primaryContact).toBe(false);
    expect(dad.body.messages).toEqual(kinds({ changes: false, reminders: false, offers: false }));
  });

  it('refuses SMS of an email-only kind and a kind twice, naming the field, with nothing changed', async () => {
    const before = (await family.mum.caller.get('/api/portal/settings')).body;
    const cases: [unknown[], string][] = [
      [[{ kind: 'FEEDBACK', email: true, sms: true }], 'messages.0.sms'],
      [
        [
          { kind: 'REMINDERS', email: true, sms: false },
          { kind: 'REMINDERS', email: false, sms: false },
        ],
        'messages.1.kind',
      ],
      [[{ kind: 'PROMOTIONS', email: true, sms: false }], 'messages.0.kind'],
      [[{ kind: 'BILLING', email: 'yes', sms: false }], 'messages.0.email'],
    ];
    for (const [messages, field] of cases) {
      const res = await family.mum.caller.put('/api/portal/settings', settingsBody(before, { messages }));
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body), field).toContain(field);
    }
    expect((await family.mum.caller.get('/api/portal/settings')).body).toEqual(before);
    expect(await storedChoices(family.mum.guardian.id)).toEqual([]);
  });

  it('saves each guardian’s own choices, storing only what differs from the default', async () => {
    const mum = await changeSettings(family.mum, {
      messages: [
        { kind: 'REMINDERS', email: false, sms: false },
        { kind: 'BILLING', email: true, sms: true },
        { kind: 'LESSON_CHANGES', email: true, sms: true }, // the default: nothing stored
      ],
    });
    expect(mum.messages).toEqual([
      { kind: 'LESSON_CHANGES', email: true, sms: true },
      { kind: 'REMINDERS', email: false, sms: false },
      { kind: 'SEAT_OFFERS', email: true, sms: true },
      { kind: 'FEEDBACK', email: true, sms: false },
      { kind: 'BILLING', email: true, sms: true },
    ]);
    const dad = await changeSettings(family.dad, { messages: [{ kind: 'REMINDERS', email: true, sms: true }] });
    expect(dad.messages).toEqual(kinds({ changes: false, reminders: true, offers: false }));
    expect(await storedChoices(family.mum.guardian.id)).toEqual([
      { kind: 'REMINDERS', email: false, sms: false },
      { kind: 'BILLING', email: true, sms: true },
    ]);
    expect(await storedChoices(family.dad.guardian.id)).toEqual([{ kind: 'REMINDERS', email: true, sms: true }]);
    // Saved without `messages`, the choices stay.
    const kept = await changeSettings(family.dad, {});
    expect(kept.messages).toEqual(dad.messages);
  });

  it('lesson reminders and low balance follow the choices', async () => {
    const klass = await deskClass(c, family.lily.id, 20);
    const since = await lastMessageId(ctx);
    await runLessonReminders(ctx.prisma, queue);
    const reminders = await familyMessagesSince(ctx, family, since, {
      template: 'lesson-reminder',
      entityId: klass.id,
    });
    // Mum turned reminders off; Dad asked for SMS too; Gran has the default (email).
    expect(reminders.map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual(
      [`EMAIL ${family.to.dadEmail}`, `EMAIL ${family.to.granEmail}`, `SMS ${family.to.dadSms}`].sort(),
    );

    const today = new Date().toISOString().slice(0, 10);
    for (const [type, voucherAmount] of [
      ['PURCHASE', '300.00'],
      ['REFUND', '150.00'], // 150.00 < 200.00: a dip
    ]) {
      const res = await c.operator.post(
        '/api/voucher-purchases',
        voucherPurchaseBody(family.max.id, { type, voucherAmount, purchaseDate: today }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const beforeDip = await lastMessageId(ctx);
    await runLowBalanceNotices(ctx.prisma, queue, later());
    const low = await familyMessagesSince(ctx, family, beforeDip, { template: 'low-balance' });
    // A billing message: by email by default; by SMS to Mum, who chose it (not to Dad, the default).
    expect(low.map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual(
      [
        `EMAIL ${family.to.dadEmail}`,
        `EMAIL ${family.to.granEmail}`,
        `EMAIL ${family.to.mumEmail}`,
        `SMS ${family.to.mumSms}`,
      ].sort(),
    );
    expect(low.find((m) => m.channel === 'SMS')?.bodyText).toMatch(
      new RegExp(`^Max ${family.max.lastName} 的课时券余额为 .*150\\.00，低于 .*200\\.00。`),
    );
  });

  it('SMS still needs consent: a choice of SMS without it sends none', async () => {
    await changeSettings(family.dad, { allowSms: false });
    const dad = (await family.dad.caller.get('/api/portal/settings')).body;
    expect(dad.messages).toEqual(kinds({ changes: false, reminders: true, offers: false }));
    const klass = await deskClass(c, family.max.id, 22);
    const since = await lastMessageId(ctx);
    await runLessonReminders(ctx.prisma, queue);
    const reminders = await familyMessagesSince(ctx, family, since, {
      template: 'lesson-reminder',
      entityId: klass.id,
    });
    expect(reminders.map((m) => `${m.channel} ${m.recipient}`).sort()).toEqual(
      [`EMAIL ${family.to.dadEmail}`, `EMAIL ${family.to.granEmail}`].sort(),
    );
  });
});
