import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE, DEMO_PASSWORD, seedDemo } from '../../server/seed/demo';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemo(ctx.prisma)).toBe(true);
  const res = await request(ctx.app).post('/api/authenticate').send({ username: 'admin', password: DEMO_PASSWORD });
  token = res.body.id_token;
});
afterAll(() => ctx.close());

const get = (url: string, query: Record<string, string | number> = {}) =>
  request(ctx.app).get(url).query(query).set('Authorization', `Bearer ${token}`);

describe('the demo centre', () => {
  it('is a living centre: teachers with courses, 60 students with referrers, terms and registrations', async () => {
    const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } });
    const students = await get('/api/students', { pageSize: 100 });
    expect(students.body.total).toBe(60);
    const withReferrer = students.body.data.filter((s: { referrer: unknown }) => s.referrer !== null).length;
    expect(withReferrer).toBeGreaterThan(30);
    expect((await get('/api/students', { active: 'false' })).body.total).toBe(6);
    expect((await get('/api/referrals')).body.total).toBe(withReferrer);
    expect((await get('/api/teachers')).body.total).toBe(5);
    expect((await get('/api/courses')).body.total).toBe(8);
    expect((await get('/api/terms')).body.total).toBe(16);
    const paid = (await get('/api/term-registers', { paid: 'true' })).body.total;
    const unpaid = (await get('/api/term-registers', { paid: 'false' })).body.total;
    expect(paid).toBeGreaterThan(0);
    expect(unpaid).toBeGreaterThan(0);
    // The demo teacher login has its Teacher record, with courses and terms to teach.
    const teacher = await ctx.prisma.teacher.findFirstOrThrow({
      where: { organisationId: centre.id, user: { login: 'teacher' } },
      include: { courses: true, terms: true },
    });
    expect(teacher.courses.length).toBeGreaterThanOrEqual(2);
    expect(teacher.terms.length).toBeGreaterThan(0);
  });

  it('has a term of weekly classes: past ones confirmed, the last week of two teachers awaiting confirmation, no clashes', async () => {
    const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } });
    const now = new Date();
    const count = (where: object) => ctx.prisma.schedule.count({ where: { organisationId: centre.id, ...where } });
    expect(await count({})).toBeGreaterThan(100);
    expect(await count({ status: 'COMPLETED', confirmedAt: { not: null } })).toBeGreaterThan(10);
    expect(await count({ status: 'PLANNED', startAt: { gt: now } })).toBeGreaterThan(50);
    // The demo teacher has classes that already took place and wait for confirmation.
    const awaiting = await count({ status: 'PLANNED', endAt: { lt: now }, teacher: { user: { login: 'teacher' } } });
    expect(awaiting).toBeGreaterThan(0);
    // Every completed class has an attendance for each student; planned ones none yet.
    expect(
      await ctx.prisma.scheduleStudent.count({ where: { schedule: { status: 'COMPLETED' }, attendance: null } }),
    ).toBe(0);
    expect(
      await ctx.prisma.scheduleStudent.count({ where: { schedule: { status: 'PLANNED' }, attendance: { not: null } } }),
    ).toBe(0);
    // Classes are series occurrences at 15:30 or 17:30 local time (America/Toronto), whatever the offset.
    const starts = await ctx.prisma.schedule.findMany({
      where: { organisationId: centre.id },
      select: { startAt: true },
    });
    const local = new Set(
      starts.map((s) =>
        s.startAt.toLocaleTimeString('en-GB', { timeZone: centre.timeZone, hour: '2-digit', minute: '2-digit' }),
      ),
    );
    expect([...local].sort()).toEqual(['15:30', '17:30']);
    // No teacher and no student is booked twice at once.
    const clashes = await ctx.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Schedule" a JOIN "Schedule" b
        ON a.id < b.id AND a."startAt" < b."endAt" AND b."startAt" < a."endAt"
      WHERE a.status <> 'CANCELLED' AND b.status <> 'CANCELLED' AND (a."teacherId" = b."teacherId" OR EXISTS (
        SELECT 1 FROM "ScheduleStudent" x JOIN "ScheduleStudent" y ON x."studentId" = y."studentId"
        WHERE x."scheduleId" = a.id AND y."scheduleId" = b.id))`;
    expect(Number(clashes[0].n)).toBe(0);
  });

  it('is the same on every run (a seeded generator) and is seeded once', async () => {
    const first = await ctx.prisma.student.findFirstOrThrow({ where: { studentId: 'LU-0001' } });
    expect(`${first.firstName} ${first.lastName}`).toMatchInlineSnapshot(`"Hannah Martin"`);
    expect(await seedDemo(ctx.prisma)).toBe(false);
  });
});

describe("the demo centre's platform billing", () => {
  it('has a paid and an unpaid (not overdue) invoice and a credit history that adds up', async () => {
    const invoices = await get('/api/billing/invoices');
    expect(invoices.status).toBe(200);
    expect(invoices.body.data.map((i: { status: string }) => i.status).sort()).toEqual(['PAID', 'UNPAID']);
    const paid = invoices.body.data.find((i: { status: string }) => i.status === 'PAID');
    expect(paid).toMatchObject({ paidMethod: 'MANUAL', paidNote: 'Bank transfer' });
    expect(Number(paid.creditApplied)).toBeGreaterThan(0);
    expect(invoices.body.data.some((i: { overdue: boolean }) => i.overdue)).toBe(false);
    // Oldest first: the welcome credit, then what the invoices applied, adding up to the balance.
    const ledger = (await get('/api/billing/credit-ledger')).body.data.reverse();
    expect(ledger[0]).toMatchObject({
      type: 'ADD',
      amount: '50.00',
      balanceAfter: '50.00',
      comments: 'Welcome credit',
    });
    expect(ledger[0].createdByName).toBe('Sam System');
    expect(ledger.slice(1).every((e: { type: string }) => e.type === 'INVOICE_CHARGE')).toBe(true);
    expect(ledger[1]).toMatchObject({ invoiceId: paid.id, amount: `-${paid.creditApplied}` });
    let cents = 0;
    for (const e of ledger) {
      cents += Math.round(Number(e.amount) * 100);
      expect(Math.round(Number(e.balanceAfter) * 100)).toBe(cents);
    }
    const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } });
    expect(Math.round(Number(centre.creditBalance) * 100)).toBe(cents);
  });
});
