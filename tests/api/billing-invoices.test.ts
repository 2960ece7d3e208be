// Platform invoices (issue 10): students served in the centre's zone, pricing (amounts worked out by
// hand here, never by invoice-math), overlap, quantity override, credit applied and returned on void,
// numbers never reused, concurrent creations, mark paid, the PDF, the cycle's set-based creation, and
// rights. Default price list (migration): 0→3.00, 101→2.50, 501→2.00, minimum 30.00, 14 due days, CAD.
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCycleInvoices } from '../../server/features/billing/create-cycle-invoices';
import { createInvoice } from '../../server/features/billing/create-invoice';
import {
  formatInvoiceNumber,
  INVALID_QUANTITY_MESSAGE,
  INVOICE_CREATE_FAILED_MESSAGE,
  INVOICE_OVERLAP_MESSAGE,
} from '../../src/contracts/billing';
import { classAt, classSetup, servedStudents } from '../support/billing-served';
import { createCentreWithStaff } from '../support/factories';
import { logLines, logOutput } from '../support/log-capture';
import { createStudentRecord, readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function centre(timeZone = 'America/Toronto') {
  const staff = await createCentreWithStaff(ctx);
  await ctx.prisma.organisation.update({ where: { id: staff.centre.id }, data: { timeZone } });
  const setup = { organisationId: staff.centre.id, ...(await classSetup(ctx.prisma, staff.centre.id)) };
  return { ...staff, setup };
}

const post = (token: string, path: string, body: object) =>
  request(ctx.app).post(`/api${path}`).set(auth(token)).send(body);

describe('students served and pricing', () => {
  it("counts active students with a live class in the period in the centre's zone, once each", async () => {
    const { centre: c, tokens, setup } = await centre('America/Toronto');
    const s = [];
    for (let i = 0; i < 8; i += 1)
      s.push(await createStudentRecord(ctx.prisma, c.id, { firstName: `F${i}`, lastName: `L${i}` }));
    // March 2026 in Toronto: starts 2026-03-01 05:00Z (EST), ends 2026-04-01 04:00Z (EDT).
    await classAt(ctx.prisma, setup, '2026-03-01T05:00:00Z', [s[0].id]); // first local minute: in
    await classAt(ctx.prisma, setup, '2026-03-01T04:59:00Z', [s[1].id]); // Feb 28 23:59 local: out
    await classAt(ctx.prisma, setup, '2026-04-01T03:59:00Z', [s[2].id], 'PLANNED'); // Mar 31 23:59: in
    await classAt(ctx.prisma, setup, '2026-04-01T04:00:00Z', [s[3].id]); // Apr 1 00:00: out
    await classAt(ctx.prisma, setup, '2026-03-10T15:00:00Z', [s[4].id], 'CANCELLED'); // cancelled: out
    await ctx.prisma.student.update({ where: { id: s[5].id }, data: { active: false } });
    await classAt(ctx.prisma, setup, '2026-03-10T15:00:00Z', [s[5].id, s[6].id]); // inactive out, s6 in
    await classAt(ctx.prisma, setup, '2026-03-11T15:00:00Z', [s[6].id, s[0].id]); // twice: once
    await ctx.prisma.organisation.update({ where: { id: c.id }, data: { taxRate: '0.13' } });

    const res = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      invoiceDate: '2026-04-02',
    });
    expect(res.status).toBe(201);
    // 3 students x 3.00 = 9.00 < minimum 30.00; tax 13 % of 30.00 = 3.90.
    expect(res.body).toMatchObject({
      organisationId: c.id,
      quantity: 3,
      quantityOverridden: false,
      chargeRange: '0–100',
      chargePerStudent: '3.00',
      subtotal: '9.00',
      minimumCharge: '30.00',
      creditApplied: '0.00',
      totalBeforeTax: '30.00',
      taxRate: '0.13',
      tax: '3.90',
      total: '33.90',
      status: 'UNPAID',
      invoiceDate: '2026-04-02',
      dueDate: '2026-04-16',
      currency: 'CAD',
    });
    expect(res.body.students.map((x: { name: string }) => x.name).sort()).toEqual(['F0 L0', 'F2 L2', 'F6 L6']);
  });

  it('applies credit, charges it to the ledger, and a credit-covered invoice is PAID at once', async () => {
    const { centre: c, tokens, setup } = await centre();
    await servedStudents(ctx.prisma, setup, 12, '2026-05-10T15:00:00Z');
    await ctx.prisma.organisation.update({ where: { id: c.id }, data: { taxRate: '0.05' } });
    expect(
      (await post(tokens.system, '/billing/credit-ledger', { organisationId: c.id, type: 'ADD', amount: '10.50' }))
        .status,
    ).toBe(201);
    const res = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-05-01',
      periodEnd: '2026-05-31',
    });
    expect(res.status).toBe(201);
    // 12 x 3.00 = 36.00; credit 10.50 → 25.50; tax 5 % = 1.275 → 1.28 (half up); total 26.78.
    expect(res.body).toMatchObject({
      subtotal: '36.00',
      creditApplied: '10.50',
      totalBeforeTax: '25.50',
      tax: '1.28',
      total: '26.78',
    });
    const ledger = await ctx.prisma.creditLedgerEntry.findMany({
      where: { organisationId: c.id },
      orderBy: { id: 'asc' },
    });
    expect(ledger.map((e) => [e.type, e.amount.toFixed(2), e.balanceAfter.toFixed(2), e.invoiceId])).toEqual([
      ['ADD', '10.50', '10.50', null],
      ['INVOICE_CHARGE', '-10.50', '0.00', res.body.id],
    ]);

    // 100.00 of credit against a 30.00 minimum: nothing left to pay.
    await post(tokens.system, '/billing/credit-ledger', { organisationId: c.id, type: 'ADD', amount: '100' });
    const covered = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-06-01',
      periodEnd: '2026-06-30',
      quantity: 2,
    });
    expect(covered.status).toBe(201);
    expect(covered.body).toMatchObject({
      quantity: 2,
      quantityOverridden: true,
      creditApplied: '30.00',
      total: '0.00',
      status: 'PAID',
      paidMethod: 'NONE',
    });
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: c.id } })).creditBalance.toFixed(2)).toBe(
      '70.00',
    );
  });

  it('prices an overridden quantity in its tier and refuses a bad quantity or period, changing nothing', async () => {
    const { centre: c, tokens } = await centre();
    const before = await ctx.prisma.invoice.count();
    for (const quantity of [-1, 1.5, 'ten', 1_000_001]) {
      const res = await post(tokens.system, '/billing/invoices', {
        organisationId: c.id,
        periodStart: '2026-01-01',
        periodEnd: '2026-01-31',
        quantity,
      });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toContain(INVALID_QUANTITY_MESSAGE);
    }
    const backwards = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-01-31',
      periodEnd: '2026-01-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors[0].field).toBe('periodEnd');
    const badDate = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-02-30',
      periodEnd: '2026-03-01',
    });
    expect(badDate.status).toBe(400);
    expect(await ctx.prisma.invoice.count()).toBe(before);

    const res = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      quantity: 150,
    });
    // 150 x 2.50 = 375.00 (the tier from 101).
    expect(res.body).toMatchObject({
      chargeRange: '101–500',
      chargePerStudent: '2.50',
      subtotal: '375.00',
      total: '375.00',
    });
    const big = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      quantity: 501,
    });
    expect(big.body).toMatchObject({ chargeRange: '501+', subtotal: '1002.00' });
  });
});

describe('overlap, void and numbers', () => {
  it('refuses an overlapping period, voids (credit back, number kept) and never reuses a number', async () => {
    const { centre: c, tokens } = await centre();
    await post(tokens.system, '/billing/credit-ledger', { organisationId: c.id, type: 'ADD', amount: '5.00' });
    const first = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      quantity: 20,
    });
    expect(first.status).toBe(201);
    expect(first.body.creditApplied).toBe('5.00');
    for (const period of [
      ['2026-03-31', '2026-04-30'],
      ['2026-02-01', '2026-03-01'],
      ['2026-03-10', '2026-03-12'],
    ]) {
      const res = await post(tokens.system, '/billing/invoices', {
        organisationId: c.id,
        periodStart: period[0],
        periodEnd: period[1],
        quantity: 1,
      });
      expect(res.status).toBe(409);
      expect(res.body.errorMessage).toBe(INVOICE_OVERLAP_MESSAGE);
    }
    const adjacent = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-04-01',
      periodEnd: '2026-04-30',
      quantity: 1,
    });
    expect(adjacent.status).toBe(201);

    expect((await post(tokens.system, `/billing/invoices/${first.body.id}/void`, { reason: '' })).status).toBe(400);
    const voided = await post(tokens.system, `/billing/invoices/${first.body.id}/void`, { reason: 'Wrong count' });
    expect(voided.status).toBe(200);
    expect(voided.body.status).toBe('VOID');
    const back = await ctx.prisma.creditLedgerEntry.findFirstOrThrow({
      where: { organisationId: c.id },
      orderBy: { id: 'desc' },
    });
    expect(back.type).toBe('ADD');
    expect(back.amount.toFixed(2)).toBe('5.00');
    expect(back.comments).toContain(formatInvoiceNumber(first.body.number));
    expect((await post(tokens.system, `/billing/invoices/${first.body.id}/void`, { reason: 'again' })).status).toBe(
      409,
    );
    expect((await post(tokens.system, `/billing/invoices/${first.body.id}/mark-paid`, { note: 'cheque' })).status).toBe(
      409,
    );

    const again = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      quantity: 20,
    });
    expect(again.status).toBe(201);
    expect(again.body.number).toBeGreaterThan(adjacent.body.number);
    expect(again.body.creditApplied).toBe('5.00');
  });

  it('concurrent creations for one centre and period: one invoice, the others refused', async () => {
    const { centre: c, tokens } = await centre();
    await post(tokens.system, '/billing/credit-ledger', { organisationId: c.id, type: 'ADD', amount: '7.00' });
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(tokens.system, '/billing/invoices', {
          organisationId: c.id,
          periodStart: '2026-07-01',
          periodEnd: '2026-07-31',
          quantity: 3,
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await ctx.prisma.invoice.count({ where: { organisationId: c.id } })).toBe(1);
    expect(await ctx.prisma.creditLedgerEntry.count({ where: { organisationId: c.id, type: 'INVOICE_CHARGE' } })).toBe(
      1,
    );
  });

  it('marks an unpaid invoice paid by hand once', async () => {
    const { centre: c, tokens } = await centre();
    const inv = await post(tokens.system, '/billing/invoices', {
      organisationId: c.id,
      periodStart: '2026-08-01',
      periodEnd: '2026-08-31',
      quantity: 1,
    });
    const empty = await post(tokens.system, `/billing/invoices/${inv.body.id}/mark-paid`, { note: '  ' });
    expect(empty.status).toBe(400);
    const paid = await post(tokens.system, `/billing/invoices/${inv.body.id}/mark-paid`, { note: 'Cheque 123' });
    expect(paid.body).toMatchObject({ status: 'PAID', paidMethod: 'MANUAL', paidNote: 'Cheque 123' });
    expect((await post(tokens.system, `/billing/invoices/${inv.body.id}/mark-paid`, { note: 'twice' })).status).toBe(
      409,
    );
    expect((await post(tokens.system, `/billing/invoices/${inv.body.id}/void`, { reason: 'late' })).status).toBe(409);
  });

  it('the exported createInvoice refuses an unknown centre and keeps failures as AppErrors', async () => {
    await expect(
      createInvoice(ctx.prisma, { organisationId: 999999, periodStart: '2026-01-01', periodEnd: '2026-01-02' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('an unexpected failure answers 500 without internals and is logged with the trace id (issue 20, finding 7)', async () => {
    const { centre: c, tokens } = await centre();
    const internal = new Error('column "x" does not exist');
    internal.stack = `Error: column "x" does not exist\n    at createInvoice (/srv/server/features/billing/create-invoice.ts:82:40)`;
    const spy = vi.spyOn(ctx.prisma, '$transaction').mockRejectedValueOnce(internal);
    let res: request.Response | undefined;
    const text = await logOutput('info', async () => {
      res = await post(tokens.system, '/billing/invoices', {
        organisationId: c.id,
        periodStart: '2026-05-01',
        periodEnd: '2026-05-31',
      });
    });
    spy.mockRestore();
    expect(res?.status).toBe(500);
    expect(res?.body.errorMessage).toBe(INVOICE_CREATE_FAILED_MESSAGE);
    expect(JSON.stringify(res?.body)).not.toMatch(/create-invoice|does not exist|\.ts:/);
    const logged = logLines(text).find((line) => line.message === 'unexpected error');
    expect(logged).toMatchObject({
      level: 'error',
      traceId: res?.body.traceId,
      error: 'Error: column "x" does not exist',
    });
    expect(String(logged?.stack)).toContain('create-invoice.ts:82:40');
    expect(await ctx.prisma.invoice.count({ where: { organisationId: c.id } })).toBe(0);
  });
});

describe('rights and the list', () => {
  it('admins see their own centre only; operators and teachers nothing; only the platform writes', async () => {
    const a = await centre();
    const b = await centre();
    const invA = await post(a.tokens.system, '/billing/invoices', {
      organisationId: a.centre.id,
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      quantity: 4,
    });
    const invB = await post(a.tokens.system, '/billing/invoices', {
      organisationId: b.centre.id,
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      quantity: 4,
    });
    expect(invA.status).toBe(201);
    expect(invB.status).toBe(201);
    const list = await request(ctx.app).get('/api/billing/invoices').set(auth(a.tokens.admin));
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([invA.body.id]);
    const other = await request(ctx.app)
      .get(`/api/billing/invoices?organisationId=${b.centre.id}`)
      .set(auth(a.tokens.admin));
    expect(other.status).toBe(404);
    expect((await request(ctx.app).get(`/api/billing/invoices/${invB.body.id}`).set(auth(a.tokens.admin))).status).toBe(
      404,
    );
    expect(
      (await request(ctx.app).get(`/api/billing/invoices/${invB.body.id}/pdf`).set(auth(a.tokens.admin))).status,
    ).toBe(404);
    expect((await request(ctx.app).get(`/api/billing/invoices/${invA.body.id}`).set(auth(a.tokens.admin))).status).toBe(
      200,
    );
    for (const token of [a.tokens.operator, a.tokens.teacher]) {
      expect((await request(ctx.app).get('/api/billing/invoices').set(auth(token))).status).toBe(403);
      expect((await request(ctx.app).get(`/api/billing/invoices/${invA.body.id}`).set(auth(token))).status).toBe(403);
    }
    const before = await ctx.prisma.invoice.count();
    expect(
      (
        await post(a.tokens.admin, '/billing/invoices', {
          organisationId: a.centre.id,
          periodStart: '2026-10-01',
          periodEnd: '2026-10-31',
        })
      ).status,
    ).toBe(403);
    expect((await post(a.tokens.admin, `/billing/invoices/${invA.body.id}/mark-paid`, { note: 'x' })).status).toBe(403);
    expect((await post(a.tokens.admin, `/billing/invoices/${invA.body.id}/void`, { reason: 'x' })).status).toBe(403);
    expect(await ctx.prisma.invoice.count()).toBe(before);

    const platform = await request(ctx.app)
      .get(`/api/billing/invoices?organisationId=${b.centre.id}`)
      .set(auth(a.tokens.system));
    expect(platform.body.data.map((i: { id: number }) => i.id)).toEqual([invB.body.id]);
    const all = await request(ctx.app).get('/api/billing/invoices?pageSize=100').set(auth(a.tokens.system));
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const overdue = await request(ctx.app)
      .get(`/api/billing/invoices?overdue=true&organisationId=${a.centre.id}`)
      .set(auth(a.tokens.system));
    expect(overdue.body.total).toBe(0); // invoice date today, due in 14 days
  });
});

const binary = (req: request.Test) => req.buffer(true).parse(readBinary as never);

describe('the PDF', () => {
  it('downloads the invoice with its number, and runs over pages as students grow', async () => {
    const small = await centre();
    await servedStudents(ctx.prisma, small.setup, 3, '2026-03-05T15:00:00Z');
    const big = await centre();
    await servedStudents(ctx.prisma, big.setup, 160, '2026-03-05T15:00:00Z');
    const a = await post(small.tokens.system, '/billing/invoices', {
      organisationId: small.centre.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
    });
    const b = await post(big.tokens.system, '/billing/invoices', {
      organisationId: big.centre.id,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
    });
    expect(b.body.quantity).toBe(160);
    const pdfA = await binary(
      request(ctx.app).get(`/api/billing/invoices/${a.body.id}/pdf`).set(auth(small.tokens.admin)),
    );
    expect(pdfA.status).toBe(200);
    expect(pdfA.headers['content-type']).toBe('application/pdf');
    expect(pdfA.headers['content-disposition']).toContain(`${formatInvoiceNumber(a.body.number)}.pdf`);
    const docA = await PDFDocument.load(pdfA.body as Buffer);
    expect(docA.getTitle()).toBe(`Invoice ${formatInvoiceNumber(a.body.number)}`);
    // No credit: "Credit applied CAD 0.00", never a negative zero.
    expect(a.body.creditApplied).toBe('0.00');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({
      data: new Uint8Array(pdfA.body as Buffer),
      standardFontDataUrl: `${path.resolve('node_modules/pdfjs-dist/standard_fonts')}/`,
    }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items as { str?: string }[];
    const text = items.map((i) => i.str ?? '').join(' ');
    expect(text).toMatch(/Credit applied\s+CAD 0\.00/);
    expect(text).not.toContain('-0.00');
    const pdfB = await binary(
      request(ctx.app).get(`/api/billing/invoices/${b.body.id}/pdf`).set(auth(big.tokens.system)),
    );
    const docB = await PDFDocument.load(pdfB.body as Buffer);
    expect(docA.getPageCount()).toBe(1);
    expect(docB.getPageCount()).toBeGreaterThan(1);
  });
});

describe('a cycle batch (set-based)', () => {
  it('creates, skips and is idempotent per cycle and centre', async () => {
    const withStudents = await centre();
    await servedStudents(ctx.prisma, withStudents.setup, 4, '2026-10-05T15:00:00Z');
    const withCredit = await centre();
    await servedStudents(ctx.prisma, withCredit.setup, 20, '2026-10-05T15:00:00Z');
    await post(withCredit.tokens.system, '/billing/credit-ledger', {
      organisationId: withCredit.centre.id,
      type: 'ADD',
      amount: '12.34',
    });
    const empty = await centre();
    const overlapped = await centre();
    await servedStudents(ctx.prisma, overlapped.setup, 2, '2026-10-05T15:00:00Z');
    await post(overlapped.tokens.system, '/billing/invoices', {
      organisationId: overlapped.centre.id,
      periodStart: '2026-10-20',
      periodEnd: '2026-11-05',
      quantity: 1,
    });
    const cycle = await ctx.prisma.billingCycle.create({
      data: {
        startDate: new Date('2026-10-01'),
        endDate: new Date('2026-10-31'),
        status: 'COMPLETED',
        startedById: withStudents.system.id,
      },
    });
    const input = {
      cycleId: cycle.id,
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      invoiceDate: '2026-11-01',
      createdById: withStudents.system.id,
      organisationIds: [overlapped.centre.id, empty.centre.id, withCredit.centre.id, withStudents.centre.id],
    };
    const first = await createCycleInvoices(ctx.prisma, input);
    const by = new Map(first.map((o) => [o.organisationId, o]));
    // 4 x 3.00 = 12.00 → minimum 30.00. 20 x 3.00 = 60.00 - 12.34 credit = 47.66.
    expect(by.get(withStudents.centre.id)).toMatchObject({ outcome: 'CREATED', total: '30.00' });
    expect(by.get(withCredit.centre.id)).toMatchObject({ outcome: 'CREATED', total: '47.66' });
    expect(by.get(empty.centre.id)).toEqual({
      organisationId: empty.centre.id,
      outcome: 'SKIPPED',
      reason: 'No students had classes in this period',
    });
    expect(by.get(overlapped.centre.id)).toEqual({
      organisationId: overlapped.centre.id,
      outcome: 'SKIPPED',
      reason: INVOICE_OVERLAP_MESSAGE,
    });
    const inv = await ctx.prisma.invoice.findUniqueOrThrow({
      where: { id: by.get(withCredit.centre.id)?.invoiceId },
      include: { students: true },
    });
    expect(inv).toMatchObject({ quantity: 20, cycleId: cycle.id, status: 'UNPAID' });
    expect(inv.dueDate.toISOString().slice(0, 10)).toBe('2026-11-15');
    expect(inv.students).toHaveLength(20);
    const credit = await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: withCredit.centre.id } });
    expect(credit.creditBalance.toFixed(2)).toBe('0.00');

    const invoices = await ctx.prisma.invoice.count();
    const entries = await ctx.prisma.creditLedgerEntry.count();
    const again = await createCycleInvoices(ctx.prisma, input);
    expect(again).toEqual(first);
    expect(await ctx.prisma.invoice.count()).toBe(invoices);
    expect(await ctx.prisma.creditLedgerEntry.count()).toBe(entries);
  });
});
