// SMS goes to the household's primary contact by default, not to every guardian (issue 37, finding
// 14): the primary contact is the first guardian (by id) who can receive SMS (a number and recorded
// consent). Class changes, lesson reminders and seat offers reach every guardian by email and only the
// primary contact by SMS; another guardian may ask for SMS too; when the primary contact withdraws
// consent the next guardian who can receive SMS is the primary contact; a STOP wins over any choice.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { runLessonReminders } from '../../server/features/notices/jobs';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { answerInboundSms } from '../../server/messaging/sms-inbound';
import {
  type BusyFamily,
  changeSettings,
  createBusyFamily,
  deskClass,
  familyMessagesSince,
  lastMessageId,
  sendHeldChanges,
} from '../support/family-message-factories';
import { daytimeZone } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createFullClass, giveCredit } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let family: BusyFamily;

beforeAll(async () => {
  ctx = await createTestContext();
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx, daytimeZone());
  family = await createBusyFamily(ctx, c);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

const sent = (rows: { channel: string; recipient: string }[]) => rows.map((m) => `${m.channel} ${m.recipient}`).sort();
const allEmails = () => [`EMAIL ${family.to.mumEmail}`, `EMAIL ${family.to.dadEmail}`, `EMAIL ${family.to.granEmail}`];
const shifted = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

/** The desk moves a new class of Lily's an hour and tells the families; returns what the household got. */
async function moveLilysClass(hours: number) {
  const klass = await deskClass(c, family.lily.id, hours);
  const since = await lastMessageId(ctx);
  const res = await c.operator.patch(`/api/schedules/${klass.id}/time`, {
    startAt: shifted(klass.startAt, 1),
    endAt: shifted(klass.endAt, 1),
    notify: { teacher: false, families: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await sendHeldChanges(ctx, queue, 6);
  return familyMessagesSince(ctx, family, since, { template: 'class-change-family' });
}

/** Lesson reminders of a new class of Max's within the reminder window. */
async function remindMaxsClass(hours: number) {
  const klass = await deskClass(c, family.max.id, hours);
  const since = await lastMessageId(ctx);
  await runLessonReminders(ctx.prisma, queue);
  return familyMessagesSince(ctx, family, since, { template: 'lesson-reminder', entityId: klass.id });
}

describe('SMS to the primary contact', () => {
  it('a class change, a reminder and a seat offer reach every guardian by email, only the first who takes SMS by SMS', async () => {
    expect(sent(await moveLilysClass(40))).toEqual([...allEmails(), `SMS ${family.to.mumSms}`].sort());
    expect(sent(await remindMaxsClass(10))).toEqual([...allEmails(), `SMS ${family.to.mumSms}`].sort());

    // A freed seat offered to Max, who holds a make-up credit of its course.
    const klass = await createFullClass(ctx, c);
    await giveCredit(ctx.prisma, c, family.max.id, klass.course.id);
    const since = await lastMessageId(ctx);
    const url = `/api/schedules/${klass.id}/students/${klass.seated[0].id}/cancellation`;
    const preview = await c.operator.get(url, { by: 'FAMILY' });
    const freed = await c.operator.post(url, {
      by: 'FAMILY',
      expectedCharge: preview.body.charge,
      expectedCredit: preview.body.credit,
    });
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
    const offers = await familyMessagesSince(ctx, family, since, { template: 'seat-offer' });
    expect(sent(offers)).toEqual([...allEmails(), `SMS ${family.to.mumSms}`].sort());
  });

  it('another guardian may ask for SMS of a kind too', async () => {
    await changeSettings(family.dad, { messages: [{ kind: 'LESSON_CHANGES', email: true, sms: true }] });
    expect(sent(await moveLilysClass(44))).toEqual(
      [...allEmails(), `SMS ${family.to.mumSms}`, `SMS ${family.to.dadSms}`].sort(),
    );
    // Reminders are still the primary contact's alone.
    expect(sent(await remindMaxsClass(12))).toEqual([...allEmails(), `SMS ${family.to.mumSms}`].sort());
  });

  it('when the primary contact withdraws consent, the next guardian who takes SMS is the primary contact', async () => {
    const mum = await changeSettings(family.mum, { allowSms: false });
    expect(mum.primaryContact).toBe(false);
    expect((await family.dad.caller.get('/api/portal/settings')).body.primaryContact).toBe(true);
    expect(sent(await remindMaxsClass(14))).toEqual([...allEmails(), `SMS ${family.to.dadSms}`].sort());
  });

  it("the desk's household page shows the primary contact and what reaches each guardian by SMS or not at all", async () => {
    await changeSettings(family.mum, { messages: [{ kind: 'FEEDBACK', email: false, sms: false }] });
    const res = await c.operator.get(`/api/households/${family.household.id}`);
    expect(res.status).toBe(200);
    type Guardian = { id: number; primaryContact: boolean; messages: { kind: string; email: boolean; sms: boolean }[] };
    const byId = new Map((res.body.guardians as Guardian[]).map((g) => [g.id, g]));
    const view = (id: number) => {
      const g = byId.get(id);
      const kinds = (pick: (m: Guardian['messages'][number]) => boolean) =>
        (g?.messages ?? []).filter(pick).map((m) => m.kind);
      return { primary: g?.primaryContact, sms: kinds((m) => m.sms), off: kinds((m) => !m.email && !m.sms) };
    };
    // Mum withdrew SMS consent (the test before): Dad is the primary contact; Mum turned feedback off.
    expect(view(family.mum.guardian.id)).toEqual({ primary: false, sms: [], off: ['FEEDBACK'] });
    expect(view(family.dad.guardian.id)).toEqual({
      primary: true,
      sms: ['LESSON_CHANGES', 'REMINDERS', 'SEAT_OFFERS'],
      off: [],
    });
    expect(view(family.gran.id)).toEqual({ primary: false, sms: [], off: [] });
  });

  it('a STOP wins over any choice', async () => {
    expect(await answerInboundSms(ctx.prisma, { From: family.to.dadSms, Body: 'STOP' })).toContain('unsubscribed');
    const dad = (await family.dad.caller.get('/api/portal/settings')).body;
    expect(dad).toMatchObject({ allowSms: false, primaryContact: false });
    expect(sent(await moveLilysClass(48))).toEqual(allEmails().sort());
    expect(sent(await remindMaxsClass(16))).toEqual(allEmails().sort());
  });
});
