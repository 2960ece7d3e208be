import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { hashOfferToken, runSeatOffers } from '../../server/features/seats/offers';
import { seatFreed } from '../../server/features/seats/seat-freed';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { SEAT_OFFER_EXPIRED_MESSAGE, SEAT_OFFER_TAKEN_MESSAGE } from '../../src/contracts/seats';
import { testMessagingConfig } from '../support/messaging-config';
import { classBody, createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createFamily, createFullClass, giveCredit, offerTokens } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Freed-seat offers (issue 22): a seat freed in a full class goes first to make-up credit holders of
// the course, then to the waitlist in order, by email and SMS with a claim link; the first claim wins.
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

const pub = {
  get: (token: string) => request(app).get(`/api/offers/${token}`),
  claim: (token: string) => request(app).post(`/api/offers/${token}/claim`),
};

/** Frees a seat the way a family cancellation does: the line is cancelled, then the hook runs. */
async function cancelSeat(scheduleId: number, studentId: number) {
  await ctx.prisma.$transaction(async (tx) => {
    await tx.scheduleStudent.update({
      where: { scheduleId_studentId: { scheduleId, studentId } },
      data: { cancelledAt: new Date(), cancelledBy: 'FAMILY' },
    });
    await seatFreed(tx, { organisationId: c.centre.id, scheduleId, freedByStudentId: studentId, queue });
  });
}

async function waitlist(scheduleId: number, studentId: number) {
  const res = await c.operator.post(`/api/schedules/${scheduleId}/waitlist`, { studentId });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
}

const tokensFor = async (entityIds: number[]) =>
  (await offerTokens(ctx.prisma)).filter((m) => entityIds.includes(m.entityId ?? 0) && m.channel === 'EMAIL');

describe('a freed seat', () => {
  it('is offered to every make-up credit holder of the course at once, not to the waitlist, by email and SMS', async () => {
    const klass = await createFullClass(ctx, c);
    const waiting = await createFamily(ctx, c);
    await waitlist(klass.id, waiting.child.id);
    const [h1, h2] = [await createFamily(ctx, c, { sms: true }), await createFamily(ctx, c)];
    await giveCredit(ctx.prisma, c, h1.child.id, klass.course.id);
    await giveCredit(ctx.prisma, c, h2.child.id, klass.course.id);
    // Not offered: a credit of another course, and one expiring before the class.
    const [physics, expiring] = [await createFamily(ctx, c), await createFamily(ctx, c)];
    await giveCredit(ctx.prisma, c, physics.child.id, c.physics.id);
    await giveCredit(ctx.prisma, c, expiring.child.id, klass.course.id, {
      expiresAt: new Date(klass.startAt.getTime() - 60_000),
    });

    await cancelSeat(klass.id, klass.seated[0].id);
    const release = await ctx.prisma.seatRelease.findFirstOrThrow({
      where: { scheduleId: klass.id },
      include: { offers: true },
    });
    expect(release).toMatchObject({ status: 'OPEN', freedByStudentId: klass.seated[0].id });
    expect(release.offers.map((o) => [o.studentId, o.kind, o.status]).sort()).toEqual(
      [
        [h1.child.id, 'MAKE_UP', 'OPEN'],
        [h2.child.id, 'MAKE_UP', 'OPEN'],
      ].sort(),
    );
    // Held for the centre's offerHoldHours (12 by default).
    const hold = release.offers[0].expiresAt.getTime() - release.offers[0].offeredAt.getTime();
    expect(hold).toBe(12 * 3_600_000);
    // Tokens are stored hashed; the links in the messages open them.
    const messages = (await offerTokens(ctx.prisma)).filter((m) => release.offers.some((o) => o.id === m.entityId));
    expect(messages.map((m) => m.channel).sort()).toEqual(['EMAIL', 'EMAIL', 'SMS']);
    for (const m of messages) {
      expect(m.token).toBeDefined();
      expect(release.offers.map((o) => o.tokenHash)).toContain(hashOfferToken(m.token as string));
      expect(m.bodyText).toContain(`https://levelup.test/offers/${m.token}`);
    }
    const sms = messages.find((m) => m.channel === 'SMS');
    expect(sms?.bodyText).toContain('空出一个名额');
    expect(messages.find((m) => m.channel === 'EMAIL')?.subject).toMatch(
      new RegExp(`^A seat is free: ${klass.course.name} for Kid`),
    );
  });

  it('goes to the waitlist, everyone waiting at once, when nobody holds a credit', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const [w1, w2] = [await createFamily(ctx, c), await createFamily(ctx, c)];
    await waitlist(klass.id, w1.child.id);
    await waitlist(klass.id, w2.child.id);
    // A credit of another course does not count.
    await giveCredit(ctx.prisma, c, (await createFamily(ctx, c)).child.id, c.physics.id);
    await cancelSeat(klass.id, klass.seated[0].id);
    const offers = await ctx.prisma.seatOffer.findMany({ where: { release: { scheduleId: klass.id } } });
    expect(offers.map((o) => [o.studentId, o.kind]).sort()).toEqual(
      [
        [w1.child.id, 'WAITLIST'],
        [w2.child.id, 'WAITLIST'],
      ].sort(),
    );
  });

  it('is offered when the desk takes a student off a full class, and not for a class without a limit', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 2 });
    const w = await createFamily(ctx, c);
    await waitlist(klass.id, w.child.id);
    const current = (await c.operator.get(`/api/schedules/${klass.id}`)).body;
    const body = classBody(c, {
      courseId: klass.course.id,
      courseType: 'GROUP',
      startAt: current.startAt,
      endAt: current.endAt,
      capacity: 2,
      students: [{ studentId: klass.seated[1].id }],
    });
    expect((await c.operator.put(`/api/schedules/${klass.id}`, body)).status).toBe(200);
    const offers = await ctx.prisma.seatOffer.findMany({ where: { release: { scheduleId: klass.id } } });
    expect(offers.map((o) => o.studentId)).toEqual([w.child.id]);

    const open = await createFullClass(ctx, c, { capacity: 2 });
    await ctx.prisma.schedule.update({ where: { id: open.id }, data: { capacity: null } });
    await cancelSeat(open.id, open.seated[0].id);
    expect(await ctx.prisma.seatRelease.count({ where: { scheduleId: open.id } })).toBe(0);
  });
});

describe('claiming', () => {
  it('by the link: the first claim takes the seat, the others are told it is taken (409)', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const [w1, w2, w3] = [await createFamily(ctx, c), await createFamily(ctx, c), await createFamily(ctx, c)];
    for (const w of [w1, w2, w3]) await waitlist(klass.id, w.child.id);
    await cancelSeat(klass.id, klass.seated[0].id);
    const offers = await ctx.prisma.seatOffer.findMany({ where: { release: { scheduleId: klass.id } } });
    const links = await tokensFor(offers.map((o) => o.id));
    const linkOf = (studentId: number) =>
      links.find((l) => l.entityId === offers.find((o) => o.studentId === studentId)?.id)?.token as string;

    const seen = await pub.get(linkOf(w2.child.id));
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      status: 'OPEN',
      kind: 'WAITLIST',
      course: klass.course.name,
      child: w2.child.firstName,
    });

    const won = await pub.claim(linkOf(w2.child.id));
    expect(won.status).toBe(200);
    expect(won.body.status).toBe('CLAIMED');
    const lost = await pub.claim(linkOf(w1.child.id));
    expect(lost.status).toBe(409);
    expect(lost.body.errorMessage).toBe(SEAT_OFFER_TAKEN_MESSAGE);
    expect((await pub.get(linkOf(w3.child.id))).body.status).toBe('TAKEN');
    // The same link again answers as claimed, and nothing is added twice.
    expect((await pub.claim(linkOf(w2.child.id))).body.status).toBe('CLAIMED');

    const line = await ctx.prisma.scheduleStudent.findUniqueOrThrow({
      where: { scheduleId_studentId: { scheduleId: klass.id, studentId: w2.child.id } },
    });
    expect(line).toMatchObject({ cancelledAt: null, makeUpCreditId: null });
    const entries = await ctx.prisma.waitlistEntry.findMany({
      where: { scheduleId: klass.id },
      orderBy: { id: 'asc' },
    });
    expect(entries.map((e) => e.status)).toEqual(['WAITING', 'ENROLLED', 'WAITING']);
    expect(await ctx.prisma.seatRelease.findFirst({ where: { scheduleId: klass.id } })).toMatchObject({
      status: 'CLAIMED',
      claimedStudentId: w2.child.id,
    });
    const schedule = (await c.operator.get(`/api/schedules/${klass.id}`)).body;
    expect(schedule).toMatchObject({ capacity: 1, seatsTaken: 1, waitlistCount: 2 });
    // The two other families are told by email.
    const taken = (await offerTokens(ctx.prisma, 'seat-taken')).filter((m) => offers.some((o) => o.id === m.entityId));
    expect(taken.map((m) => m.entityId).sort()).toEqual(
      offers
        .filter((o) => o.studentId !== w2.child.id)
        .map((o) => o.id)
        .sort(),
    );
    expect(taken[0].bodyText).toContain('was taken by another family');
  });

  it('a make-up offer uses its credit and makes the line a make-up', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const holder = await createFamily(ctx, c);
    const credit = await giveCredit(ctx.prisma, c, holder.child.id, klass.course.id);
    await cancelSeat(klass.id, klass.seated[0].id);
    const offer = await ctx.prisma.seatOffer.findFirstOrThrow({ where: { release: { scheduleId: klass.id } } });
    expect(offer).toMatchObject({ kind: 'MAKE_UP', makeUpCreditId: credit.id });
    // Signed in, the guardian sees the offer on the portal and claims it there.
    const listed = await holder.guardian.caller.get('/api/portal/offers');
    expect(listed.body.map((o: { id: number }) => o.id)).toEqual([offer.id]);
    const res = await holder.guardian.caller.post(`/api/portal/offers/${offer.id}/claim`, {});
    expect(res.status).toBe(200);
    expect(await ctx.prisma.makeUpCredit.findUniqueOrThrow({ where: { id: credit.id } })).toMatchObject({
      status: 'USED',
      usedScheduleId: klass.id,
    });
    const line = await ctx.prisma.scheduleStudent.findUniqueOrThrow({
      where: { scheduleId_studentId: { scheduleId: klass.id, studentId: holder.child.id } },
    });
    expect(line.makeUpCreditId).toBe(credit.id);
    expect((await c.operator.get(`/api/schedules/${klass.id}`)).body.makeUpCount).toBe(1);
  });

  it("refuses another household's offer on the portal (404) and an unknown link (404)", async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1 });
    const [w, stranger] = [await createFamily(ctx, c), await createFamily(ctx, c)];
    await waitlist(klass.id, w.child.id);
    await cancelSeat(klass.id, klass.seated[0].id);
    const offer = await ctx.prisma.seatOffer.findFirstOrThrow({ where: { release: { scheduleId: klass.id } } });
    expect((await stranger.guardian.caller.post(`/api/portal/offers/${offer.id}/claim`, {})).status).toBe(404);
    const unknown = await pub.claim('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe('This offer link is not valid');
    expect(await ctx.prisma.scheduleStudent.count({ where: { scheduleId: klass.id, cancelledAt: null } })).toBe(0);
  });
});

describe('the offer job', () => {
  it('expires offers after the hold, then offers the waitlist after the make-up holders, and an expired link is a 409', async () => {
    const klass = await createFullClass(ctx, c, { capacity: 1, hoursAhead: 400 });
    const holder = await createFamily(ctx, c);
    await giveCredit(ctx.prisma, c, holder.child.id, klass.course.id, {
      expiresAt: new Date(Date.now() + 60 * 86_400_000),
    });
    const w = await createFamily(ctx, c);
    await waitlist(klass.id, w.child.id);
    await cancelSeat(klass.id, klass.seated[0].id);
    const first = await ctx.prisma.seatOffer.findFirstOrThrow({ where: { release: { scheduleId: klass.id } } });
    expect(first).toMatchObject({ studentId: holder.child.id, kind: 'MAKE_UP' });
    const [link] = await tokensFor([first.id]);

    const offersOfClass = () =>
      ctx.prisma.seatOffer.findMany({ where: { release: { scheduleId: klass.id } }, orderBy: { id: 'asc' } });
    // Before the hold ends nothing moves.
    await runSeatOffers(ctx.prisma, queue, new Date(Date.now() + 3_600_000));
    expect((await offersOfClass()).map((o) => o.status)).toEqual(['OPEN']);
    const later = new Date(first.expiresAt.getTime() + 60_000);
    expect(await runSeatOffers(ctx.prisma, queue, later)).toBeGreaterThanOrEqual(1);
    const offers = await ctx.prisma.seatOffer.findMany({
      where: { release: { scheduleId: klass.id } },
      orderBy: { id: 'asc' },
    });
    expect(offers.map((o) => [o.studentId, o.kind, o.status])).toEqual([
      [holder.child.id, 'MAKE_UP', 'EXPIRED'],
      [w.child.id, 'WAITLIST', 'OPEN'],
    ]);
    const late = await pub.claim(link.token as string);
    expect(late.status).toBe(409);
    expect(late.body.errorMessage).toBe(SEAT_OFFER_EXPIRED_MESSAGE);

    // After the waitlist's hold too, with nobody left, the release expires.
    const end = new Date(offers[1].expiresAt.getTime() + 60_000);
    await runSeatOffers(ctx.prisma, queue, end);
    expect((await offersOfClass()).map((o) => o.status)).toEqual(['EXPIRED', 'EXPIRED']);
    expect((await ctx.prisma.seatRelease.findFirstOrThrow({ where: { scheduleId: klass.id } })).status).toBe('EXPIRED');
  });
});
