import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerEntries, lockStudentBalance } from '../../server/features/vouchers/ledger';
import { Prisma } from '../../server/generated/prisma/client';
import { callerWith, createStudent, createTeacher, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

// Every expected figure is computed here from the rows this file creates, with Intl for the centre's
// local dates (the server uses luxon and SQL).
const ZONE = 'America/Toronto';
const DAY = 86_400_000;
const localDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);
const offsetMinutes = (instant: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((wall - instant.getTime()) / 60_000);
};
/** The instant of local wall-clock `time` on local `date` (YYYY-MM-DD) in the centre's zone. */
const at = (date: string, time: string) => {
  const guess = new Date(`${date}T${time}:00Z`);
  return new Date(guess.getTime() - offsetMinutes(guess) * 60_000);
};
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthOf = (date: string) => date.slice(0, 7);

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;

const today = localDate(new Date());
const created: {
  completed: { teacherId: number; startAt: Date; endAt: Date }[];
  today: { id: number; status: string; startAt: Date }[];
  purchases: { student: number; type: string; date: string; voucher: string; gift: string }[];
  /** payer: pays by voucher (a purchase or a voucher class in the last 120 days, a planned one ahead). */
  balances: Map<number, { active: boolean; balance: Decimal; name: string; payer: boolean }>;
  unpaid: number[];
  teachers: number;
  courses: number;
} = { completed: [], today: [], purchases: [], balances: new Map(), unpaid: [], teachers: 0, courses: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  const org = first.centre.id;

  const tina = await createTeacher(ctx.prisma, org, { firstName: 'Tina', lastName: 'Dash' });
  const theo = await createTeacher(ctx.prisma, org, { firstName: 'Theo', lastName: 'Dash' });
  await createTeacher(ctx.prisma, org, { deleted: true });
  created.teachers = 2;
  const maths = await createCourseRow(ctx.prisma, org, 'Dash Maths');
  await createCourseRow(ctx.prisma, org, 'Dash Piano');
  created.courses = 2;

  // Students and their balances, through the purchases API (the ledger keeps Student.voucherBalance).
  const people = [
    { first: 'Rich', voucher: '500.00', gift: '20.00', active: true },
    { first: 'Low', voucher: '150.00', gift: '0', active: true },
    { first: 'Zero', voucher: null, gift: null, active: true },
    { first: 'Owing', voucher: '10.00', gift: '0', active: true, adjust: '-50.00' },
    { first: 'Gone', voucher: '5.00', gift: '0', active: false },
    // Bought 200 days ago, nothing since: no longer a voucher payer, so never "low".
    { first: 'Lapsed', voucher: '50.00', gift: '0', active: true, date: addDays(today, -200) },
    // Nothing bought yet, a voucher class booked ahead: a voucher payer at 0.00.
    { first: 'Booked', voucher: null, gift: null, active: true, booked: true },
  ];
  const students: Awaited<ReturnType<typeof createStudent>>[] = [];
  for (const p of people) {
    const s = await createStudent(ctx.prisma, org, { firstName: p.first, lastName: 'Dash', studentId: `D-${p.first}` });
    let balance = new Decimal(0);
    const post = async (type: string, voucherAmount: string, giftAmount: string, purchaseDate = today) => {
      const res = await operator.post('/api/voucher-purchases', {
        studentId: s.id,
        type,
        purchaseDate,
        voucherAmount,
        giftAmount,
        idempotencyKey: randomUUID(),
      });
      expect(res.status).toBe(201);
      created.purchases.push({ student: s.id, type, date: purchaseDate, voucher: voucherAmount, gift: giftAmount });
      balance = balance.plus(type === 'REFUND' ? new Decimal(voucherAmount).neg() : voucherAmount).plus(giftAmount);
    };
    if (p.voucher) await post('PURCHASE', p.voucher, p.gift ?? '0', p.date);
    if (p.adjust) await post('ADJUSTMENT', p.adjust, '0');
    if (!p.active) await ctx.prisma.student.update({ where: { id: s.id }, data: { active: false } });
    const payer = (p.voucher !== null && !p.date) || Boolean(p.booked);
    created.balances.set(s.id, { active: p.active, balance, name: `${p.first} Dash`, payer });
    students.push(s);
  }
  // Sales in other months: two months ago, 13 months ago (outside the chart), a refund (not a sale).
  const rich = students[0];
  for (const [type, voucherAmount, date] of [
    ['PURCHASE', '300.25', addDays(`${monthOf(today)}-01`, -40)],
    ['PURCHASE', '999.00', addDays(`${monthOf(today)}-01`, -400)],
    ['REFUND', '20.00', today],
  ] as const) {
    const res = await operator.post('/api/voucher-purchases', {
      studentId: rich.id,
      type,
      purchaseDate: date,
      voucherAmount,
      giftAmount: '0',
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(201);
    created.purchases.push({ student: rich.id, type, date, voucher: voucherAmount, gift: '0' });
    const entry = created.balances.get(rich.id);
    if (entry) entry.balance = entry.balance.plus(type === 'REFUND' ? new Decimal(voucherAmount).neg() : voucherAmount);
  }

  // Classes: today (planned, completed, cancelled), yesterday, and completed ones over ~14 weeks.
  const classOf = async (
    teacherId: number,
    date: string,
    start: string,
    end: string,
    status: 'PLANNED' | 'COMPLETED' | 'CANCELLED',
  ) => {
    const row = await createClassRow(ctx.prisma, {
      organisationId: org,
      teacherId,
      courseId: maths.id,
      startAt: at(date, start).toISOString(),
      endAt: at(date, end).toISOString(),
      status,
      students: [{ id: students[1].id, attendance: status === 'COMPLETED' ? 'ATTENDED' : null }],
    });
    if (status === 'COMPLETED') created.completed.push({ teacherId, startAt: row.startAt, endAt: row.endAt });
    if (date === today && status !== 'CANCELLED') created.today.push({ id: row.id, status, startAt: row.startAt });
    return row;
  };
  await classOf(tina.id, today, '16:00', '17:30', 'PLANNED');
  await classOf(theo.id, today, '09:00', '09:50', 'COMPLETED');
  await classOf(tina.id, today, '12:00', '13:00', 'CANCELLED');
  await classOf(tina.id, addDays(today, -1), '10:00', '11:00', 'COMPLETED');
  for (const days of [3, 9, 17, 17, 30, 45, 76, 80, 90, 100])
    await classOf(days % 2 ? tina.id : theo.id, addDays(today, -days), '15:00', '16:20', 'COMPLETED');
  await classOf(theo.id, addDays(today, -20), '15:00', '16:00', 'PLANNED');
  const booked = students[people.findIndex((p) => p.first === 'Booked')];
  await createClassRow(ctx.prisma, {
    organisationId: org,
    teacherId: tina.id,
    courseId: maths.id,
    startAt: at(addDays(today, 5), '10:00').toISOString(),
    endAt: at(addDays(today, 5), '11:00').toISOString(),
    paymentType: 'VOUCHER',
    students: [{ id: booked.id }],
  });

  // Term registrations: two unpaid, one paid.
  const term = await ctx.prisma.term.create({
    data: {
      name: 'Autumn term',
      organisationId: org,
      courseId: maths.id,
      startDate: new Date('2026-09-01T00:00:00Z'),
      endDate: new Date('2026-12-20T00:00:00Z'),
    },
  });
  for (const [i, paid] of [false, true, false].entries()) {
    const r = await ctx.prisma.termRegister.create({
      data: {
        organisationId: org,
        termId: term.id,
        courseId: maths.id,
        studentId: students[i].id,
        paymentType: 'CASH',
        price: '480.00',
        paid,
        createdAt: new Date(Date.now() - (10 - i) * 60_000),
      },
    });
    if (!paid) created.unpaid.push(r.id);
  }
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it("lists today's classes in the centre's zone and the centre's totals", async () => {
    const res = await operator.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(today);
    expect(res.body.timeZone).toBe(ZONE);
    expect(res.body.lowBalanceThreshold).toBe('200.00');
    expect(res.body.totals).toEqual({
      activeStudents: [...created.balances.values()].filter((s) => s.active).length,
      activeTeachers: created.teachers,
      courses: created.courses,
    });
    const expected = [...created.today].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    expect(res.body.classesToday.total).toBe(expected.length);
    expect(res.body.classesToday.confirmed).toBe(expected.filter((c) => c.status === 'COMPLETED').length);
    expect(res.body.classesToday.data.map((c: { id: number; confirmed: boolean }) => [c.id, c.confirmed])).toEqual(
      expected.map((c) => [c.id, c.status === 'COMPLETED']),
    );
    // A planned class awaits confirmation only once it has started (the 16:00 class is upcoming before 16:00).
    const now = Date.now();
    expect(
      res.body.classesToday.data.map((c: { id: number; awaitingConfirmation: boolean }) => [
        c.id,
        c.awaitingConfirmation,
      ]),
    ).toEqual(expected.map((c) => [c.id, c.status === 'PLANNED' && c.startAt.getTime() <= now]));
    expect(res.body.classesToday.data[0]).toMatchObject({
      course: { name: 'Dash Maths' },
      teacher: { name: 'Theo Dash' },
      students: [{ name: 'Low Dash' }],
    });
  });

  it('shows another centre nothing of this one', async () => {
    const other = callerWith(ctx.app, second.tokens.admin);
    const res = await other.get('/api/dashboard');
    expect(res.body.totals).toEqual({ activeStudents: 0, activeTeachers: 0, courses: 0 });
    expect(res.body.classesToday.total).toBe(0);
    expect((await other.get('/api/dashboard/low-balance')).body.total).toBe(0);
    expect((await other.get('/api/dashboard/unpaid-term-registers')).body.total).toBe(0);
    const charts = (await other.get('/api/dashboard/charts')).body;
    expect(charts.hoursPerTeacher).toEqual([]);
    expect(charts.classesPerWeek.every((w: { classes: number }) => w.classes === 0)).toBe(true);
  });

  it('refuses teachers and signed-out callers', async () => {
    expect((await callerWith(ctx.app, first.tokens.teacher).get('/api/dashboard')).status).toBe(403);
    expect((await callerWith(ctx.app, first.tokens.teacher).get('/api/dashboard/charts')).status).toBe(403);
    expect((await callerWith(ctx.app, 'not-a-token').get('/api/dashboard')).status).toBe(401);
  });
});

const lowBalance = (threshold: Decimal) =>
  [...created.balances.entries()]
    .filter(([, s]) => s.active && s.payer && s.balance.lt(threshold))
    .sort(([a, x], [b, y]) => x.balance.comparedTo(y.balance) || a - b)
    .map(([id, s]) => ({ id, name: s.name, balance: s.balance.toFixed(2) }));

describe('GET /api/dashboard/low-balance', () => {
  it('lists active voucher payers below the threshold, lowest (owing) first, paged', async () => {
    const expected = lowBalance(new Decimal(200));
    const res = await operator.get('/api/dashboard/low-balance', { pageSize: 100 });
    expect(res.status).toBe(200);
    const names = res.body.data.map((s: { name: string }) => s.name);
    // Term-paid at 0.00 (Zero) and a purchase 200 days ago (Lapsed) are not low; a booked voucher class is.
    expect(names).not.toContain('Zero Dash');
    expect(names).not.toContain('Lapsed Dash');
    expect(names).toContain('Booked Dash');
    expect(res.body.total).toBe(expected.length);
    expect(res.body.data.map((s: { id: number; name: string; balance: string }) => s)).toEqual(
      expected.map((s) => expect.objectContaining(s)),
    );
    expect(res.body.data[0].balance).toBe('-40.00');
    const page2 = await operator.get('/api/dashboard/low-balance', { pageSize: 2, current: 2 });
    expect(page2.body.data.map((s: { id: number }) => s.id)).toEqual(expected.slice(2, 4).map((s) => s.id));
  });
});

describe('GET /api/dashboard/unpaid-term-registers', () => {
  it('lists unpaid registrations newest first', async () => {
    const res = await operator.get('/api/dashboard/unpaid-term-registers');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(created.unpaid.length);
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([...created.unpaid].reverse());
    expect(res.body.data[0]).toMatchObject({
      course: 'Dash Maths',
      termStart: '2026-09-01',
      termEnd: '2026-12-20',
      price: '480.00',
      student: { name: 'Zero Dash' },
    });
  });
});

describe('GET /api/dashboard/charts', () => {
  it('counts classes taught per local week, sums voucher sales per month and teacher hours this month', async () => {
    const res = await operator.get('/api/dashboard/charts');
    expect(res.status).toBe(200);
    const thisMonday = mondayOf(today);
    const weeks = Array.from({ length: 12 }, (_, i) => addDays(thisMonday, -7 * (11 - i)));
    expect(res.body.classesPerWeek).toEqual(
      weeks.map((weekStart) => ({
        weekStart,
        classes: created.completed.filter((c) => mondayOf(localDate(c.startAt)) === weekStart).length,
      })),
    );
    expect(res.body.classesPerWeek.reduce((n: number, w: { classes: number }) => n + w.classes, 0)).toBeGreaterThan(5);

    const months: string[] = [];
    for (let m = `${monthOf(today)}-01`; months.length < 12; m = `${monthOf(addDays(m, -1))}-01`)
      months.unshift(monthOf(m));
    expect(res.body.voucherSalesPerMonth).toEqual(
      months.map((month) => ({
        month,
        amount: created.purchases
          .filter((p) => p.type === 'PURCHASE' && monthOf(p.date) === month)
          .reduce((sum, p) => sum.plus(p.voucher), new Decimal(0))
          .toFixed(2),
      })),
    );

    const hours = new Map<number, Decimal>();
    for (const c of created.completed.filter((c) => monthOf(localDate(c.startAt)) === monthOf(today))) {
      const h = new Decimal((c.endAt.getTime() - c.startAt.getTime()) / 60_000).div(60).toDecimalPlaces(2);
      hours.set(c.teacherId, (hours.get(c.teacherId) ?? new Decimal(0)).plus(h));
    }
    expect(
      res.body.hoursPerTeacher.map((h: { teacherId: number; hours: string }) => [h.teacherId, h.hours]).sort(),
    ).toEqual([...hours.entries()].map(([id, h]) => [id, h.toFixed(2)]).sort());
  });
});

describe('PUT /api/organisation/low-balance-threshold', () => {
  const put = (caller: ReturnType<typeof callerWith>, body: object) =>
    caller.put('/api/organisation/low-balance-threshold', body);
  const threshold = async () =>
    (await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: first.centre.id } })).lowBalanceThreshold.toFixed(
      2,
    );

  it('is refused to operators (403) and leaves the threshold as it was', async () => {
    const res = await put(operator, { lowBalanceThreshold: '10.00' });
    expect(res.status).toBe(403);
    expect(await threshold()).toBe('200.00');
  });

  it.each([['-1'], ['12.345'], ['abc'], [''], [null], ['12345678901']])(
    'refuses %j with 400 naming the field, and changes nothing',
    async (value) => {
      const audits = await ctx.prisma.auditEvent.count({ where: { organisationId: first.centre.id } });
      const res = await put(admin, { lowBalanceThreshold: value });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['lowBalanceThreshold']);
      if (typeof value === 'string')
        expect(res.body.fieldErrors[0].message).toBe('Enter an amount of at least 0 with at most 2 decimals');
      expect(await threshold()).toBe('200.00');
      expect(await ctx.prisma.auditEvent.count({ where: { organisationId: first.centre.id } })).toBe(audits);
    },
  );

  it('lets an admin set it (2 decimals), audited, and the low-balance list follows it', async () => {
    const res = await put(admin, { lowBalanceThreshold: '1800.5' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lowBalanceThreshold: '1800.50' });
    expect(await threshold()).toBe('1800.50');
    expect((await operator.get('/api/dashboard')).body.lowBalanceThreshold).toBe('1800.50');
    const audit = await ctx.prisma.auditEvent.findMany({
      where: { organisationId: first.centre.id, entityType: 'ORGANISATION' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityId: first.centre.id,
      action: 'UPDATE',
      actorId: first.admin.id,
      before: { lowBalanceThreshold: '200.00' },
      after: { lowBalanceThreshold: '1800.50' },
    });
    const list = await operator.get('/api/dashboard/low-balance', { pageSize: 100 });
    const expected = lowBalance(new Decimal('1800.50'));
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual(expected.map((s) => s.id));
    expect(expected.some((s) => s.name === 'Rich Dash')).toBe(true);
    // The other centre's threshold is its own.
    expect((await callerWith(ctx.app, second.tokens.admin).get('/api/dashboard')).body.lowBalanceThreshold).toBe(
      '200.00',
    );
  });
});

describe('GET /api/students: money derived from the ledger', () => {
  it("shows each student's balance, purchased, gift and paid from voucher (charges net of reversals)", async () => {
    const org = first.centre.id;
    const low = await ctx.prisma.student.findFirstOrThrow({ where: { organisationId: org, studentId: 'D-Low' } });
    const teacher = await ctx.prisma.teacher.findFirstOrThrow({ where: { organisationId: org, deletedAt: null } });
    const course = await ctx.prisma.course.findFirstOrThrow({ where: { organisationId: org } });
    const lesson = await createClassRow(ctx.prisma, {
      organisationId: org,
      teacherId: teacher.id,
      courseId: course.id,
      startAt: at(addDays(today, -2), '10:00').toISOString(),
      endAt: at(addDays(today, -2), '11:00').toISOString(),
      status: 'COMPLETED',
      paymentType: 'VOUCHER',
      students: [{ id: low.id, attendance: 'ATTENDED' }],
    });
    // A charge, its reversal and a second charge, posted as the ledger posts them.
    const entryDate = new Date(`${addDays(today, -2)}T00:00:00Z`);
    await ctx.prisma.$transaction(async (tx) => {
      const locked = await lockStudentBalance(tx, org, low.id);
      await appendLedgerEntries(tx, locked, first.admin.id, [
        { kind: 'CLASS_CHARGE', amount: new Prisma.Decimal('-45.00'), entryDate, scheduleId: lesson.id, chargeSeq: 1 },
      ]);
    });
    const charge = await ctx.prisma.voucherLedgerEntry.findFirstOrThrow({ where: { scheduleId: lesson.id } });
    await ctx.prisma.$transaction(async (tx) => {
      const locked = await lockStudentBalance(tx, org, low.id);
      await appendLedgerEntries(tx, locked, first.admin.id, [
        {
          kind: 'CHARGE_REVERSAL',
          amount: new Prisma.Decimal('45.00'),
          entryDate,
          scheduleId: lesson.id,
          chargeSeq: 1,
          reversesId: charge.id,
        },
        { kind: 'CLASS_CHARGE', amount: new Prisma.Decimal('-30.10'), entryDate, scheduleId: lesson.id, chargeSeq: 2 },
      ]);
    });
    const lowEntry = created.balances.get(low.id);
    if (lowEntry) lowEntry.balance = lowEntry.balance.minus('30.10');

    const res = await operator.get('/api/students', { q: 'Dash', pageSize: 100 });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((s: { id: number }) => [s.id, s]));
    const sum = (id: number, pick: (p: (typeof created.purchases)[number]) => string | null) =>
      created.purchases
        .filter((p) => p.student === id)
        .reduce((n, p) => n.plus(pick(p) ?? 0), new Decimal(0))
        .toFixed(2);
    for (const [id, s] of created.balances) {
      expect(byId.get(id)).toMatchObject({
        voucherBalance: s.balance.toFixed(2),
        totalPurchased: sum(id, (p) => (p.type === 'PURCHASE' ? p.voucher : null)),
        totalGift: sum(id, (p) => p.gift),
        totalPaidFromVoucher: id === low.id ? '30.10' : '0.00',
      });
    }
    expect(byId.get(low.id)).toMatchObject({ voucherBalance: '119.90', totalPurchased: '150.00' });
    const owing = [...created.balances.entries()].find(([, s]) => s.name === 'Owing Dash');
    expect(owing && (byId.get(owing[0]) as { voucherBalance: string }).voucherBalance).toBe('-40.00');
  });
});
