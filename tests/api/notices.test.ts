// In-app notices: GET /api/notices shows only the caller's own, newest first with the unread count;
// read and read-all; the jobs that create them (awaiting confirmation, low balance) never duplicate.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runAwaitingConfirmationNotices,
  runLowBalanceNotices,
  startNoticeJobs,
} from '../../server/features/notices/jobs';
import type { MessageQueue } from '../../server/messaging/queue';
import { openMessageQueue } from '../../server/messaging/queue';
import { createNotices } from '../../server/notices/create-notices';
import type { TNotice } from '../../src/contracts/notices';
import type { TSchedule } from '../../src/contracts/schedules';
import { fieldsOf } from '../support/course-factories';
import { testMessagingConfig } from '../support/messaging-config';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let other: ScheduleCentre;
let queue: MessageQueue;
let mailDir: string;
/** The jobs read only rows older than their settling delay: run them "a minute from now". */
const later = () => new Date(Date.now() + 60_000);

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-notices-'));
  queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir, retryLimit: 0 }));
  c = await createScheduleCentre(ctx);
  other = await createScheduleCentre(ctx);
  // The jobs' cursors start at the end of the tables: run once before the test's changes.
  await runLowBalanceNotices(ctx.prisma, queue, later());
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

async function classAt(hours: number) {
  const startAt = hoursFromNow(hours);
  const endAt = new Date(Date.parse(startAt) + 3_600_000).toISOString();
  const res = await c.operator.post('/api/schedules', classBody(c, { startAt, endAt }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as TSchedule;
}

describe('GET /api/notices', () => {
  it("lists only the caller's own notices, newest first, with the unread count and a limit", async () => {
    const { admin, operator } = c.users;
    for (const n of [1, 2, 3]) {
      await createNotices(ctx.prisma, [admin.id], {
        organisationId: c.centre.id,
        type: 'IMPORT_FINISHED',
        entityType: 'IMPORT',
        data: { created: n },
        key: `IMPORT_FINISHED:test:${n}`,
      });
    }
    await createNotices(ctx.prisma, [operator.id], {
      organisationId: c.centre.id,
      type: 'BULK_EMAIL_FINISHED',
      entityType: 'EMAIL_BATCH',
      entityId: 1,
      key: 'BULK_EMAIL_FINISHED:batch:1',
    });
    // The same key again adds nothing.
    expect(
      await createNotices(ctx.prisma, [admin.id], {
        organisationId: c.centre.id,
        type: 'IMPORT_FINISHED',
        key: 'IMPORT_FINISHED:test:1',
      }),
    ).toBe(0);

    const mine = await c.admin.get('/api/notices');
    expect(mine.status).toBe(200);
    expect(mine.body.unread).toBe(3);
    expect(mine.body.data.map((n: TNotice) => n.data.created)).toEqual([3, 2, 1]);
    expect(mine.body.data[0]).toMatchObject({ type: 'IMPORT_FINISHED', entityType: 'IMPORT', read: false });
    const theirs = await c.operator.get('/api/notices');
    expect(theirs.body.data.map((n: TNotice) => n.type)).toEqual(['BULK_EMAIL_FINISHED']);
    expect((await other.admin.get('/api/notices')).body).toMatchObject({ data: [], unread: 0 });
    const limited = await c.admin.get('/api/notices', { limit: 2 });
    expect(limited.body.data).toHaveLength(2);
    expect(limited.body.unread).toBe(3);
  });

  it('refuses a bad limit, naming the field', async () => {
    for (const limit of [0, 101, 'x']) {
      const res = await c.admin.get('/api/notices', { limit });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['limit']);
    }
    expect((await c.admin.get('/api/notices', { unreadOnly: 'maybe' })).status).toBe(400);
  });

  it('marks one read (only its owner may: another user gets a 404), then all', async () => {
    const list = (await c.admin.get('/api/notices')).body.data as TNotice[];
    const first = list[0];
    expect((await c.operator.post(`/api/notices/${first.id}/read`, {})).status).toBe(404);
    expect((await other.admin.post(`/api/notices/${first.id}/read`, {})).status).toBe(404);
    expect((await c.admin.post('/api/notices/abc/read', {})).status).toBe(400);
    const read = await c.admin.post(`/api/notices/${first.id}/read`, {});
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first.id, read: true });
    expect((await c.admin.get('/api/notices')).body.unread).toBe(2);
    expect((await c.admin.get('/api/notices', { unreadOnly: 'true' })).body.data).toHaveLength(2);

    const all = await c.admin.post('/api/notices/read-all', {});
    expect(all.body).toEqual({ updated: 2 });
    expect((await c.admin.get('/api/notices')).body.unread).toBe(0);
    // The operator's own notice is untouched.
    expect((await c.operator.get('/api/notices')).body.unread).toBe(1);
  });

  it('needs a signed-in user', async () => {
    const res = await (await import('supertest')).default(ctx.app).get('/api/notices');
    expect(res.status).toBe(401);
  });
});

describe('class awaiting confirmation', () => {
  it("gives the class's teacher one notice however often the job runs, read once the class is confirmed", async () => {
    const past = await classAt(-30);
    const future = await classAt(30);
    await runAwaitingConfirmationNotices(ctx.prisma, new Date());
    await runAwaitingConfirmationNotices(ctx.prisma, new Date());
    const ann = (await c.ann.caller.get('/api/notices')).body;
    const mine = ann.data.filter((n: TNotice) => n.type === 'CLASS_AWAITING_CONFIRMATION');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ entityType: 'SCHEDULE', entityId: past.id, read: false });
    expect(mine[0].data).toMatchObject({ course: 'Mathematics', startAt: past.startAt });
    expect(mine.some((n: TNotice) => n.entityId === future.id)).toBe(false);
    // Nobody else's bell.
    expect((await c.bob.caller.get('/api/notices')).body.data).toEqual([]);
    expect((await c.admin.get('/api/notices')).body.data.some((n: TNotice) => n.entityId === past.id)).toBe(false);

    expect((await c.ann.caller.post(`/api/my-schedules/${past.id}/confirm`, {})).status).toBe(200);
    await runAwaitingConfirmationNotices(ctx.prisma, new Date());
    const after = (await c.ann.caller.get('/api/notices')).body;
    expect(after.data.find((n: TNotice) => n.entityId === past.id)).toMatchObject({ read: true });
    expect(after.unread).toBe(0);
  });
});

describe('low balance', () => {
  it('notices every operator once per dip below the threshold, never twice when the job runs again', async () => {
    const student = c.students[1];
    const purchase = (type: 'PURCHASE' | 'REFUND' | 'ADJUSTMENT', voucherAmount: string) =>
      c.operator.post('/api/voucher-purchases', {
        studentId: student.id,
        type,
        purchaseDate: '2026-11-01',
        voucherAmount,
        idempotencyKey: randomUUID(),
      });
    expect((await purchase('PURCHASE', '300')).status).toBe(201);
    expect((await purchase('REFUND', '150')).status).toBe(201); // 150 < 200: a dip
    await runLowBalanceNotices(ctx.prisma, queue, later());
    await runLowBalanceNotices(ctx.prisma, queue, later());
    const lowOf = async (caller: ScheduleCentre['admin']) =>
      ((await caller.get('/api/notices')).body.data as TNotice[]).filter((n) => n.type === 'LOW_BALANCE');
    const forAdmin = await lowOf(c.admin);
    expect(forAdmin).toHaveLength(1);
    expect(forAdmin[0]).toMatchObject({ entityType: 'STUDENT', entityId: student.id });
    expect(forAdmin[0].data).toMatchObject({ balance: '150.00', threshold: '200.00' });
    expect(await lowOf(c.operator)).toHaveLength(1);
    expect(await lowOf(c.ann.caller)).toHaveLength(0);
    expect(await lowOf(other.admin)).toHaveLength(0);

    // Further down is not a new dip; back above and below again is.
    expect((await purchase('REFUND', '10')).status).toBe(201);
    await runLowBalanceNotices(ctx.prisma, queue, later());
    expect(await lowOf(c.admin)).toHaveLength(1);
    expect((await purchase('PURCHASE', '100')).status).toBe(201);
    expect((await purchase('REFUND', '50')).status).toBe(201);
    await runLowBalanceNotices(ctx.prisma, queue, later());
    await runLowBalanceNotices(ctx.prisma, queue, later());
    expect(await lowOf(c.admin)).toHaveLength(2);
  });

  it('says nothing of a student who no longer pays by voucher (last purchase 200 days ago)', async () => {
    const student = c.students[2];
    const longAgo = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    const purchase = (type: 'PURCHASE' | 'REFUND', voucherAmount: string) =>
      c.operator.post('/api/voucher-purchases', {
        studentId: student.id,
        type,
        purchaseDate: longAgo,
        voucherAmount,
        idempotencyKey: randomUUID(),
      });
    expect((await purchase('PURCHASE', '300')).status).toBe(201);
    expect((await purchase('REFUND', '300')).status).toBe(201); // 0.00 < 200: a dip, but not a voucher payer
    await runLowBalanceNotices(ctx.prisma, queue, later());
    const notices = ((await c.admin.get('/api/notices')).body.data as TNotice[]).filter(
      (n) => n.type === 'LOW_BALANCE' && n.entityId === student.id,
    );
    expect(notices).toEqual([]);
  });
});

describe('startNoticeJobs', () => {
  it("puts the jobs on pg-boss's schedule and works them until stopped", async () => {
    const jobs = await startNoticeJobs(queue, ctx.prisma);
    try {
      const schedules = await queue.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
        ['family-lesson-changes', '* * * * *'],
        ['lesson-expire-credits', '23 * * * *'],
        ['notice-class-changes', '* * * * *'],
        ['notice-feedback-reminders', '*/15 * * * *'],
        ['notice-lesson-reminders', '*/5 * * * *'],
        ['notice-low-balance', '* * * * *'],
        ['notice-monthly-statements', '7 * * * *'],
        ['seat-offers', '* * * * *'],
      ]);
      // A run sent by hand is worked like a scheduled one.
      await queue.boss.send('notice-class-changes', {});
      const until = Date.now() + 30_000;
      for (;;) {
        const done = await ctx.prisma.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notice-class-changes' AND state = 'completed'`,
        );
        if (done[0].n > 0) break;
        if (Date.now() > until) throw new Error('the job was not worked');
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await jobs.stop();
    }
  });
});
