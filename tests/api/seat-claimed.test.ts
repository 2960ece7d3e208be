import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { seatFreed } from '../../server/features/seats/seat-freed';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { testMessagingConfig } from '../support/messaging-config';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createFamily, createFullClass, giveCredit, offerTokens } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// A claimed seat (issue 22) leaves, in the claim's transaction, the class's audit event (the student
// added, by the guardian's login or nobody for a public link) and the operators' SEAT_CLAIMED notice.
let ctx: TestContext;
let c: ScheduleCentre;
let queue: MessageQueue;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  queue = await openMessageQueue(
    ctx.target,
    testMessagingConfig({ mailDir: '/nonexistent', appUrl: 'https://levelup.test' }),
  );
  app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, queue });
  c = await createScheduleCentre(ctx);
});
afterAll(async () => {
  await queue.stop();
  await ctx.close();
});

async function freeSeat(scheduleId: number, studentId: number) {
  await ctx.prisma.$transaction(async (tx) => {
    await tx.scheduleStudent.update({
      where: { scheduleId_studentId: { scheduleId, studentId } },
      data: { cancelledAt: new Date(), cancelledBy: 'FAMILY' },
    });
    await seatFreed(tx, { organisationId: c.centre.id, scheduleId, freedByStudentId: studentId, queue });
  });
}

const claimAudits = (scheduleId: number) =>
  ctx.prisma.auditEvent.findMany({ where: { entityType: 'SCHEDULE', entityId: scheduleId, action: 'UPDATE' } });
const seatNotices = (scheduleId: number) =>
  ctx.prisma.notice.findMany({ where: { type: 'SEAT_CLAIMED', entityId: scheduleId }, orderBy: { userId: 'asc' } });

describe('a claimed seat', () => {
  it('by the public link: audited with no actor, and every operator and admin gets one SEAT_CLAIMED notice', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const w = await createFamily(ctx, c);
    expect((await c.operator.post(`/api/schedules/${klass.id}/waitlist`, { studentId: w.child.id })).status).toBe(201);
    await freeSeat(klass.id, klass.seated[0].id);
    const offer = await ctx.prisma.seatOffer.findFirstOrThrow({ where: { release: { scheduleId: klass.id } } });
    const token = (await offerTokens(ctx.prisma)).find((m) => m.entityId === offer.id && m.channel === 'EMAIL')
      ?.token as string;
    expect(await claimAudits(klass.id)).toEqual([]);

    expect((await request(app).post(`/api/offers/${token}/claim`)).status).toBe(200);
    const audits = await claimAudits(klass.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      organisationId: c.centre.id,
      actorId: null,
      before: { students: [] },
      after: {
        students: [
          { student: `${w.child.firstName} ${w.child.lastName} (${w.child.studentId})`, seatOffer: 'WAITLIST' },
        ],
      },
    });
    const notices = await seatNotices(klass.id);
    expect(notices.map((n) => n.userId)).toEqual([c.users.admin.id, c.users.operator.id].sort((a, b) => a - b));
    expect(notices[0]).toMatchObject({
      entityType: 'SCHEDULE',
      data: {
        student: `${w.child.firstName} ${w.child.lastName}`,
        course: klass.course.name,
        startAt: klass.startAt.toISOString(),
        kind: 'WAITLIST',
        source: 'LINK',
      },
    });
    // The operator's bell lists it; claiming the same link again adds nothing.
    const bell = await c.operator.get('/api/notices');
    expect(
      bell.body.data.some(
        (n: { type: string; entityId: number }) => n.type === 'SEAT_CLAIMED' && n.entityId === klass.id,
      ),
    ).toBe(true);
    expect((await request(app).post(`/api/offers/${token}/claim`)).body.status).toBe('CLAIMED');
    expect(await claimAudits(klass.id)).toHaveLength(1);
    expect(await seatNotices(klass.id)).toHaveLength(2);
  });

  it("on the portal: the guardian's login is the actor; a refused claim leaves neither audit nor notice", async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const [holder, other] = [await createFamily(ctx, c), await createFamily(ctx, c)];
    const credit = await giveCredit(ctx.prisma, c, holder.child.id, klass.course.id);
    await giveCredit(ctx.prisma, c, other.child.id, klass.course.id);
    await freeSeat(klass.id, klass.seated[0].id);
    const offers = await ctx.prisma.seatOffer.findMany({ where: { release: { scheduleId: klass.id } } });
    const mine = offers.find((o) => o.studentId === holder.child.id);
    const theirs = offers.find((o) => o.studentId === other.child.id);
    if (!mine || !theirs) throw new Error('both holders are offered the seat');

    expect((await holder.guardian.caller.post(`/api/portal/offers/${mine.id}/claim`, {})).status).toBe(200);
    expect((await other.guardian.caller.post(`/api/portal/offers/${theirs.id}/claim`, {})).status).toBe(409);
    const audits = await claimAudits(klass.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: holder.guardian.user.id,
      after: { students: [{ seatOffer: 'MAKE_UP', makeUpCreditId: credit.id }] },
    });
    const notices = await seatNotices(klass.id);
    expect(notices).toHaveLength(2);
    expect(notices[0].data).toMatchObject({
      kind: 'MAKE_UP',
      source: 'PORTAL',
      student: `${holder.child.firstName} ${holder.child.lastName}`,
    });
  });
});
