import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_AMOUNT_MESSAGE,
  GIFT_ONLY_ON_PURCHASE_MESSAGE,
  PURCHASE_AMOUNT_MESSAGE,
  REFUND_AMOUNT_MESSAGE,
  REFUND_BEYOND_BALANCE_KEY,
} from '../../src/contracts/vouchers';
import { callerWith, createStudent, createTeacher, fieldsOf, xlsxRows } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createClassRow, createCourseRow } from '../support/schedule-rows';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createCentreWithStaff>>;
let second: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;
let operator: ReturnType<typeof callerWith>;
let otherAdmin: ReturnType<typeof callerWith>;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createCentreWithStaff(ctx);
  second = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, first.tokens.admin);
  operator = callerWith(ctx.app, first.tokens.operator);
  otherAdmin = callerWith(ctx.app, second.tokens.admin);
});
afterAll(() => ctx.close());

const newStudent = (organisationId = first.centre.id) => createStudent(ctx.prisma, organisationId);
const purchase = (studentId: number, over: Record<string, unknown> = {}) => ({
  studentId,
  type: 'PURCHASE',
  purchaseDate: '2026-03-02',
  voucherAmount: '500.00',
  giftAmount: '50.00',
  paymentMethod: 'CARD',
  comments: 'Spring pack',
  idempotencyKey: randomUUID(),
  ...over,
});
const counts = async () => ({
  purchases: await ctx.prisma.voucherPurchase.count(),
  entries: await ctx.prisma.voucherLedgerEntry.count(),
});
const ledgerOf = (studentId: number, query: Record<string, string | number> = {}) =>
  admin.get(`/api/students/${studentId}/ledger`, { pageSize: 100, ...query });

describe('POST /api/voucher-purchases', () => {
  it('records a purchase with a gift as two ledger entries and a running balance', async () => {
    const sam = await newStudent();
    const res = await operator.post('/api/voucher-purchases', purchase(sam.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      student: { id: sam.id, studentId: sam.studentId },
      type: 'PURCHASE',
      purchaseDate: '2026-03-02',
      voucherAmount: '500.00',
      giftAmount: '50.00',
      paymentMethod: 'CARD',
      comments: 'Spring pack',
      enteredBy: { id: first.operator.id },
      balanceAfter: '550.00',
    });
    const refund = await admin.post(
      '/api/voucher-purchases',
      purchase(sam.id, { type: 'REFUND', voucherAmount: '120.10', giftAmount: '0' }),
    );
    expect(refund.body.balanceAfter).toBe('429.90');
    const adjust = await admin.post(
      '/api/voucher-purchases',
      purchase(sam.id, { type: 'ADJUSTMENT', voucherAmount: '-0.05', giftAmount: '' }),
    );
    expect(adjust.body.balanceAfter).toBe('429.85');

    const ledger = await ledgerOf(sam.id);
    expect(ledger.status).toBe(200);
    expect(
      ledger.body.data.map((e: { kind: string; amount: string; balanceAfter: string }) => [
        e.kind,
        e.amount,
        e.balanceAfter,
      ]),
    ).toEqual([
      ['ADJUSTMENT', '-0.05', '429.85'],
      ['REFUND', '-120.10', '429.90'],
      ['GIFT', '50.00', '550.00'],
      ['PURCHASE', '500.00', '500.00'],
    ]);
    expect(ledger.body.data[3]).toMatchObject({ purchaseId: res.body.id, entryDate: '2026-03-02', scheduleId: null });
    expect(ledger.body.totals).toEqual({
      balance: '429.85',
      totalPurchased: '500.00',
      totalGift: '50.00',
      totalPaidFromVoucher: '0.00',
      totalRefunded: '120.10',
      totalAdjusted: '-0.05',
      voucherBalance: '429.85',
      usualClassCharge: null,
      classesLeft: null,
    });
    const stored = await ctx.prisma.student.findUniqueOrThrow({ where: { id: sam.id } });
    expect(stored.voucherBalance.toFixed(2)).toBe('429.85');
  });

  it('a retry with the same key returns the same purchase and writes nothing; another body is a 409', async () => {
    const sam = await newStudent();
    const body = purchase(sam.id);
    const once = await admin.post('/api/voucher-purchases', body);
    const before = await counts();
    const again = await operator.post('/api/voucher-purchases', { ...body, voucherAmount: 500 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(once.body);
    expect(await counts()).toEqual(before);

    const other = await admin.post('/api/voucher-purchases', { ...body, voucherAmount: '400.00' });
    expect(other.status).toBe(409);
    expect(fieldsOf(other.body)).toEqual(['idempotencyKey']);
    const otherStudent = await admin.post('/api/voucher-purchases', { ...body, studentId: (await newStudent()).id });
    expect(otherStudent.status).toBe(409);
    expect(await counts()).toEqual(before);
    // Keys are per centre: another centre may use the same one.
    const foreign = await otherAdmin.post('/api/voucher-purchases', {
      ...body,
      studentId: (await newStudent(second.centre.id)).id,
    });
    expect(foreign.status).toBe(201);
    expect(foreign.body.id).not.toBe(once.body.id);
  });

  it('refuses bad amounts naming the field, and writes nothing', async () => {
    const sam = await newStudent();
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ voucherAmount: '-1' }, 'voucherAmount', PURCHASE_AMOUNT_MESSAGE],
      [{ voucherAmount: '0', giftAmount: '0' }, 'voucherAmount', PURCHASE_AMOUNT_MESSAGE],
      [{ giftAmount: '-5' }, 'giftAmount', PURCHASE_AMOUNT_MESSAGE],
      [{ type: 'REFUND', giftAmount: '0', voucherAmount: '-3' }, 'voucherAmount', REFUND_AMOUNT_MESSAGE],
      [{ type: 'REFUND', giftAmount: '10' }, 'giftAmount', GIFT_ONLY_ON_PURCHASE_MESSAGE],
      [{ type: 'ADJUSTMENT', giftAmount: '0', voucherAmount: '0.00' }, 'voucherAmount', ADJUSTMENT_AMOUNT_MESSAGE],
    ];
    for (const [over, field, message] of cases) {
      const res = await admin.post('/api/voucher-purchases', purchase(sam.id, over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field, message }]);
    }
    for (const [field, value] of [
      ['voucherAmount', '1.005'],
      ['voucherAmount', 12.345],
      ['voucherAmount', '1e3'],
      ['voucherAmount', '99999999999'],
      ['giftAmount', 'ten'],
      ['purchaseDate', '2026-02-30'],
      ['type', 'GIFT'],
      ['idempotencyKey', 'not-a-uuid'],
      ['studentId', 0],
      ['paymentMethod', 'x'.repeat(51)],
    ] as const) {
      const res = await admin.post('/api/voucher-purchases', purchase(sam.id, { [field]: value }));
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body), `${field}=${value}`).toEqual([field]);
    }
    const missing = await admin.post('/api/voucher-purchases', {});
    expect(fieldsOf(missing.body)).toEqual(['idempotencyKey', 'purchaseDate', 'studentId', 'type', 'voucherAmount']);
    const foreign = await admin.post('/api/voucher-purchases', purchase((await newStudent(second.centre.id)).id));
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['studentId']);
    expect(await counts()).toEqual(before);
  });

  it('is refused to teachers and system users (403), and needs sign-in', async () => {
    const sam = await newStudent();
    for (const token of [first.tokens.teacher, first.tokens.system]) {
      const caller = callerWith(ctx.app, token);
      expect((await caller.post('/api/voucher-purchases', purchase(sam.id))).status).toBe(403);
      expect((await caller.get('/api/voucher-purchases')).status).toBe(403);
      expect((await caller.get(`/api/students/${sam.id}/ledger`)).status).toBe(403);
    }
    expect((await request(ctx.app).get('/api/voucher-purchases')).status).toBe(401);
  });
});

describe('a refund larger than the balance (issue 20, finding 13)', () => {
  it('is refused saying what the balance would become, and only an admin can confirm it', async () => {
    const sam = await newStudent();
    await operator
      .post('/api/voucher-purchases', purchase(sam.id, { voucherAmount: '20.00', giftAmount: '0' }))
      .expect(201);
    const before = await counts();
    const refund = (over: Record<string, unknown> = {}) =>
      purchase(sam.id, { type: 'REFUND', voucherAmount: '99999999.99', giftAmount: '0', ...over });

    const asked = await operator.post('/api/voucher-purchases', refund());
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ errorKey: REFUND_BEYOND_BALANCE_KEY });
    expect(asked.body.errorMessage).toBe(
      'This refund of 99999999.99 is more than the balance of 20.00: the balance would become -99999979.99. Only an admin can confirm it.',
    );
    expect(asked.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['voucherAmount']);
    const operatorConfirms = await operator.post('/api/voucher-purchases', refund({ beyondBalance: true }));
    expect(operatorConfirms.status).toBe(403);
    expect(operatorConfirms.body.errorMessage).toBe('Only an admin can refund more than the balance');
    expect(await counts()).toEqual(before);

    // Up to the balance needs no confirmation; beyond it, an admin's confirmation posts it.
    const within = await operator.post('/api/voucher-purchases', refund({ voucherAmount: '20.00' }));
    expect(within.status).toBe(201);
    expect(within.body.balanceAfter).toBe('0.00');
    const confirmed = await admin.post(
      '/api/voucher-purchases',
      refund({ voucherAmount: '15.00', beyondBalance: true }),
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.balanceAfter).toBe('-15.00');
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: sam.id } })).voucherBalance.toFixed(2)).toBe(
      '-15.00',
    );
  });

  it('says it in Chinese to a zh-CN reader', async () => {
    const sam = await newStudent();
    const res = await request(ctx.app)
      .post('/api/voucher-purchases')
      .set('Authorization', `Bearer ${first.tokens.operator}`)
      .set('Accept-Language', 'zh-CN')
      .send(purchase(sam.id, { type: 'REFUND', voucherAmount: '5.00', giftAmount: '0' }));
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('退款 5.00 超过余额 0.00：余额将变为 -5.00。只有管理员可以确认。');
  });
});

describe('GET /api/voucher-purchases', () => {
  it('filters by student, type and purchase dates, sorts, pages in the database and totals every filtered row', async () => {
    const [ann, bob] = [await newStudent(), await newStudent()];
    const add = (studentId: number, over: Record<string, unknown>) =>
      admin.post('/api/voucher-purchases', purchase(studentId, over)).expect(201);
    await add(ann.id, { purchaseDate: '2025-01-10', voucherAmount: '100.00', giftAmount: '10.00' });
    await add(ann.id, { purchaseDate: '2025-02-10', voucherAmount: '200.00', giftAmount: '0' });
    await add(ann.id, { purchaseDate: '2025-03-10', type: 'REFUND', voucherAmount: '30.00', giftAmount: '0' });
    await add(ann.id, { purchaseDate: '2025-04-10', type: 'ADJUSTMENT', voucherAmount: '-5.50', giftAmount: '0' });
    await add(bob.id, { purchaseDate: '2025-02-15', voucherAmount: '1000.00', giftAmount: '100.00' });

    const annList = await operator.get('/api/voucher-purchases', { studentId: ann.id, pageSize: 2 });
    expect(annList.status).toBe(200);
    expect(annList.body.total).toBe(4);
    expect(annList.body.data.map((p: { purchaseDate: string }) => p.purchaseDate)).toEqual([
      '2025-04-10',
      '2025-03-10',
    ]);
    // Totals cover all four rows, not the page: 100 + 200 - 30 - 5.50.
    expect(annList.body.totals).toEqual({ voucherAmount: '264.50', giftAmount: '10.00' });
    const page2 = await operator.get('/api/voucher-purchases', { studentId: ann.id, pageSize: 2, current: 2 });
    expect(page2.body.data.map((p: { purchaseDate: string }) => p.purchaseDate)).toEqual(['2025-02-10', '2025-01-10']);

    const feb = await operator.get('/api/voucher-purchases', {
      from: '2025-02-01',
      to: '2025-02-28',
      sortField: 'voucherAmount',
      sortOrder: 'ascend',
    });
    expect(feb.body.data.map((p: { voucherAmount: string }) => p.voucherAmount)).toEqual(['200.00', '1000.00']);
    expect(feb.body.totals).toEqual({ voucherAmount: '1200.00', giftAmount: '100.00' });
    const refunds = await operator.get('/api/voucher-purchases', { studentId: ann.id, type: 'REFUND' });
    expect(refunds.body).toMatchObject({ total: 1, totals: { voucherAmount: '-30.00', giftAmount: '0.00' } });

    // The same filtered rows as .xlsx, newest first, money typed, and the list's totals as a last row.
    const file = await operator.download('/api/voucher-purchases/export', { studentId: ann.id });
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain('voucher-purchases.xlsx');
    const rows = await xlsxRows(file.body);
    expect(rows[0]).toEqual([
      'Date',
      'Student ID',
      'Student',
      'Type',
      'Voucher Amount',
      'Gift Amount',
      'Payment Method',
      'Balance After',
      'Entered By',
      'Comments',
    ]);
    expect(rows.slice(1).map((r) => [r[3], r[4], r[5], r[7]])).toEqual([
      ['ADJUSTMENT', -5.5, 0, 274.5],
      ['REFUND', 30, 0, 280],
      ['PURCHASE', 200, 0, 310],
      ['PURCHASE', 100, 10, 110],
      [null, 264.5, 10, null],
    ]);
    expect(rows.at(-1)?.[1]).toBe('Total');
    // Another centre's export of this student has no rows, only zero totals.
    const foreignFile = await xlsxRows(
      (await otherAdmin.download('/api/voucher-purchases/export', { studentId: ann.id })).body,
    );
    expect(foreignFile.slice(1).map((r) => [r[1], r[4], r[5]])).toEqual([['Total', 0, 0]]);

    const foreign = await otherAdmin.get('/api/voucher-purchases', { studentId: ann.id });
    expect(foreign.body).toMatchObject({ total: 0, data: [], totals: { voucherAmount: '0.00', giftAmount: '0.00' } });
    for (const [field, value] of [
      ['type', 'GIFT'],
      ['from', '2025-13-01'],
      ['sortField', 'comments'],
      ['studentId', 'x'],
    ]) {
      const bad = await operator.get('/api/voucher-purchases', { [field]: value });
      expect(bad.status, field).toBe(400);
      expect(fieldsOf(bad.body)).toEqual([field]);
    }
  });

  it("GET /:id shows one purchase; another centre's is a 404", async () => {
    const sam = await newStudent();
    const made = await admin.post('/api/voucher-purchases', purchase(sam.id));
    const got = await operator.get(`/api/voucher-purchases/${made.body.id}`);
    const { receiptEmailedTo, ...saved } = made.body;
    expect(receiptEmailedTo).toBeNull(); // no message queue in this app
    expect(got.body).toEqual(saved);
    expect((await otherAdmin.get(`/api/voucher-purchases/${made.body.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`/api/students/${sam.id}/ledger`)).status).toBe(404);
    expect((await admin.get('/api/voucher-purchases/2147483647')).status).toBe(404);
  });
});

describe('GET /api/students/:id/ledger', () => {
  it('lists entries of the date range newest first, paged, with totals of the whole ledger', async () => {
    const sam = await newStudent();
    for (const [purchaseDate, voucherAmount] of [
      ['2025-01-05', '10.00'],
      ['2025-02-05', '20.00'],
      ['2025-03-05', '30.00'],
    ])
      await admin
        .post('/api/voucher-purchases', purchase(sam.id, { purchaseDate, voucherAmount, giftAmount: '0' }))
        .expect(201);
    const feb = await ledgerOf(sam.id, { from: '2025-02-01', to: '2025-03-31', pageSize: 1 });
    expect(feb.body.total).toBe(2);
    expect(feb.body.data).toHaveLength(1);
    expect(feb.body.data[0]).toMatchObject({ entryDate: '2025-03-05', amount: '30.00', balanceAfter: '60.00' });
    expect(feb.body.totals).toMatchObject({ balance: '60.00', totalPurchased: '60.00', voucherBalance: '60.00' });
    const bad = await ledgerOf(sam.id, { to: 'March' });
    expect([...new Set(fieldsOf(bad.body))]).toEqual(['to']);
  });
});

describe('the ledger in the database', () => {
  it('refuses UPDATE and DELETE of entries and purchases (append-only trigger)', async () => {
    const sam = await newStudent();
    const made = await admin.post('/api/voucher-purchases', purchase(sam.id));
    await expect(
      ctx.prisma.$executeRaw`UPDATE "VoucherLedgerEntry" SET "amount" = 1 WHERE "purchaseId" = ${made.body.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.prisma.$executeRaw`DELETE FROM "VoucherLedgerEntry" WHERE "purchaseId" = ${made.body.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.prisma.$executeRaw`UPDATE "VoucherPurchase" SET "comments" = 'x' WHERE "id" = ${made.body.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(ctx.prisma.$executeRaw`DELETE FROM "VoucherPurchase" WHERE "id" = ${made.body.id}`).rejects.toThrow(
      /append-only/,
    );
    expect(await ctx.prisma.voucherLedgerEntry.count({ where: { purchaseId: made.body.id } })).toBe(2);
  });

  it('allows one live class charge per (class, student): a second needs the reversal of the first', async () => {
    const sam = await newStudent();
    const teacher = await createTeacher(ctx.prisma, first.centre.id);
    const course = await createCourseRow(ctx.prisma, first.centre.id, 'Ledger course');
    const lesson = await createClassRow(ctx.prisma, {
      organisationId: first.centre.id,
      teacherId: teacher.id,
      courseId: course.id,
      startAt: '2026-03-02T20:00:00Z',
      endAt: '2026-03-02T21:00:00Z',
      status: 'COMPLETED',
      paymentType: 'VOUCHER',
      students: [{ id: sam.id, attendance: 'ATTENDED' }],
    });
    const insert = (kind: string, amount: string, chargeSeq: number, reversesId: number | null = null) =>
      ctx.prisma.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO "VoucherLedgerEntry" ("organisationId", "studentId", "kind", "amount", "balanceAfter", "entryDate", "createdById", "scheduleId", "chargeSeq", "reversesId")
         VALUES ($1, $2, $3::"VoucherLedgerKind", $4::numeric, 0, DATE '2026-03-02', $5, $6, $7, $8) RETURNING "id"`,
        first.centre.id,
        sam.id,
        kind,
        amount,
        first.admin.id,
        lesson.id,
        chargeSeq,
        reversesId,
      );
    const [charge] = await insert('CLASS_CHARGE', '-40.00', 1);
    // The same charge again (a double confirmation) and a charge 2 before any reversal are refused.
    await expect(insert('CLASS_CHARGE', '-40.00', 1)).rejects.toThrow();
    await expect(insert('CLASS_CHARGE', '-40.00', 2)).rejects.toThrow(/needs the reversal/);
    const [reversal] = await insert('CHARGE_REVERSAL', '40.00', 1, charge?.id);
    await expect(insert('CHARGE_REVERSAL', '40.00', 1, charge?.id)).rejects.toThrow();
    const [second2] = await insert('CLASS_CHARGE', '-45.00', 2);
    expect(reversal && second2).toBeTruthy();
    await expect(insert('CLASS_CHARGE', '-45.00', 3)).rejects.toThrow(/needs the reversal/);
    const live = await ctx.prisma.$queryRaw<{ live: bigint }[]>`
      SELECT count(*) FILTER (WHERE "kind" = 'CLASS_CHARGE') - count(*) FILTER (WHERE "kind" = 'CHARGE_REVERSAL') AS live
      FROM "VoucherLedgerEntry" WHERE "scheduleId" = ${lesson.id} AND "studentId" = ${sam.id}`;
    expect(Number(live[0]?.live)).toBe(1);
    // A class charge must be a deduction, and must name its class.
    await expect(insert('CLASS_CHARGE', '40.00', 9)).rejects.toThrow();
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('concurrency (PostgreSQL)', () => {
  it('10 concurrent submissions with one key make one purchase and one set of entries', async () => {
    const sam = await newStudent();
    const body = purchase(sam.id);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => callerWith(ctx.app, first.tokens.operator).post('/api/voucher-purchases', body)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await ctx.prisma.voucherPurchase.count({ where: { studentId: sam.id } })).toBe(1);
    expect(await ctx.prisma.voucherLedgerEntry.count({ where: { studentId: sam.id } })).toBe(2);
    expect((await ctx.prisma.student.findUniqueOrThrow({ where: { id: sam.id } })).voucherBalance.toFixed(2)).toBe(
      '550.00',
    );
  });

  it('10 concurrent purchases of one student give a consistent running balance', async () => {
    const sam = await newStudent();
    const amounts = Array.from({ length: 10 }, (_, i) => `${i + 1}.25`);
    const replies = await Promise.all(
      amounts.map((voucherAmount) =>
        callerWith(ctx.app, first.tokens.admin).post(
          '/api/voucher-purchases',
          purchase(sam.id, { voucherAmount, giftAmount: '0' }),
        ),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    const entries = await ctx.prisma.voucherLedgerEntry.findMany({
      where: { studentId: sam.id },
      orderBy: { id: 'asc' },
    });
    let running = 0n; // cents, as integers
    for (const entry of entries) {
      running += BigInt(entry.amount.times(100).toFixed(0));
      expect(BigInt(entry.balanceAfter.times(100).toFixed(0))).toBe(running);
    }
    expect(running).toBe(5750n); // Σ (i + 1.25) for i = 0..9 = 57.50
    const student = await ctx.prisma.student.findUniqueOrThrow({ where: { id: sam.id } });
    expect(student.voucherBalance.toFixed(2)).toBe('57.50');
    // Each purchase saw its own balance: ten different points of one running sequence.
    expect(new Set(replies.map((r) => r.body.balanceAfter)).size).toBe(10);
  });
});
