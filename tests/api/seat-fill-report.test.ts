// The fill rate of freed seats on /report (issue 22). The releases and offers are written here with
// chosen instants; every expected figure below is counted by hand from them (Toronto, EDT = UTC−4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOfferToken } from '../../server/features/seats/offers';
import { fieldsOf } from '../support/course-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { createFullClass } from '../support/seat-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let other: ScheduleCentre;
let serial = 0;

/** A release of `centre`'s class freed at `freedAt`, in `status`, with `offers` offers (each its own student). */
async function release(
  centre: ScheduleCentre,
  scheduleId: number,
  freedAt: string,
  status: 'OPEN' | 'CLAIMED' | 'EXPIRED',
  offers: number,
  claimedAt?: string,
) {
  const row = await ctx.prisma.seatRelease.create({
    data: {
      organisationId: centre.centre.id,
      scheduleId,
      freedAt: new Date(freedAt),
      status,
      claimedAt: claimedAt ? new Date(claimedAt) : null,
      claimedStudentId: claimedAt ? centre.students[0].id : null,
    },
  });
  for (let i = 0; i < offers; i++)
    await ctx.prisma.seatOffer.create({
      data: {
        releaseId: row.id,
        studentId: centre.students[i].id,
        kind: 'WAITLIST',
        tokenHash: hashOfferToken(`fill-${++serial}`),
        status: claimedAt && i === 0 ? 'CLAIMED' : status === 'EXPIRED' ? 'EXPIRED' : 'OPEN',
        offeredAt: new Date(freedAt),
        expiresAt: new Date(Date.parse(freedAt) + 12 * 3_600_000),
      },
    });
}

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  other = await createScheduleCentre(ctx);
  const { id } = await createFullClass(ctx, c);
  // March 2025 (Toronto): claimed after 30 and 90 minutes, one expired, one still offered.
  await release(c, id, '2025-03-10T14:00:00Z', 'CLAIMED', 2, '2025-03-10T14:30:00Z');
  await release(c, id, '2025-03-12T10:00:00Z', 'CLAIMED', 1, '2025-03-12T11:30:00Z');
  await release(c, id, '2025-03-20T10:00:00Z', 'EXPIRED', 3);
  await release(c, id, '2025-03-25T10:00:00Z', 'OPEN', 1);
  // 23:30 on 31 March in Toronto (03:30 UTC on 1 April): a March seat, claimed after 10 minutes.
  await release(c, id, '2025-04-01T03:30:00Z', 'CLAIMED', 1, '2025-04-01T03:40:00Z');
  // April 2025: claimed after 4 hours; two expired (one with nobody to offer it to).
  await release(c, id, '2025-04-02T12:00:00Z', 'CLAIMED', 2, '2025-04-02T16:00:00Z');
  await release(c, id, '2025-04-03T12:00:00Z', 'EXPIRED', 0);
  await release(c, id, '2025-04-05T12:00:00Z', 'EXPIRED', 1);
  // Outside 1 March..30 April (Toronto): 1 March 04:59 UTC is still 28 February; 1 May.
  await release(c, id, '2025-03-01T04:59:00Z', 'CLAIMED', 1, '2025-03-01T05:00:00Z');
  await release(c, id, '2025-05-01T12:00:00Z', 'EXPIRED', 1);
  // Another centre's freed seat in range.
  const theirs = await createFullClass(ctx, other);
  await release(other, theirs.id, '2025-03-15T12:00:00Z', 'CLAIMED', 1, '2025-03-15T12:05:00Z');
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/reports/seat-fill', () => {
  it('counts freed seats per month of freeing, their offers, claims and expiries, the fill rate and the median time to claim', async () => {
    const res = await c.operator.get('/api/reports/seat-fill', { from: '2025-03-01', to: '2025-04-30' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2025-03-01',
      to: '2025-04-30',
      timeZone: 'America/Toronto',
      // 8 freed; offers 2+1+3+1+1+2+0+1 = 11; claimed after 10, 30, 90, 240 min → median (30+90)/2 = 60.
      totals: { freed: 8, offers: 11, claimed: 4, expired: 3, fillRate: 50, medianMinutesToClaim: 60 },
      months: [
        // 5 freed, 2+1+3+1+1 = 8 offers, 3 claimed (10, 30, 90 → 30), 1 expired, 3/5 = 60 %.
        { month: '2025-03', freed: 5, offers: 8, claimed: 3, expired: 1, fillRate: 60, medianMinutesToClaim: 30 },
        // 3 freed, 2+0+1 = 3 offers, 1 claimed (240), 2 expired, 1/3 = 33.3 %.
        { month: '2025-04', freed: 3, offers: 3, claimed: 1, expired: 2, fillRate: 33.3, medianMinutesToClaim: 240 },
      ],
    });
  });

  it('is empty for a range without freed seats, and shows only the caller centre', async () => {
    const none = await c.admin.get('/api/reports/seat-fill', { from: '2025-06-01', to: '2025-06-30' });
    expect(none.body).toMatchObject({
      totals: { freed: 0, offers: 0, claimed: 0, expired: 0, fillRate: null, medianMinutesToClaim: null },
      months: [],
    });
    const theirs = await other.admin.get('/api/reports/seat-fill', { from: '2025-03-01', to: '2025-04-30' });
    expect(theirs.body.totals).toEqual({
      freed: 1,
      offers: 1,
      claimed: 1,
      expired: 0,
      fillRate: 100,
      medianMinutesToClaim: 5,
    });
  });

  it('is for reports:view; bad ranges are refused naming the field', async () => {
    expect((await c.ann.caller.get('/api/reports/seat-fill', { from: '2025-03-01', to: '2025-03-31' })).status).toBe(
      403,
    );
    for (const [query, field] of [
      [{ from: '2025-04-01', to: '2025-03-31' }, 'to'],
      [{ from: '2024-01-01', to: '2025-03-31' }, 'to'],
      [{ from: 'March', to: '2025-03-31' }, 'from'],
    ] as const) {
      const res = await c.operator.get('/api/reports/seat-fill', query);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toContain(field);
    }
  });
});
