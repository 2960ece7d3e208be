import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { seatFreed } from '../../server/features/seats/seat-freed';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { SEAT_OFFER_TAKEN_MESSAGE } from '../../src/contracts/seats';
import { testMessagingConfig } from '../support/messaging-config';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createFamily, createFullClass, offerTokens } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Ten families claiming one freed seat at the same moment (issue 22): the claims wait for each other on
// the release's lock, so exactly one seat is taken and the nine others are told it is taken.
const FAMILIES = 10;

describe.skipIf(process.env.TEST_DB !== 'postgres')('claiming one freed seat at once (PostgreSQL)', () => {
  let ctx: TestContext;
  let c: ScheduleCentre;
  let queue: MessageQueue;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    ctx = await createTestContext();
    queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir: '/nonexistent' }));
    app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
    c = await createScheduleCentre(ctx);
  });
  afterAll(async () => {
    await queue.stop();
    await ctx.close();
  });

  it(`${FAMILIES} families, one seat: exactly one claim wins, ${FAMILIES - 1} are told it is taken`, async () => {
    const klass = await createFullClass(ctx, c, { capacity: 3 });
    const families = [];
    for (let i = 0; i < FAMILIES; i++) families.push(await createFamily(ctx, c));
    for (const f of families) {
      const res = await c.operator.post(`/api/schedules/${klass.id}/waitlist`, { studentId: f.child.id });
      expect(res.status).toBe(201);
    }
    await ctx.prisma.$transaction(async (tx) => {
      await tx.scheduleStudent.update({
        where: { scheduleId_studentId: { scheduleId: klass.id, studentId: klass.seated[0].id } },
        data: { cancelledAt: new Date(), cancelledBy: 'FAMILY' },
      });
      await seatFreed(tx, { organisationId: c.centre.id, scheduleId: klass.id, freedByStudentId: null, queue });
    });
    const links = (await offerTokens(ctx.prisma)).filter((m) => m.channel === 'EMAIL');
    expect(links).toHaveLength(FAMILIES);

    const replies = await Promise.all(
      links.map((l) => request(app).post(`/api/offers/${l.token}/claim`).set('Accept-Language', 'en-US')),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(FAMILIES - 1).fill(409)]);
    for (const r of replies.filter((r) => r.status === 409)) expect(r.body.errorMessage).toBe(SEAT_OFFER_TAKEN_MESSAGE);

    expect(await ctx.prisma.scheduleStudent.count({ where: { scheduleId: klass.id, cancelledAt: null } })).toBe(3);
    const offers = await ctx.prisma.seatOffer.findMany({ where: { release: { scheduleId: klass.id } } });
    expect(offers.filter((o) => o.status === 'CLAIMED')).toHaveLength(1);
    expect(offers.filter((o) => o.status === 'TAKEN')).toHaveLength(FAMILIES - 1);
    expect(await ctx.prisma.waitlistEntry.count({ where: { scheduleId: klass.id, status: 'ENROLLED' } })).toBe(1);
    // Each of the nine other families is told once.
    const told = (await offerTokens(ctx.prisma, 'seat-taken')).filter((m) => m.channel === 'EMAIL');
    expect(new Set(told.map((m) => m.entityId)).size).toBe(FAMILIES - 1);
    expect(told).toHaveLength(FAMILIES - 1);
  });
});
