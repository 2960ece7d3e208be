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

  it('has households: every student in one, their contacts as guardians, and siblings sharing one', async () => {
    const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } });
    expect(await ctx.prisma.student.count({ where: { organisationId: centre.id, householdId: null } })).toBe(0);
    const households = await ctx.prisma.household.findMany({
      where: { organisationId: centre.id },
      select: {
        name: true,
        students: { select: { lastName: true, email: true } },
        guardians: { select: { email: true } },
      },
    });
    const siblings = households.filter((h) => h.students.length > 1);
    expect(siblings.length).toBeGreaterThanOrEqual(1);
    for (const h of siblings) expect(new Set(h.students.map((s) => s.lastName))).toEqual(new Set([h.name]));
    // Every student's address is a guardian's address in their household.
    for (const h of households) for (const s of h.students) expect(h.guardians.map((g) => g.email)).toContain(s.email);
    // The `family` login is a guardian of a household with two children (the portal's demo).
    const family = await ctx.prisma.guardian.findFirstOrThrow({
      where: { user: { login: 'family', roles: { has: 'ROLE_CUSTOMER' } } },
      select: { household: { select: { _count: { select: { students: true } } } } },
    });
    expect(family.household._count.students).toBe(2);
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

describe("the demo centre's money and messages", () => {
  const centreId = async () => (await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } })).id;

  it("keeps every student's balance equal to the sum of its ledger and to its last balanceAfter", async () => {
    const students = await ctx.prisma.student.findMany({
      select: {
        id: true,
        voucherBalance: true,
        voucherLedger: { orderBy: { id: 'asc' }, select: { amount: true, balanceAfter: true } },
      },
    });
    expect(students.length).toBe(60);
    let entries = 0;
    for (const s of students) {
      let cents = 0;
      for (const e of s.voucherLedger) {
        cents += Math.round(Number(e.amount) * 100);
        expect(Math.round(Number(e.balanceAfter) * 100)).toBe(cents);
      }
      entries += s.voucherLedger.length;
      expect(Math.round(Number(s.voucherBalance) * 100)).toBe(cents);
      const last = s.voucherLedger.at(-1);
      if (last) expect(last.balanceAfter.equals(s.voucherBalance)).toBe(true);
    }
    expect(entries).toBeGreaterThan(100);
    // Each purchase's balanceAfter is the balance after its own entries.
    const purchases = await ctx.prisma.voucherPurchase.findMany({
      select: { balanceAfter: true, entries: { orderBy: { id: 'desc' }, take: 1, select: { balanceAfter: true } } },
    });
    expect(purchases.length).toBeGreaterThan(20);
    for (const p of purchases) expect(p.balanceAfter.equals(p.entries[0].balanceAfter)).toBe(true);
    // Payment methods are the built-in codes.
    const methods = await ctx.prisma.voucherPurchase.findMany({
      distinct: ['paymentMethod'],
      select: { paymentMethod: true },
    });
    expect(methods.map((m) => m.paymentMethod).sort()).toEqual(['CARD', 'CASH', 'CHEQUE', 'E_TRANSFER']);
  });

  it('has voucher students: most in credit, some below the threshold, one owing; gifts, a refund and corrected charges', async () => {
    const organisationId = await centreId();
    const voucherPayers = await ctx.prisma.student.findMany({
      where: { organisationId, voucherLedger: { some: {} } },
      select: { id: true, voucherBalance: true },
    });
    expect(voucherPayers.length).toBeGreaterThanOrEqual(10);
    const balances = voucherPayers.map((s) => Number(s.voucherBalance));
    expect(balances.filter((b) => b < 0).length).toBeGreaterThanOrEqual(1);
    expect(balances.filter((b) => b >= 200).length).toBeGreaterThan(voucherPayers.length / 2);
    // The dashboard's list: below the threshold (200.00), the owing one among them; term-only students never.
    const low = await get('/api/dashboard/low-balance', { pageSize: 50 });
    expect(low.status).toBe(200);
    expect(low.body.total).toBeGreaterThanOrEqual(3);
    expect(low.body.total).toBeLessThan(10);
    expect(low.body.data.some((s: { balance: string }) => Number(s.balance) < 0)).toBe(true);
    const count = (where: object) => ctx.prisma.voucherLedgerEntry.count({ where: { organisationId, ...where } });
    expect(await count({ kind: 'GIFT' })).toBeGreaterThan(3);
    expect(await count({ kind: 'REFUND' })).toBe(1);
    expect(await count({ kind: 'CHARGE_REVERSAL' })).toBe(2);
    expect(await count({ kind: 'CLASS_CHARGE', chargeSeq: 2 })).toBe(2);
    // Charges carry what was true when posted, and only COMPLETED VOUCHER classes of ATTENDED students are charged.
    const charges = await ctx.prisma.voucherLedgerEntry.findMany({
      where: { organisationId, kind: 'CLASS_CHARGE' },
      select: {
        amount: true,
        attendance: true,
        hours: true,
        hourlyRate: true,
        schedule: { select: { status: true, paymentType: true } },
      },
    });
    expect(charges.length).toBeGreaterThan(100);
    for (const c of charges) {
      expect(c.attendance).toBe('ATTENDED');
      expect(c.schedule).toMatchObject({ status: 'COMPLETED', paymentType: 'VOUCHER' });
      expect(c.amount.negated().equals(c.hours?.times(c.hourlyRate ?? 0).toDecimalPlaces(2) ?? -1)).toBe(true);
    }
  });

  it('has months of voucher sales in the chart and the purchase report', async () => {
    const charts = await get('/api/dashboard/charts');
    expect(charts.status).toBe(200);
    const months = charts.body.voucherSalesPerMonth.filter((m: { amount: string }) => Number(m.amount) > 0);
    expect(months.length).toBeGreaterThanOrEqual(4);
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).toISOString().slice(0, 10);
    const report = await get('/api/reports/purchase-history', { from, to, pageSize: 5 });
    expect(report.status).toBe(200);
    expect(report.body.total).toBeGreaterThan(5);
    expect(Number(report.body.totals.purchased)).toBeGreaterThan(1000);
  });

  it('follows the feedback rule: SENT, one SEND_FAILED with the provider’s words, the last week MISSING_FEEDBACK', async () => {
    const organisationId = await centreId();
    const classes = await ctx.prisma.schedule.findMany({
      where: { organisationId },
      select: {
        id: true,
        status: true,
        notificationStatus: true,
        feedback: { select: { submittedAt: true } },
        students: {
          select: {
            attendance: true,
            student: { select: { feedbackNotification: true, allowEmail: true, feedbackEmail: true, email: true } },
          },
        },
      },
    });
    const messages = await ctx.prisma.message.findMany({
      where: { organisationId, template: 'feedback' },
      select: { entityId: true, status: true, error: true },
    });
    const byStatus = (s: string) => classes.filter((c) => c.notificationStatus === s).length;
    expect(byStatus('SENT')).toBeGreaterThan(10);
    expect(byStatus('SEND_FAILED')).toBe(1);
    expect(byStatus('MISSING_FEEDBACK')).toBeGreaterThanOrEqual(2);
    expect(byStatus('PENDING')).toBe(0);
    // The stored status is what the rule gives for every class.
    const { feedbackStatusOf, needsFeedbackFrom } = await import('../../server/features/feedback/feedback-status');
    for (const c of classes) {
      const expected = feedbackStatusOf({
        classStatus: c.status,
        submitted: !!c.feedback?.submittedAt,
        optedIn: needsFeedbackFrom(c.students),
        messages: messages.filter((m) => m.entityId === c.id).map((m) => m.status),
      });
      expect(c.notificationStatus).toBe(expected);
    }
    const failed = messages.filter((m) => m.status === 'FAILED');
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toMatch(/^550 /);
    // The operators were told, and the demo teacher has classes to write feedback for.
    const notices = await ctx.prisma.notice.groupBy({ by: ['type'], where: { organisationId }, _count: true });
    const types = notices.map((n) => n.type).sort();
    expect(types).toEqual(
      expect.arrayContaining(['BULK_EMAIL_FINISHED', 'FEEDBACK_FAILED', 'FEEDBACK_MISSING', 'LOW_BALANCE']),
    );
  });

  it('has an email history (a bulk email: SENT and one FAILED) and nothing waiting to be sent', async () => {
    const organisationId = await centreId();
    const batches = await get('/api/email/batches');
    expect(batches.status).toBe(200);
    expect(batches.body.total).toBe(1);
    const batch = await ctx.prisma.emailBatch.findFirstOrThrow({
      where: { organisationId },
      include: { messages: true },
    });
    expect(batch.finishedAt).not.toBeNull();
    expect(batch.messages.length).toBe(batch.recipientCount);
    expect(batch.messages.filter((m) => m.status === 'FAILED')).toHaveLength(1);
    expect(batch.messages.filter((m) => m.status === 'SENT').length).toBe(batch.recipientCount - 1);
    expect(await ctx.prisma.message.count({ where: { status: { in: ['QUEUED', 'SENDING'] } } })).toBe(0);
    expect((await get('/api/messages', { pageSize: 5 })).body.total).toBeGreaterThan(20);
  });

  it('has closed payroll months and the current month open', async () => {
    const organisationId = await centreId();
    const periods = await ctx.prisma.payrollPeriod.findMany({
      where: { organisationId },
      orderBy: { startDate: 'asc' },
      include: { _count: { select: { lines: true } } },
    });
    expect(periods.length).toBeGreaterThanOrEqual(3);
    for (const p of periods) expect(p._count.lines).toBeGreaterThan(0);
    const thisMonth = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' }).slice(0, 7);
    expect((periods.at(-1)?.startDate.toISOString() ?? '9999').slice(0, 7) < thisMonth).toBe(true);
    const listed = await get('/api/payroll/periods');
    expect(listed.status).toBe(200);
  });

  it('is the same in another fresh database (balances, purchases, feedback statuses)', async () => {
    const other = await createTestContext();
    try {
      expect(await seedDemo(other.prisma)).toBe(true);
      const snapshot = async (prisma: typeof ctx.prisma) => ({
        balances: (await prisma.student.findMany({ orderBy: { studentId: 'asc' } })).map(
          (s) => `${s.studentId}:${s.voucherBalance.toFixed(2)}`,
        ),
        purchases: (await prisma.voucherPurchase.findMany({ orderBy: { id: 'asc' } })).map(
          (p) => `${p.purchaseDate.toISOString()}:${p.voucherAmount}:${p.giftAmount}:${p.paymentMethod}`,
        ),
        feedback: (
          await prisma.schedule.groupBy({
            by: ['notificationStatus'],
            _count: true,
            orderBy: { notificationStatus: 'asc' },
          })
        ).map((g) => `${g.notificationStatus}:${g._count}`),
      });
      expect(await snapshot(other.prisma)).toEqual(await snapshot(ctx.prisma));
    } finally {
      await other.close();
    }
  });
});

describe("the demo centre's billing cycles", () => {
  it('lists the completed cycles that made its two invoices, none active', async () => {
    const login = await request(ctx.app)
      .post('/api/authenticate')
      .send({ username: 'system', password: DEMO_PASSWORD });
    const cycles = await request(ctx.app)
      .get('/api/billing/cycles')
      .set('Authorization', `Bearer ${login.body.id_token}`);
    expect(cycles.status).toBe(200);
    expect(cycles.body.total).toBe(2);
    expect(cycles.body.data.map((c: { status: string }) => c.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const invoices = await ctx.prisma.invoice.findMany({ select: { cycleId: true } });
    expect(invoices.every((i) => i.cycleId !== null)).toBe(true);
  });
});

describe('the demo centre’s location (issue 23)', () => {
  it('has one location named after it with three rooms; its classes and students are there; no room holds two classes at once', async () => {
    const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } });
    const locations = await ctx.prisma.location.findMany({
      where: { organisationId: centre.id },
      include: { rooms: { orderBy: { name: 'asc' } } },
    });
    expect(locations).toHaveLength(1);
    const [location] = locations;
    expect(location.name).toBe(DEMO_CENTRE);
    expect(location.address).toBeTruthy();
    expect(location.rooms.map((r) => [r.name, r.capacity])).toEqual([
      ['Room A', 6],
      ['Room B', 4],
      ['Room C', 8],
    ]);
    expect(
      await ctx.prisma.student.count({ where: { organisationId: centre.id, locationId: { not: location.id } } }),
    ).toBe(0);
    expect(
      await ctx.prisma.schedule.count({ where: { organisationId: centre.id, locationId: { not: location.id } } }),
    ).toBe(0);
    expect(await ctx.prisma.schedule.count({ where: { organisationId: centre.id, locationId: null } })).toBe(0);
    const inRooms = await ctx.prisma.schedule.findMany({
      where: { organisationId: centre.id, roomId: { not: null } },
      select: { roomId: true, startAt: true, endAt: true, _count: { select: { students: true } }, room: true },
      orderBy: [{ roomId: 'asc' }, { startAt: 'asc' }],
    });
    expect(inRooms.length).toBeGreaterThan(50);
    for (const [i, k] of inRooms.entries()) {
      expect(k._count.students).toBeLessThanOrEqual(k.room?.capacity ?? 0);
      const previous = inRooms[i - 1];
      if (previous?.roomId === k.roomId) expect(previous.endAt.getTime()).toBeLessThanOrEqual(k.startAt.getTime());
    }
  });
});
