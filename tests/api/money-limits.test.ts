// Money limits (issue 20, finding 4): every amount a person enters has a limit, and a sum that would
// leave Decimal(12,2) (or a balance past its cap) is a 4xx naming the field, with nothing written.
// Before, each case below overflowed a column: a 500, and a class at the maximum rate could never be
// confirmed. Limits: src/contracts/common.ts.
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOUNT_MAX_MESSAGE, RATE_MAX_MESSAGE, STUDENT_PRICE_MAX_MESSAGE } from '../../src/contracts/common';
import type { TSchedule } from '../../src/contracts/schedules';
import { fieldsOf } from '../support/course-factories';
import { moneySnapshot, voucherPurchaseBody } from '../support/money-factories';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { teacherBody } from '../support/staff-factories';
import { studentBody } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
});
afterAll(() => ctx.close());

const TOO_MUCH = '9999999999.99';
const messageOf = (body: { fieldErrors?: { field: string; message: string }[] }, field: string) =>
  body.fieldErrors?.find((f) => f.field === field)?.message;

/** A request that must be refused with `status`, naming `field`, leaving every money table as it was. */
async function refused(send: () => Promise<request.Response>, status: number, field: string, message?: string) {
  const before = await moneySnapshot(ctx.prisma);
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(fieldsOf(res.body)).toContain(field);
  if (message) expect(messageOf(res.body, field)).toBe(message);
  expect(await moneySnapshot(ctx.prisma)).toEqual(before);
  return res;
}

async function classAt(hoursAgo: number, minutes: number, over: Parameters<typeof classBody>[1] = {}) {
  const startAt = hoursFromNow(-hoursAgo);
  const endAt = new Date(Date.parse(startAt) + minutes * 60_000).toISOString();
  const res = await c.operator.post('/api/schedules', classBody(c, { startAt, endAt, ...over }));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.schedule as TSchedule;
}

describe('amounts a person enters', () => {
  it('refuses a voucher, gift, refund or adjustment above 100,000,000.00, naming the field', async () => {
    const sid = c.students[2].id;
    const post = (over: Record<string, unknown>) => () =>
      c.admin.post('/api/voucher-purchases', voucherPurchaseBody(sid, over));
    await refused(post({ voucherAmount: TOO_MUCH, giftAmount: TOO_MUCH }), 400, 'voucherAmount', AMOUNT_MAX_MESSAGE);
    await refused(post({ voucherAmount: '100000000.01' }), 400, 'voucherAmount', AMOUNT_MAX_MESSAGE);
    await refused(post({ giftAmount: '100000000.01' }), 400, 'giftAmount', AMOUNT_MAX_MESSAGE);
    await refused(post({ type: 'REFUND', voucherAmount: TOO_MUCH }), 400, 'voucherAmount', AMOUNT_MAX_MESSAGE);
    await refused(post({ type: 'ADJUSTMENT', voucherAmount: `-${TOO_MUCH}` }), 400, 'voucherAmount');
    // In Chinese for a zh-CN reader.
    const zh = await c.admin
      .post('/api/voucher-purchases', voucherPurchaseBody(sid, { voucherAmount: TOO_MUCH }))
      .set('Accept-Language', 'zh-CN');
    expect(messageOf(zh.body, 'voucherAmount')).toBe('金额最多为 100,000,000.00');
    // The limit itself is accepted.
    const most = await c.admin.post(
      '/api/voucher-purchases',
      voucherPurchaseBody(sid, { voucherAmount: '100000000.00', giftAmount: '100000000' }),
    );
    expect(most.status).toBe(201);
    expect(most.body.balanceAfter).toBe('200000000.00');
  });

  it('refuses hourly rates and class prices above 1,000,000.00 on students, teachers and classes', async () => {
    await refused(
      () => c.operator.post('/api/students', studentBody({ hourlyRate: TOO_MUCH })),
      400,
      'hourlyRate',
      RATE_MAX_MESSAGE,
    );
    await refused(
      () => c.admin.post('/api/teachers', teacherBody({ hourlyRate: '1000000.01' })),
      400,
      'hourlyRate',
      RATE_MAX_MESSAGE,
    );
    const startAt = hoursFromNow(24);
    const endAt = hoursFromNow(25);
    const base = { startAt, endAt };
    const cases: [Parameters<typeof classBody>[1], string][] = [
      [{ hourlyRate: TOO_MUCH }, 'hourlyRate'],
      [{ teacherHourlyRate: TOO_MUCH }, 'teacherHourlyRate'],
      [{ price: '1000000.01' }, 'price'],
      [{ students: [{ studentId: c.students[0].id, hourlyRate: TOO_MUCH }] }, 'students.0.hourlyRate'],
    ];
    for (const [over, field] of cases) {
      const before = await ctx.prisma.schedule.count();
      const res = await c.operator.post('/api/schedules', classBody(c, { ...base, ...over }));
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body), field).toContain(field);
      expect(await ctx.prisma.schedule.count()).toBe(before);
    }
    const threshold = await c.admin.put('/api/organisation/low-balance-threshold', {
      lowBalanceThreshold: TOO_MUCH,
    });
    expect(threshold.status).toBe(400);
    expect(fieldsOf(threshold.body)).toEqual(['lowBalanceThreshold']);
  });
});

describe('voucher balances', () => {
  it('refuses a purchase that would take a balance past 1,000,000,000.00; a move back is allowed', async () => {
    const sid = c.students[1].id;
    // Five purchases at the maximum, with the maximum gift: exactly the cap.
    for (let i = 0; i < 5; i += 1) {
      const res = await c.admin.post(
        '/api/voucher-purchases',
        voucherPurchaseBody(sid, { voucherAmount: '100000000', giftAmount: '100000000' }),
      );
      expect(res.status).toBe(201);
    }
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: sid } })).voucherBalance.toFixed(2)).toBe(
      '1000000000.00',
    );
    const res = await refused(
      () => c.admin.post('/api/voucher-purchases', voucherPurchaseBody(sid, { voucherAmount: '0.01' })),
      400,
      'voucherAmount',
    );
    expect(res.body.errorMessage).toContain('The voucher balance would be 1000000000.01');
    await refused(
      () => c.admin.post('/api/voucher-purchases', voucherPurchaseBody(sid, { voucherAmount: '0', giftAmount: '5' })),
      400,
      'voucherAmount',
    );
    const back = await c.admin.post(
      '/api/voucher-purchases',
      voucherPurchaseBody(sid, { type: 'ADJUSTMENT', voucherAmount: '-0.01' }),
    );
    expect(back.status).toBe(201);
    expect(back.body.balanceAfter).toBe('999999999.99');
  });

  it('confirms a 12-hour class at the maximum rate, and refuses a package that would cost over 100,000,000.00', async () => {
    const cleo = c.students[0];
    const planned = await classAt(13, 12 * 60, { students: [{ studentId: cleo.id, hourlyRate: '1000000' }] });
    const res = await c.operator.post(`/api/schedules/${planned.id}/confirm`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const charge = await ctx.prisma.voucherLedgerEntry.findFirstOrThrow({
      where: { scheduleId: planned.id, studentId: cleo.id, kind: 'CLASS_CHARGE' },
    });
    expect(charge.amount.toFixed(2)).toBe('-12000000.00');
    // Her usual class is now 12,000,000.00: 9 of them are 108,000,000.00, over the amount limit.
    const res9 = await refused(
      () => c.admin.post('/api/voucher-purchases', voucherPurchaseBody(cleo.id, { classCount: 9 })),
      400,
      'classCount',
    );
    expect(res9.body.errorMessage).toContain('This package would cost 108000000.00');
    const eight = await c.admin.post('/api/voucher-purchases', voucherPurchaseBody(cleo.id, { classCount: 8 }));
    expect(eight.status).toBe(201);
    expect(eight.body.voucherAmount).toBe('96000000.00');
  });

  it('refuses to confirm a class whose charge would take a balance past the cap (a rate saved before the limits)', async () => {
    const dan = c.students[2];
    const planned = await classAt(40, 12 * 60, { students: [{ studentId: dan.id, hourlyRate: '10' }] });
    // A rate from before the limits: 12 h of it is over 10^11, which no column holds.
    await ctx.prisma.scheduleStudent.updateMany({ where: { scheduleId: planned.id }, data: { hourlyRate: TOO_MUCH } });
    const res = await refused(() => c.operator.post(`/api/schedules/${planned.id}/confirm`, {}), 400, 'students');
    expect(res.body.errorMessage).toContain('a voucher balance stays from -1,000,000,000.00 to 1,000,000,000.00');
    expect((await ctx.prisma.schedule.findUniqueOrThrow({ where: { id: planned.id } })).status).toBe('PLANNED');
  });
});

describe('platform credit and invoices', () => {
  it('refuses a credit ADD above 100,000,000.00 or past a balance of 1,000,000,000.00', async () => {
    const organisationId = c.centre.id;
    const add = (amount: string) => () =>
      c.system.post('/api/billing/credit-ledger', { organisationId, type: 'ADD', amount });
    await refused(add(TOO_MUCH), 400, 'amount', AMOUNT_MAX_MESSAGE);
    await refused(
      () => c.system.post('/api/billing/credit-ledger', { organisationId, type: 'ADJUST', amount: TOO_MUCH }),
      400,
      'amount',
      AMOUNT_MAX_MESSAGE,
    );
    for (let i = 0; i < 10; i += 1) expect((await add('100000000')()).status).toBe(201);
    const res = await refused(add('0.01'), 400, 'amount');
    expect(res.body.errorMessage).toContain('The credit balance would be 1000000000.01');
    const zh = await add('0.01')().set('Accept-Language', 'zh-CN');
    expect(messageOf(zh.body, 'amount')).toBe('余额将变为 1000000000.01：余额最多为 1,000,000,000.00');
    expect(
      (await c.system.post('/api/billing/credit-ledger', { organisationId, type: 'ADJUST', amount: '0' })).status,
    ).toBe(201);
  });

  it('refuses a price per student above 1,000.00; 1,000,000 students at 1,000.00 with tax fit an invoice', async () => {
    const put = (body: object) => c.system.put('/api/billing/settings', body);
    const tooDear = await put({
      minimumCharge: '30',
      dueDays: 14,
      tiers: [{ fromStudents: 0, pricePerStudent: TOO_MUCH }],
    });
    expect(tooDear.status).toBe(400);
    expect(fieldsOf(tooDear.body)).toEqual(['tiers.0.pricePerStudent']);
    expect(messageOf(tooDear.body, 'tiers.0.pricePerStudent')).toBe(STUDENT_PRICE_MAX_MESSAGE);
    const minimum = await put({
      minimumCharge: TOO_MUCH,
      dueDays: 14,
      tiers: [{ fromStudents: 0, pricePerStudent: '1' }],
    });
    expect(minimum.status).toBe(400);
    expect(fieldsOf(minimum.body)).toEqual(['minimumCharge']);

    expect(
      (await put({ minimumCharge: '100000000', dueDays: 14, tiers: [{ fromStudents: 0, pricePerStudent: '1000' }] }))
        .status,
    ).toBe(200);
    const centre = await ctx.prisma.organisation.create({ data: { name: 'Big centre', taxRate: '0.999999' } });
    const invoice = (periodStart: string, periodEnd: string) => () =>
      c.system.post('/api/billing/invoices', {
        organisationId: centre.id,
        periodStart,
        periodEnd,
        invoiceDate: '2026-02-01',
        quantity: 1_000_000,
      });
    const res = await invoice('2026-01-01', '2026-01-31')();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 1,000,000 x 1,000.00 = 1,000,000,000.00; tax 99.9999 % = 999,999,000.00.
    expect(res.body).toMatchObject({ subtotal: '1000000000.00', tax: '999999000.00', total: '1999999000.00' });

    // A price list saved before the limits is refused (409 naming the tier), not a 500.
    await ctx.prisma.platformPriceTier.updateMany({ data: { pricePerStudent: TOO_MUCH } });
    await refused(invoice('2025-12-01', '2025-12-31'), 409, 'tiers.0.pricePerStudent', STUDENT_PRICE_MAX_MESSAGE);
    expect(
      (
        await put({
          minimumCharge: '30',
          dueDays: 14,
          tiers: [
            { fromStudents: 0, pricePerStudent: '3' },
            { fromStudents: 101, pricePerStudent: '2.5' },
            { fromStudents: 501, pricePerStudent: '2' },
          ],
        })
      ).status,
    ).toBe(200);
  });
});

describe('payroll', () => {
  it('refuses to close a month whose pay would total over 9,999,999,999.99, writing nothing', async () => {
    const organisationId = c.centre.id;
    const courseId = (await createCourseRow(ctx.prisma, organisationId, 'Marathon')).id;
    // 834 twelve-hour classes at 1,000,000.00 an hour: each pays 12,000,000.00 (it fits), the month
    // 10,008,000,000.00 (it does not). Overlapping classes need an override, but they can exist.
    const start = Date.parse('2025-04-01T12:00:00Z');
    await ctx.prisma.schedule.createMany({
      data: Array.from({ length: 834 }, (_, i) => {
        const startAt = new Date(start + (i % 28) * 86_400_000);
        const endAt = new Date(startAt.getTime() + 12 * 3_600_000);
        return {
          organisationId,
          teacherId: c.ann.id,
          courseId,
          courseType: 'GROUP' as const,
          status: 'COMPLETED' as const,
          startAt,
          endAt,
          teacherStartAt: startAt,
          teacherEndAt: endAt,
          paymentType: 'CASH' as const,
          teacherHourlyRate: '1000000',
        };
      }),
    });
    const res = await refused(
      () => c.admin.post('/api/payroll/close', { month: '2025-04', acknowledgeBlockers: true }),
      400,
      'month',
    );
    expect(res.body.errorMessage).toContain('The pay of 2025-04 would total 10008000000.00');
    // A month that fits closes: one such class.
    await createClassRow(ctx.prisma, {
      organisationId,
      teacherId: c.ann.id,
      courseId,
      startAt: '2025-05-05T12:00:00Z',
      endAt: '2025-05-06T00:00:00Z',
      status: 'COMPLETED',
      teacherHourlyRate: '1000000',
    });
    const may = await c.admin.post('/api/payroll/close', { month: '2025-05', acknowledgeBlockers: true });
    expect(may.status, JSON.stringify(may.body)).toBe(201);
    expect(may.body.totalAmount).toBe('12000000.00');
  });
});
