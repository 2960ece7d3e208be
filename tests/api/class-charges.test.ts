import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchedule } from '../../src/contracts/schedules';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Charges of taught classes: the expected figures are worked out here by hand (integer cents), never
// read back from the server's arithmetic.
let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

const minutes = (n: number) => n * 60_000;

/** A class starting `hours` from now, `length` minutes long; VOUCHER one-on-one of students[0] unless overridden. */
async function classAt(hours: number, length: number, over: Parameters<typeof classBody>[1] = {}) {
  const startAt = hoursFromNow(hours);
  const endAt = new Date(Date.parse(startAt) + minutes(length)).toISOString();
  const res = await c.operator.post('/api/schedules', classBody(c, { startAt, endAt, ...over }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as TSchedule;
}

/** The student's ledger entries of one class, oldest first, as [kind, amount, chargeSeq]. */
async function chargesOf(scheduleId: number, studentId: number) {
  const rows = await ctx.prisma.voucherLedgerEntry.findMany({
    where: { scheduleId, studentId },
    orderBy: { id: 'asc' },
    select: { kind: true, amount: true, chargeSeq: true, note: true },
  });
  return rows.map((row) => [row.kind, row.amount.toFixed(2), row.chargeSeq, row.note]);
}

async function balanceOf(studentId: number) {
  const [cached, sum] = await Promise.all([
    ctx.prisma.student.findUniqueOrThrow({ where: { id: studentId }, select: { voucherBalance: true } }),
    ctx.prisma.voucherLedgerEntry.aggregate({ where: { studentId }, _sum: { amount: true } }),
  ]);
  // The cache always equals the ledger's sum.
  expect(cached.voucherBalance.toFixed(2)).toBe(sum._sum.amount?.toFixed(2) ?? '0.00');
  return cached.voucherBalance.toFixed(2);
}

const group = (rates: (string | undefined)[]) => ({
  courseType: 'GROUP' as const,
  students: rates.map((hourlyRate, i) => ({ studentId: c.students[i].id, hourlyRate })),
});

describe('class charges', () => {
  it('confirming a VOUCHER class charges each ATTENDED student hours x their rate, once', async () => {
    const before = await Promise.all(c.students.map((s) => balanceOf(s.id)));
    // 90 minutes; Cleo at 40.00 = 60.00, Dan at 33.33 = 49.995 -> 50.00 (half-up), Eve absent.
    const planned = await classAt(-30, 90, group(['40', '33.33', '25']));
    const res = await c.operator.post(`/api/schedules/${planned.id}/confirm`, {
      students: [{ studentId: c.students[2].id, attendance: 'ABSENT' }],
    });
    expect(res.status).toBe(200);
    expect(await chargesOf(planned.id, c.students[0].id)).toEqual([['CLASS_CHARGE', '-60.00', 1, 'Class confirmed']]);
    expect(await chargesOf(planned.id, c.students[1].id)).toEqual([['CLASS_CHARGE', '-50.00', 1, 'Class confirmed']]);
    expect(await chargesOf(planned.id, c.students[2].id)).toEqual([]);
    // A balance may go below zero (the class was taught): these students had no voucher.
    expect(before.slice(0, 2)).toEqual(['0.00', '0.00']);
    expect(await balanceOf(c.students[0].id)).toBe('-60.00');
    expect(await balanceOf(c.students[1].id)).toBe('-50.00');

    // The ledger explains the charge: the class, the student's attendance, hours and rate; one click
    // (the table view filtered by id) shows that class.
    const ledger = await c.operator.get(`/api/students/${c.students[1].id}/ledger`, {});
    expect(ledger.body.data[0]).toMatchObject({
      kind: 'CLASS_CHARGE',
      amount: '-50.00',
      scheduleId: planned.id,
      class: { id: planned.id, course: 'Mathematics', teacher: 'Ann Archer' },
      posted: { attendance: 'ATTENDED', hours: '1.50', hourlyRate: '33.33', price: null },
      changes: [],
    });
    const one = await c.operator.get('/api/schedules', { id: planned.id });
    expect(one.body.data.map((row: TSchedule) => row.id)).toEqual([planned.id]);

    // Confirming again (a retry, a second operator) is refused and charges nothing.
    const again = await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    expect(again.status).toBe(409);
    expect(await chargesOf(planned.id, c.students[0].id)).toHaveLength(1);
  });

  it('the ledger keeps what was true when posted; a reversal says what changed', async () => {
    const dan = c.students[1].id;
    const planned = await classAt(-20, 60, { students: [{ studentId: dan, hourlyRate: '40' }] });
    const bought = await c.operator.post('/api/voucher-purchases', {
      studentId: dan,
      type: 'PURCHASE',
      purchaseDate: '2026-11-01',
      voucherAmount: '400',
      idempotencyKey: randomUUID(),
    });
    expect(bought.status).toBe(201);
    expect((await c.operator.post(`/api/schedules/${planned.id}/confirm`, {})).status).toBe(200);
    // Before: what the change would move, nothing saved; after: what it posted.
    const preview = (attendance: string) =>
      c.operator.get(`/api/schedules/${planned.id}/students/${dan}/attendance-preview`, { attendance });
    const danName = (await ctx.prisma.student.findUniqueOrThrow({ where: { id: dan } })).firstName;
    expect((await preview('ATTENDED')).body).toEqual({ moves: [] });
    const before = await preview('ABSENT');
    expect(before.status).toBe(200);
    expect(before.body.moves).toEqual([{ studentId: dan, name: expect.stringContaining(danName), amount: '40.00' }]);
    expect((await preview('LATE')).status).toBe(400);
    expect(await chargesOf(planned.id, dan)).toHaveLength(1);
    const absent = await c.operator.put(`/api/schedules/${planned.id}/students/${dan}/attendance`, {
      attendance: 'ABSENT',
    });
    expect(absent.status).toBe(200);
    expect(absent.body.moneyMoves).toEqual(before.body.moves);
    expect((await preview('ABSENT')).body).toEqual({ moves: [] });
    expect((await preview('ATTENDED')).body.moves).toMatchObject([{ studentId: dan, amount: '-40.00' }]);
    const ledger = await c.operator.get(`/api/students/${dan}/ledger`, {});
    const ofClass = ledger.body.data.filter((e: { scheduleId: number }) => e.scheduleId === planned.id);
    // Newest first: the reversal, then the original charge, which still says what it charged for.
    expect(ofClass).toMatchObject([
      {
        kind: 'CHARGE_REVERSAL',
        amount: '40.00',
        note: 'Attendance changed',
        posted: { attendance: 'ABSENT', hours: '1.00', hourlyRate: '40.00', price: null },
        changes: [{ field: 'attendance', from: 'ATTENDED', to: 'ABSENT' }],
      },
      {
        kind: 'CLASS_CHARGE',
        amount: '-40.00',
        note: 'Class confirmed',
        posted: { attendance: 'ATTENDED', hours: '1.00', hourlyRate: '40.00', price: null },
        changes: [],
      },
    ]);
    // "About N classes left" at the usual class: the last class charge, 40.00.
    const { totals } = ledger.body;
    expect(Number(totals.voucherBalance)).toBeGreaterThan(80);
    expect(totals.usualClassCharge).toBe('40.00');
    expect(totals.classesLeft).toBe(Math.floor(Number(totals.voucherBalance) / 40));
  });

  it('the class price, when set, is what each attending student pays', async () => {
    const planned = await classAt(-40, 60, { ...group(['40', '40', '40']), price: '35.50' });
    await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    for (const s of c.students)
      expect(await chargesOf(planned.id, s.id)).toEqual([['CLASS_CHARGE', '-35.50', 1, 'Class confirmed']]);
  });

  it('TERM, CASH and FREE classes charge nothing', async () => {
    for (const [i, paymentType] of (['TERM', 'CASH', 'FREE'] as const).entries()) {
      const planned = await classAt(-50 - i * 3, 60, {
        paymentType,
        students: [{ studentId: c.students[0].id, hourlyRate: '40' }],
      });
      const res = await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
      expect(res.status).toBe(200);
      expect(await chargesOf(planned.id, c.students[0].id)).toEqual([]);
    }
  });

  it('reopening reverses the charge; re-confirming with other times charges anew; attendance changes follow', async () => {
    const cleo = c.students[0].id;
    const start = await balanceOf(cleo);
    const planned = await classAt(-60, 60, { students: [{ studentId: cleo, hourlyRate: '30' }] });
    await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    expect(await balanceOf(cleo)).toBe(((Number(start) * 100 - 3000) / 100).toFixed(2));

    expect((await c.operator.post(`/api/schedules/${planned.id}/reopen`, {})).status).toBe(200);
    expect(await balanceOf(cleo)).toBe(start);

    // Taught 2 h 10 min instead: 30 x 130 / 60 = 65.00.
    const endAt = new Date(Date.parse(planned.startAt) + minutes(130)).toISOString();
    const confirmed = await c.operator.post(`/api/schedules/${planned.id}/confirm`, {
      startAt: planned.startAt,
      endAt,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // Marked absent afterwards: the charge is reversed; attended again: charged again.
    expect(
      (await c.operator.put(`/api/schedules/${planned.id}/students/${cleo}/attendance`, { attendance: 'ABSENT' }))
        .status,
    ).toBe(200);
    expect(
      (await c.operator.put(`/api/schedules/${planned.id}/students/${cleo}/attendance`, { attendance: 'ATTENDED' }))
        .status,
    ).toBe(200);
    expect(await chargesOf(planned.id, cleo)).toEqual([
      ['CLASS_CHARGE', '-30.00', 1, 'Class confirmed'],
      ['CHARGE_REVERSAL', '30.00', 1, 'Class reopened'],
      ['CLASS_CHARGE', '-65.00', 2, 'Class confirmed'],
      ['CHARGE_REVERSAL', '65.00', 2, 'Attendance changed'],
      ['CLASS_CHARGE', '-65.00', 3, 'Attendance changed'],
    ]);
    expect(await balanceOf(cleo)).toBe(((Number(start) * 100 - 6500) / 100).toFixed(2));
    // The reason is in the audit as well: who confirmed, reopened and changed the attendance.
    const events = await ctx.prisma.auditEvent.findMany({
      where: { entityType: 'SCHEDULE', entityId: planned.id },
      orderBy: { id: 'asc' },
      select: { action: true, actorId: true, before: true, after: true },
    });
    expect(events.map((e) => e.action)).toEqual(['CREATE', 'CONFIRM', 'REOPEN', 'CONFIRM', 'UPDATE', 'UPDATE']);
    // Names, not ids, so the history reads as the class form does.
    expect(events[0].after).toMatchObject({
      course: 'Mathematics',
      teacher: 'Ann Archer',
      students: [{ student: expect.stringMatching(/^Cleo Chen \(/), attendance: null, hourlyRate: '30.00' }],
    });
    expect(events[4]).toMatchObject({
      before: { students: [{ attendance: 'ATTENDED' }] },
      after: { students: [{ attendance: 'ABSENT' }] },
    });
    expect(events[1]).toMatchObject({
      actorId: c.users.operator.id,
      before: { status: 'PLANNED' },
      after: { status: 'COMPLETED' },
    });
  });

  it("a rate change with scope 'all' re-prices the series' completed classes: reversal and new charge", async () => {
    const cleo = c.students[0].id;
    // A weekly series of three classes, 10:00-11:00 Toronto time, the first one four weeks ago.
    const first = DateTime.now()
      .setZone('America/Toronto')
      .minus({ weeks: 4 })
      .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const created = await c.operator.post(
      '/api/schedules',
      classBody(c, {
        startAt: first.toUTC().toISO() as string,
        endAt: first.plus({ hours: 1 }).toUTC().toISO() as string,
        students: [{ studentId: cleo, hourlyRate: '20' }],
        repeat: { slots: [{ weekday: first.weekday, startTime: '10:00', endTime: '11:00' }], count: 3 },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const classes = await ctx.prisma.schedule.findMany({
      where: { seriesId: created.body.schedule.seriesId },
      orderBy: { startAt: 'asc' },
    });
    expect(classes).toHaveLength(3);
    for (const row of classes.slice(0, 2)) await c.operator.post(`/api/schedules/${row.id}/confirm`, {});
    const last = classes[2];
    const body = classBody(c, {
      startAt: last.startAt.toISOString(),
      endAt: last.endAt.toISOString(),
      students: [{ studentId: cleo, hourlyRate: '26' }],
    });
    const res = await c.operator.put(`/api/schedules/${last.id}`, { ...body, rateScope: 'all' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const row of classes.slice(0, 2))
      expect(await chargesOf(row.id, cleo)).toEqual([
        ['CLASS_CHARGE', '-20.00', 1, 'Class confirmed'],
        ['CHARGE_REVERSAL', '20.00', 1, 'Class changed'],
        ['CLASS_CHARGE', '-26.00', 2, 'Class changed'],
      ]);
    // The class not yet confirmed owes nothing yet.
    expect(await chargesOf(last.id, cleo)).toEqual([]);
  });

  it('cancelling a completed class reverses its charges', async () => {
    const cleo = c.students[0].id;
    const planned = await classAt(-90, 60, { students: [{ studentId: cleo, hourlyRate: '12.34' }] });
    await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    const start = await balanceOf(cleo);
    expect((await c.operator.post(`/api/schedules/${planned.id}/cancel`, {})).status).toBe(200);
    expect(await chargesOf(planned.id, cleo)).toEqual([
      ['CLASS_CHARGE', '-12.34', 1, 'Class confirmed'],
      ['CHARGE_REVERSAL', '12.34', 1, 'Class cancelled'],
    ]);
    expect(await balanceOf(cleo)).toBe(((Math.round(Number(start) * 100) + 1234) / 100).toFixed(2));
  });

  it('the database refuses a second live charge even when code does not check', async () => {
    const cleo = c.students[0].id;
    const planned = await classAt(-80, 60, { students: [{ studentId: cleo, hourlyRate: '10' }] });
    await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    const charge = await ctx.prisma.voucherLedgerEntry.findFirstOrThrow({ where: { scheduleId: planned.id } });
    const copy = {
      organisationId: charge.organisationId,
      studentId: cleo,
      kind: 'CLASS_CHARGE' as const,
      amount: charge.amount,
      balanceAfter: charge.balanceAfter,
      entryDate: charge.entryDate,
      createdById: charge.createdById,
      scheduleId: planned.id,
    };
    await expect(ctx.prisma.voucherLedgerEntry.create({ data: { ...copy, chargeSeq: 1 } })).rejects.toThrow();
    await expect(ctx.prisma.voucherLedgerEntry.create({ data: { ...copy, chargeSeq: 2 } })).rejects.toThrow();
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('concurrency (PostgreSQL)', () => {
  it('10 concurrent confirmations of one class make one confirmation and one charge per student', async () => {
    const planned = await classAt(-100, 60, group(['40', '30', '20']));
    const before = await Promise.all(c.students.map((s) => balanceOf(s.id)));
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? c.ann.caller.post(`/api/my-schedules/${planned.id}/confirm`, {})
          : c.operator.post(`/api/schedules/${planned.id}/confirm`, {}),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const due = [4000, 3000, 2000];
    for (const [i, s] of c.students.entries()) {
      expect(await chargesOf(planned.id, s.id)).toEqual([
        ['CLASS_CHARGE', `-${due[i] / 100}.00`, 1, 'Class confirmed'],
      ]);
      expect(await balanceOf(s.id)).toBe(((Math.round(Number(before[i]) * 100) - due[i]) / 100).toFixed(2));
    }
  });

  it('concurrent reopen / confirm / attendance changes never leave two live charges', async () => {
    const cleo = c.students[0].id;
    const planned = await classAt(-110, 60, { students: [{ studentId: cleo, hourlyRate: '50' }] });
    await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    const url = `/api/schedules/${planned.id}`;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        [
          () => c.operator.post(`${url}/reopen`, {}),
          () => c.operator.post(`${url}/confirm`, {}),
          () => c.operator.put(`${url}/students/${cleo}/attendance`, { attendance: i % 2 ? 'ABSENT' : 'ATTENDED' }),
        ][i % 3](),
      ),
    );
    const entries = await ctx.prisma.voucherLedgerEntry.findMany({
      where: { scheduleId: planned.id, studentId: cleo },
    });
    const charges = entries.filter((e) => e.kind === 'CLASS_CHARGE').length;
    const reversals = entries.filter((e) => e.kind === 'CHARGE_REVERSAL').length;
    expect(charges - reversals).toBeGreaterThanOrEqual(0);
    expect(charges - reversals).toBeLessThanOrEqual(1);
    const row = await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: planned.id }, include: { students: true } });
    const live = row.status === 'COMPLETED' && row.students[0].attendance === 'ATTENDED' ? 1 : 0;
    expect(charges - reversals).toBe(live);
    await balanceOf(cleo);
  });
});
