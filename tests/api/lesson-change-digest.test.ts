// Several changes to one household's lessons within a few minutes go out as one message (issue 37,
// finding 14): the desk moves one child's class and cancels the other's, the family cancels a lesson
// in the portal; nothing reaches the guardians until LESSON_CHANGE_DIGEST_MINUTES after the first
// change (a small N here), then each guardian gets one email (and the primary contact one SMS) listing
// every change (child, class, local date and time, what happened) in their language, once.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { localClassTime } from '../../server/features/notices/jobs/job-tools';
import { runLessonChangeDigests } from '../../server/features/notices/jobs/lesson-change-digests';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import {
  type BusyFamily,
  createBusyFamily,
  deskClass,
  familyMessagesSince,
  lastMessageId,
} from '../support/family-message-factories';
import { daytimeZone } from '../support/household-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

/** N of this file: 0.05 minutes (3 s). */
const N_MINUTES = 0.05;
const afterSeconds = (s: number) => new Date(Date.now() + s * 1000);

let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let mailDir: string;
let family: BusyFamily;

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-digest-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir, lessonChangeDigestMinutes: N_MINUTES }));
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx, daytimeZone());
  await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { name: 'Maple Tutoring' } });
  family = await createBusyFamily(ctx, c);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

const families = { teacher: false, families: true };
const shifted = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

describe("a household's lesson changes within a few minutes", () => {
  it('go to each guardian as one message listing every change, in their language, after N minutes', async () => {
    const zone = c.centre.timeZone;
    const lilyMaths = await deskClass(c, family.lily.id, 50);
    const maxMaths = await deskClass(c, family.max.id, 52);
    const lilyPhysics = await deskClass(c, family.lily.id, 74, c.physics.id);
    const since = await lastMessageId(ctx);

    // 1. The desk moves Lily's class an hour later, telling the families.
    const moved = await c.operator.patch(`/api/schedules/${lilyMaths.id}/time`, {
      startAt: shifted(lilyMaths.startAt, 1),
      endAt: shifted(lilyMaths.endAt, 1),
      notify: families,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.told).toEqual({ teachers: 0, families: 1 });
    // 2. The desk cancels Max's class.
    const cancelled = await c.operator.post(`/api/schedules/${maxMaths.id}/cancel`, { notify: families });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.told).toEqual({ teachers: 0, families: 1 });
    // 3. Mum cancels Lily's Physics lesson in the portal.
    const url = `/api/portal/lessons/${lilyPhysics.id}/students/${family.lily.id}/cancellation`;
    const preview = await family.mum.caller.get(url);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const own = await family.mum.caller.post(url, {
      expectedCharge: preview.body.charge,
      expectedCredit: preview.body.credit,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);

    // Nothing has reached a guardian yet, and before N minutes the job sends nothing.
    expect(await familyMessagesSince(ctx, family, since)).toEqual([]);
    expect(await ctx.prisma.familyLessonChange.count({ where: { householdId: family.household.id } })).toBe(3);
    expect(await runLessonChangeDigests(ctx.prisma, queue, afterSeconds(1))).toBe(0);
    expect(await familyMessagesSince(ctx, family, since)).toEqual([]);

    // N minutes after the first change: one message per guardian and channel, SMS to the primary contact.
    expect(await runLessonChangeDigests(ctx.prisma, queue, afterSeconds(60 * N_MINUTES + 2))).toBe(4);
    const told = await familyMessagesSince(ctx, family, since);
    expect(told.map((m) => [m.channel, m.recipient, m.template].join(' ')).sort()).toEqual(
      [
        `EMAIL ${family.to.dadEmail} family-lesson-changes`,
        `EMAIL ${family.to.granEmail} family-lesson-changes`,
        `EMAIL ${family.to.mumEmail} family-lesson-changes`,
        `SMS ${family.to.mumSms} family-lesson-changes`,
      ].sort(),
    );
    expect(new Set(told.map((m) => [m.entityType, m.entityId].join()))).toEqual(
      new Set([`HOUSEHOLD,${family.household.id}`]),
    );

    const at = (iso: string, hours = 0) => localClassTime(new Date(shifted(iso, hours)), zone);
    const lily = `Lily ${family.lily.lastName}`;
    const max = `Max ${family.max.lastName}`;
    const dad = told.find((m) => m.recipient === family.to.dadEmail);
    expect(dad?.subject).toBe(`Lesson changes: ${lily}, ${max}`);
    expect(dad?.bodyText.split('\n')).toEqual([
      "Hello, this is Maple Tutoring. Your family's lessons have changed:",
      `- ${lily}, Mathematics, ${at(lilyMaths.startAt)}: moved to ${at(lilyMaths.startAt, 1)}`,
      `- ${max}, Mathematics, ${at(maxMaths.startAt)}: cancelled`,
      `- ${lily}, Physics, ${at(lilyPhysics.startAt)}: cancelled. ${preview.body.summary}`,
      '',
      'Questions? Reply to this email or call the centre.',
    ]);
    const mum = told.find((m) => m.recipient === family.to.mumEmail);
    expect(mum?.subject).toBe(`课程变动：${lily}、${max}`);
    expect(mum?.bodyText).toContain(
      `- ${lily}，Mathematics，${at(lilyMaths.startAt)}：改到 ${at(lilyMaths.startAt, 1)}`,
    );
    expect(mum?.bodyText).toContain(`- ${max}，Mathematics，${at(maxMaths.startAt)}：已取消`);
    expect(mum?.bodyText).toMatch(new RegExp(`- ${lily}，Physics，${at(lilyPhysics.startAt)}：已取消。.*补课`));
    const sms = told.find((m) => m.channel === 'SMS');
    expect(sms?.bodyText).toMatch(/^Maple Tutoring：3 项课程变动：/);
    expect(sms?.bodyText.split('；')).toHaveLength(3);

    // Sent once: the held changes are gone, a second run queues nothing.
    expect(await ctx.prisma.familyLessonChange.count({ where: { householdId: family.household.id } })).toBe(0);
    expect(await runLessonChangeDigests(ctx.prisma, queue, afterSeconds(600))).toBe(0);
    expect(await familyMessagesSince(ctx, family, since)).toHaveLength(4);
  });

  it('a change after the message starts the next one; one change alone keeps its own words', async () => {
    const klass = await deskClass(c, family.max.id, 96);
    const since = await lastMessageId(ctx);
    const res = await c.operator.patch(`/api/schedules/${klass.id}/time`, {
      startAt: shifted(klass.startAt, 2),
      endAt: shifted(klass.endAt, 2),
      notify: families,
    });
    expect(res.status).toBe(200);
    expect(await runLessonChangeDigests(ctx.prisma, queue, afterSeconds(60 * N_MINUTES + 2))).toBe(4);
    const told = await familyMessagesSince(ctx, family, since);
    expect(told.map((m) => m.template)).toEqual(Array(4).fill('class-change-family'));
    expect(told.find((m) => m.recipient === family.to.dadEmail)?.subject).toBe(
      `Class moved: Mathematics (Max ${family.max.lastName})`,
    );
    expect(told.find((m) => m.channel === 'SMS')?.recipient).toBe(family.to.mumSms);
  });
});
