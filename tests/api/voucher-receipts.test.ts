// Voucher purchases that never mislead (issue 19): payment methods from a list (built-in codes and the
// centre's own), yesterday's free text mapped by the migration's function, packages sold as N classes
// at the student's usual class charge (computed by the server), and a receipt per purchase: a PDF in
// the reader's language and, for a family with an address who allows email, an email with the PDF
// attached, queued with the purchase and sent through a real SMTP exchange.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { MessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { type MessageQueue, openMessageQueue } from '../../server/messaging/queue';
import { createTransports } from '../../server/messaging/transports';
import {
  PAYMENT_METHOD_BUILT_IN_MESSAGE,
  PAYMENT_METHOD_TWICE_MESSAGE,
  PAYMENT_METHOD_UNKNOWN_MESSAGE,
} from '../../src/contracts/voucher-payment-methods';
import { CLASS_PACKAGE_PURCHASE_MESSAGE, NO_USUAL_RATE_MESSAGE } from '../../src/contracts/vouchers';
import { callerWith, fieldsOf } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { testMessagingConfig } from '../support/messaging-config';
import { voucherPurchaseBody } from '../support/money-factories';
import { emailAttachment, pdfText } from '../support/pdf-text';
import { classBody, createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let queue: MessageQueue;
let smtp: SmtpStandIn;
let mailDir: string;
let c: ScheduleCentre;
let other: ReturnType<typeof callerWith>;

const config = (over: Partial<MessagingConfig> = {}): MessagingConfig => testMessagingConfig({ mailDir, ...over });

beforeAll(async () => {
  ctx = await createTestContext();
  mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-receipt-mail-'));
  smtp = await startSmtpStandIn();
  queue = await openMessageQueue(ctx.target, config());
  ctx.app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, sinKey: randomBytes(32), queue });
  c = await createScheduleCentre(ctx);
  await ctx.prisma.organisation.update({ where: { id: c.centre.id }, data: { name: 'Maple Tutoring' } });
  other = callerWith(ctx.app, (await createCentreWithStaff(ctx)).tokens.admin);
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await smtp?.close();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
  await ctx?.close();
});

const purchase = voucherPurchaseBody;
const counts = async () => ({
  purchases: await ctx.prisma.voucherPurchase.count(),
  entries: await ctx.prisma.voucherLedgerEntry.count(),
  messages: await ctx.prisma.message.count(),
});

describe('payment methods', () => {
  it('lists the built-in codes and the centre’s own; admins change their own, audited', async () => {
    expect((await c.operator.get('/api/settings/voucher-payment-methods', {})).body).toEqual({
      builtIn: ['CASH', 'CARD', 'E_TRANSFER', 'CHEQUE'],
      extras: [],
    });
    const put = await c.admin.put('/api/settings/voucher-payment-methods', { extras: [' WeChat Pay ', 'Gift card'] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.extras).toEqual(['WeChat Pay', 'Gift card']);
    const audit = await ctx.prisma.auditEvent.findFirst({
      where: { organisationId: c.centre.id, entityType: 'ORGANISATION' },
      orderBy: { id: 'desc' },
    });
    expect(JSON.stringify(audit?.after)).toContain('WeChat Pay');
  });

  it('refuses bad lists naming the entry, and changes nothing', async () => {
    for (const [extras, message] of [
      [['e-transfer'], PAYMENT_METHOD_BUILT_IN_MESSAGE],
      [['Venmo', 'venmo'], PAYMENT_METHOD_TWICE_MESSAGE],
      [['x'.repeat(51)], 'A payment method is 1 to 50 characters'],
      [[''], 'A payment method is 1 to 50 characters'],
    ] as const) {
      const res = await c.admin.put('/api/settings/voucher-payment-methods', { extras });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toContainEqual(expect.objectContaining({ message }));
      expect(fieldsOf(res.body)[0]).toMatch(/^extras\.\d$/);
    }
    expect((await c.admin.put('/api/settings/voucher-payment-methods', {})).status).toBe(400);
    const centre = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: c.centre.id } });
    expect(centre.voucherPaymentMethods).toEqual(['WeChat Pay', 'Gift card']);
  });

  it('operators read but do not change them; teachers and the platform get 403', async () => {
    expect((await c.operator.put('/api/settings/voucher-payment-methods', { extras: [] })).status).toBe(403);
    expect((await c.teacherLogin.get('/api/settings/voucher-payment-methods', {})).status).toBe(403);
    expect((await c.ann.caller.get('/api/settings/voucher-payment-methods', {})).status).toBe(403);
    expect((await c.system.get('/api/settings/voucher-payment-methods', {})).status).toBe(403);
  });

  it('a purchase names a built-in code or one of the centre’s own; anything else is a 400 naming the field', async () => {
    const [cleo] = c.students;
    expect(
      (await c.operator.post('/api/voucher-purchases', purchase(cleo.id, { paymentMethod: 'WeChat Pay' }))).status,
    ).toBe(201);
    expect(
      (await c.operator.post('/api/voucher-purchases', purchase(cleo.id, { paymentMethod: 'E_TRANSFER' }))).status,
    ).toBe(201);
    expect((await c.operator.post('/api/voucher-purchases', purchase(cleo.id, { paymentMethod: null }))).status).toBe(
      201,
    );
    const before = await counts();
    for (const paymentMethod of ['Bitcoin', 'cash', 'wechat pay']) {
      const res = await c.operator.post('/api/voucher-purchases', purchase(cleo.id, { paymentMethod }));
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual([{ field: 'paymentMethod', message: PAYMENT_METHOD_UNKNOWN_MESSAGE }]);
    }
    // Another centre's own method is not this centre's.
    await other.put('/api/settings/voucher-payment-methods', { extras: ['Bitcoin'] });
    expect(
      (await c.operator.post('/api/voucher-purchases', purchase(cleo.id, { paymentMethod: 'Bitcoin' }))).status,
    ).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('the migration maps yesterday’s free text to codes and keeps every other value as the centre’s own', async () => {
    const [, dan] = c.students;
    const legacy = ['cash', ' Credit Card', 'debit', 'Interac', 'e-Transfer', 'CHECK', 'cheque ', 'Venmo', 'PayPal  '];
    await ctx.prisma.voucherPurchase.createMany({
      data: legacy.map((paymentMethod) => ({
        organisationId: c.centre.id,
        studentId: dan.id,
        type: 'PURCHASE' as const,
        purchaseDate: new Date('2025-01-15'),
        voucherAmount: '10.00',
        balanceAfter: '0.00',
        paymentMethod,
        enteredById: c.users.operator.id,
        idempotencyKey: randomUUID(),
      })),
    });
    await ctx.prisma.$executeRawUnsafe('SELECT "map_voucher_payment_methods"()');
    const list = await c.operator.get('/api/voucher-purchases', {
      studentId: dan.id,
      pageSize: 50,
      sortField: 'createdAt',
      sortOrder: 'ascend',
    });
    expect(list.body.data.map((p: { paymentMethod: string }) => p.paymentMethod)).toEqual([
      'CASH',
      'CARD',
      'CARD',
      'E_TRANSFER',
      'E_TRANSFER',
      'CHEQUE',
      'CHEQUE',
      'Venmo',
      'PayPal',
    ]);
    expect(list.body.total).toBe(legacy.length);
    const methods = await c.operator.get('/api/settings/voucher-payment-methods', {});
    expect(methods.body.extras).toEqual(expect.arrayContaining(['Venmo', 'PayPal', 'WeChat Pay', 'Gift card']));
    expect(methods.body.extras).toHaveLength(4);
    // Every kept value is valid for a new purchase, and the purchases stay append-only.
    expect((await c.operator.post('/api/voucher-purchases', purchase(dan.id, { paymentMethod: 'Venmo' }))).status).toBe(
      201,
    );
    await expect(ctx.prisma.$executeRaw`UPDATE "VoucherPurchase" SET "comments" = 'x'`).rejects.toThrow(/append-only/);
  });
});

describe('a package of N classes', () => {
  it('needs a usual class rate: without one it is a 400 naming classCount, nothing written', async () => {
    const [, , eve] = c.students;
    const before = await counts();
    const res = await c.operator.post('/api/voucher-purchases', purchase(eve.id, { classCount: 10 }));
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual([{ field: 'classCount', message: NO_USUAL_RATE_MESSAGE }]);
    expect(await counts()).toEqual(before);
  });

  it('is computed by the server at the last class charge, ignoring a forged amount, and stored for the receipt', async () => {
    const [cleo] = c.students;
    // A taught 90-minute VOUCHER class at 40.00 an hour: Cleo's usual class is 60.00.
    const startAt = hoursFromNow(-48);
    const endAt = new Date(Date.parse(startAt) + 90 * 60_000).toISOString();
    const made = await c.operator.post(
      '/api/schedules',
      classBody(c, { startAt, endAt, students: [{ studentId: cleo.id, hourlyRate: '40' }] }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await c.operator.post(`/api/schedules/${made.body.schedule.id}/confirm`, {})).status).toBe(200);
    const before = (await c.operator.get(`/api/students/${cleo.id}/ledger`, {})).body.totals;
    expect(before.usualClassCharge).toBe('60.00');

    const key = randomUUID();
    const body = purchase(cleo.id, { classCount: 10, voucherAmount: '1.00', giftAmount: '20', idempotencyKey: key });
    const res = await c.operator.post('/api/voucher-purchases', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      voucherAmount: '600.00',
      giftAmount: '20.00',
      classCount: 10,
      classRate: '60.00',
    });
    const expected = (Number(before.voucherBalance) + 620).toFixed(2);
    expect(res.body.balanceAfter).toBe(expected);
    // A retry of the same package (whatever amount it sends) is the same purchase; another count is a 409.
    const again = await c.operator.post('/api/voucher-purchases', { ...body, voucherAmount: '600.00' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(res.body.id);
    expect((await c.operator.post('/api/voucher-purchases', { ...body, classCount: 11 })).status).toBe(409);
    const after = (await c.operator.get(`/api/students/${cleo.id}/ledger`, {})).body.totals;
    expect(after.voucherBalance).toBe(expected);
    expect(after.classesLeft).toBe(Math.floor(Number(expected) / 60));
  });

  it('refuses a package on a refund or adjustment, and counts outside 1..500', async () => {
    const [cleo] = c.students;
    const before = await counts();
    const refund = await c.operator.post(
      '/api/voucher-purchases',
      purchase(cleo.id, { type: 'REFUND', classCount: 2 }),
    );
    expect(refund.status).toBe(400);
    expect(refund.body.fieldErrors).toContainEqual({ field: 'classCount', message: CLASS_PACKAGE_PURCHASE_MESSAGE });
    for (const classCount of [0, 501, 2.5, '3']) {
      const res = await c.operator.post('/api/voucher-purchases', purchase(cleo.id, { classCount }));
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['classCount']);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('the receipt', () => {
  it('is a PDF with the centre, the student, the method, the amounts and the new balance, in the reader’s language', async () => {
    const [cleo] = c.students;
    const made = await c.operator.post(
      '/api/voucher-purchases',
      purchase(cleo.id, { classCount: 5, giftAmount: '15.5', paymentMethod: 'E_TRANSFER' }),
    );
    expect(made.status).toBe(201);
    const res = await c.operator.download(`/api/voucher-purchases/${made.body.id}/receipt`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${made.body.id}-2026-03-02.pdf`);
    if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, 'receipt-en.pdf'), res.body as Buffer);
    const text = await pdfText(res.body as Buffer);
    const money = (v: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CAD' }).format(Number(v));
    for (const part of [
      'Maple Tutoring',
      'Voucher receipt',
      'Cleo Chen',
      '2026-03-02',
      'E-transfer',
      `5 classes at ${money('60.00')} each`,
      money('300.00'),
      money('15.50'),
      'New balance',
      money(made.body.balanceAfter),
    ])
      expect(text).toContain(part);

    const zh = await c.operator
      .download(`/api/voucher-purchases/${made.body.id}/receipt`)
      .set('Accept-Language', 'zh-CN');
    if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, 'receipt-zh.pdf'), zh.body as Buffer);
    const zhText = await pdfText(zh.body as Buffer);
    expect(zhText).toContain('Maple Tutoring');
    expect(zhText).toContain(
      new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CAD' }).format(Number(made.body.balanceAfter)),
    );
  });

  it('is refused to teachers (403); another centre’s purchase is a 404', async () => {
    const [cleo] = c.students;
    const made = await c.operator.post('/api/voucher-purchases', purchase(cleo.id));
    expect((await c.ann.caller.download(`/api/voucher-purchases/${made.body.id}/receipt`)).status).toBe(403);
    expect((await c.teacherLogin.download(`/api/voucher-purchases/${made.body.id}/receipt`)).status).toBe(403);
    expect((await other.download(`/api/voucher-purchases/${made.body.id}/receipt`)).status).toBe(404);
    expect((await c.operator.download('/api/voucher-purchases/abc/receipt')).status).toBe(400);
  });

  it('is emailed with the PDF attached when the family has an address and allows email (real SMTP)', async () => {
    const [, dan, eve] = c.students;
    await ctx.prisma.student.update({
      where: { id: dan.id },
      data: { email: 'diaz.family@example.test', allowEmail: true },
    });
    await ctx.prisma.student.update({
      where: { id: eve.id },
      data: { email: 'evans@example.test', allowEmail: false },
    });
    const sent = await c.operator.post('/api/voucher-purchases', purchase(dan.id, { voucherAmount: '250.00' }));
    expect(sent.status).toBe(201);
    expect(sent.body.receiptEmailedTo).toBe('diaz.family@example.test');
    const declined = await c.operator.post('/api/voucher-purchases', purchase(eve.id));
    expect(declined.body.receiptEmailedTo).toBeNull();
    const refund = await c.operator.post(
      '/api/voucher-purchases',
      purchase(dan.id, { type: 'REFUND', voucherAmount: '5' }),
    );
    expect(refund.body.receiptEmailedTo).toBeNull();
    expect(await ctx.prisma.message.count({ where: { template: 'voucher-receipt' } })).toBe(1);

    const worker = await startMessageWorker(queue, ctx.prisma, createTransports(config({ smtpUrl: smtp.url })));
    try {
      const until = Date.now() + 30_000;
      while (!smtp.received.some((m) => m.to.includes('diaz.family@example.test')) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
    } finally {
      await worker.stop();
    }
    const got = smtp.received.filter((m) => m.to.includes('diaz.family@example.test'));
    expect(got).toHaveLength(1);
    expect(got[0].raw).toContain('Subject: Voucher receipt from Maple Tutoring');
    expect(got[0].raw).toMatch(/Content-Type: application\/pdf; name=receipt-\d+-2026-03-02\.pdf/);
    const pdf = emailAttachment(got[0].raw);
    expect(pdf).not.toBeNull();
    const text = await pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain('Maple Tutoring');
    expect(text).toContain(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CAD' }).format(Number(sent.body.balanceAfter)),
    );
    // A retried submission does not queue a second email, and says where the first went.
    const replay = await c.operator.post('/api/voucher-purchases', {
      ...purchase(dan.id, { voucherAmount: '250.00' }),
      idempotencyKey: (await ctx.prisma.voucherPurchase.findUniqueOrThrow({ where: { id: sent.body.id } }))
        .idempotencyKey,
    });
    expect(replay.body).toMatchObject({ id: sent.body.id, receiptEmailedTo: 'diaz.family@example.test' });
    expect(await ctx.prisma.message.count({ where: { template: 'voucher-receipt' } })).toBe(1);
  }, 60_000);
});
