// The platform's price list and centres (issue 10): settings read and replaced in one transaction (tiers
// from 0, increasing), bad bodies refused with nothing changed, centres with card, credit and
// unpaid/overdue counts, the tax rate, and rights.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_BY_HAND_REASON, VOIDED_REASON } from '../../server/features/billing/charge-invoice';
import { formatInvoiceNumber, TAX_RATE_MESSAGE } from '../../src/contracts/billing';
import { createInvoiceRow, inCycleChargePending } from '../support/billing-factories';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('price list', () => {
  it('reads the defaults, replaces tiers, refuses bad bodies without change', async () => {
    const { tokens } = await createCentreWithStaff(ctx);
    const get = () => request(ctx.app).get('/api/billing/settings').set(auth(tokens.system));
    const put = (body: object) => request(ctx.app).put('/api/billing/settings').set(auth(tokens.system)).send(body);
    expect((await get()).body).toEqual({
      minimumCharge: '30.00',
      dueDays: 14,
      currency: 'CAD',
      tiers: [
        { fromStudents: 0, pricePerStudent: '3.00' },
        { fromStudents: 101, pricePerStudent: '2.50' },
        { fromStudents: 501, pricePerStudent: '2.00' },
      ],
    });
    const bad: [object, string][] = [
      [{ minimumCharge: '10', dueDays: 7, tiers: [{ fromStudents: 1, pricePerStudent: '1' }] }, 'tiers'],
      [
        {
          minimumCharge: '10',
          dueDays: 7,
          tiers: [
            { fromStudents: 0, pricePerStudent: '1' },
            { fromStudents: 0, pricePerStudent: '2' },
          ],
        },
        'tiers.1.fromStudents',
      ],
      [
        {
          minimumCharge: '10',
          dueDays: 7,
          tiers: [
            { fromStudents: 0, pricePerStudent: '1' },
            { fromStudents: 50, pricePerStudent: '2' },
            { fromStudents: 20, pricePerStudent: '2' },
          ],
        },
        'tiers.2.fromStudents',
      ],
      [{ minimumCharge: '10', dueDays: 7, tiers: [] }, 'tiers'],
      [{ minimumCharge: '-1', dueDays: 7, tiers: [{ fromStudents: 0, pricePerStudent: '1' }] }, 'minimumCharge'],
      [{ minimumCharge: '10', dueDays: 366, tiers: [{ fromStudents: 0, pricePerStudent: '1' }] }, 'dueDays'],
      [{ minimumCharge: '10', dueDays: 7, tiers: [{ fromStudents: 0, pricePerStudent: '1.001' }] }, 'pricePerStudent'],
    ];
    for (const [body, field] of bad) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.fieldErrors ?? res.body.errorMessage)).toContain(field);
    }
    expect((await get()).body.tiers).toHaveLength(3);

    const next = {
      minimumCharge: '25.5',
      dueDays: 30,
      tiers: [
        { fromStudents: 0, pricePerStudent: '4' },
        { fromStudents: 50, pricePerStudent: '3.25' },
      ],
    };
    const saved = await put(next);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      minimumCharge: '25.50',
      dueDays: 30,
      currency: 'CAD',
      tiers: [
        { fromStudents: 0, pricePerStudent: '4.00' },
        { fromStudents: 50, pricePerStudent: '3.25' },
      ],
    });
    expect((await get()).body).toEqual(saved.body);
    // An invoice now prices with it: 60 x 3.25 = 195.00, due in 30 days.
    const { centre } = await createCentreWithStaff(ctx);
    const inv = await request(ctx.app).post('/api/billing/invoices').set(auth(tokens.system)).send({
      organisationId: centre.id,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-31',
      invoiceDate: '2026-02-01',
      quantity: 60,
    });
    expect(inv.body).toMatchObject({ chargeRange: '50+', subtotal: '195.00', total: '195.00', dueDate: '2026-03-03' });
    // Back to the defaults for the other tests.
    await put({
      minimumCharge: '30',
      dueDays: 14,
      tiers: [
        { fromStudents: 0, pricePerStudent: '3' },
        { fromStudents: 101, pricePerStudent: '2.5' },
        { fromStudents: 501, pricePerStudent: '2' },
      ],
    });
  });
});

describe('centres', () => {
  it('lists centres with card, credit and unpaid/overdue counts, searches by name, sets the tax rate', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    const name = `Zebra Billing ${centre.id}`;
    await ctx.prisma.organisation.update({ where: { id: centre.id }, data: { name } });
    await ctx.prisma.billingAccount.create({
      data: {
        organisationId: centre.id,
        stripeCustomerId: `cus_test${centre.id}`,
        paymentMethodId: 'pm_x',
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpMonth: 8,
        cardExpYear: 2034,
      },
    });
    await createInvoiceRow(ctx.prisma, centre.id, { dueDate: '2026-02-10' });
    await createInvoiceRow(ctx.prisma, centre.id);
    const list = await request(ctx.app)
      .get(`/api/billing/centres?q=${encodeURIComponent('zebra billing')}`)
      .set(auth(tokens.system));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: centre.id,
        name,
        creditBalance: '0.00',
        taxRate: '0',
        card: { brand: 'visa', last4: '4242', expMonth: 8, expYear: 2034 },
        unpaidInvoices: 2,
        overdueInvoices: 1,
      },
    ]);
    const set = await request(ctx.app)
      .put(`/api/billing/centres/${centre.id}/tax-rate`)
      .set(auth(tokens.system))
      .send({ taxRate: '0.14975' });
    expect(set.status).toBe(200);
    expect(set.body.taxRate).toBe('0.14975');
    for (const taxRate of ['1', '-0.1', '0.1234567', 'abc', 1.5]) {
      const res = await request(ctx.app)
        .put(`/api/billing/centres/${centre.id}/tax-rate`)
        .set(auth(tokens.system))
        .send({ taxRate });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(TAX_RATE_MESSAGE);
    }
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).taxRate.toString()).toBe(
      '0.14975',
    );
    expect(
      (
        await request(ctx.app)
          .put('/api/billing/centres/999999/tax-rate')
          .set(auth(tokens.system))
          .send({ taxRate: '0.1' })
      ).status,
    ).toBe(404);
  });

  it('is for the platform only', async () => {
    const { centre, tokens } = await createCentreWithStaff(ctx);
    for (const token of [tokens.admin, tokens.operator, tokens.teacher]) {
      expect((await request(ctx.app).get('/api/billing/centres').set(auth(token))).status).toBe(403);
      expect((await request(ctx.app).get('/api/billing/settings').set(auth(token))).status).toBe(403);
      expect((await request(ctx.app).put('/api/billing/settings').set(auth(token)).send({})).status).toBe(403);
      expect(
        (
          await request(ctx.app)
            .put(`/api/billing/centres/${centre.id}/tax-rate`)
            .set(auth(token))
            .send({ taxRate: '0.2' })
        ).status,
      ).toBe(403);
    }
    expect((await ctx.prisma.organisation.findUniqueOrThrow({ where: { id: centre.id } })).taxRate.toString()).toBe(
      '0',
    );
  });
});

describe("the platform's changes to a centre", () => {
  it("are in the centre's audit history: tax rate, credit added and adjusted, an invoice marked paid and voided", async () => {
    const { centre, tokens, system } = await createCentreWithStaff(ctx);
    const other = await createCentreWithStaff(ctx);
    const asSystem = (method: 'put' | 'post', path: string, body: object) =>
      request(ctx.app)[method](`/api/billing${path}`).set(auth(tokens.system)).send(body);
    expect((await asSystem('put', `/centres/${centre.id}/tax-rate`, { taxRate: '0.13' })).status).toBe(200);
    // Setting the same rate again changes nothing and records nothing.
    expect((await asSystem('put', `/centres/${centre.id}/tax-rate`, { taxRate: '0.13' })).status).toBe(200);
    const add = { organisationId: centre.id, type: 'ADD', amount: '40', comments: 'Welcome' };
    expect((await asSystem('post', '/credit-ledger', add)).status).toBe(201);
    const adjust = { organisationId: centre.id, type: 'ADJUST', amount: '25.50' };
    expect((await asSystem('post', '/credit-ledger', adjust)).status).toBe(201);
    const paid = await createInvoiceRow(ctx.prisma, centre.id);
    const paidProgress = await inCycleChargePending(ctx.prisma, paid);
    expect((await asSystem('post', `/invoices/${paid.id}/mark-paid`, { note: 'Cheque 118' })).status).toBe(200);
    const voided = await createInvoiceRow(ctx.prisma, centre.id);
    const voidedProgress = await inCycleChargePending(ctx.prisma, voided);
    expect((await asSystem('post', `/invoices/${voided.id}/void`, { reason: 'Wrong period' })).status).toBe(200);
    // The billing cycles' progress follows, too.
    expect(await ctx.prisma.billingCycleCentre.findUniqueOrThrow({ where: paidProgress })).toMatchObject({
      outcome: 'CHARGED',
      reason: PAID_BY_HAND_REASON,
    });
    expect(await ctx.prisma.billingCycleCentre.findUniqueOrThrow({ where: voidedProgress })).toMatchObject({
      outcome: 'CREATED',
      reason: VOIDED_REASON,
    });
    // A refused change records nothing.
    expect((await asSystem('put', `/centres/${centre.id}/tax-rate`, { taxRate: '2' })).status).toBe(400);

    const history = await request(ctx.app)
      .get(`/api/audit?entityType=ORGANISATION&entityId=${centre.id}&pageSize=100`)
      .set(auth(tokens.admin));
    expect(history.status).toBe(200);
    const [paidRow, voidedRow] = await Promise.all(
      [paid.id, voided.id].map((id) => ctx.prisma.invoice.findUniqueOrThrow({ where: { id } })),
    );
    expect(
      history.body.data.map((e: { action: string; before: unknown; after: unknown; actor: { id: number } | null }) => ({
        action: e.action,
        actor: e.actor?.id,
        before: e.before,
        after: e.after,
      })),
    ).toEqual([
      {
        action: 'UPDATE',
        actor: system.id,
        before: { invoice: `${formatInvoiceNumber(voidedRow.number)} UNPAID`, paidNote: null },
        after: { invoice: `${formatInvoiceNumber(voidedRow.number)} VOID`, paidNote: 'Voided: Wrong period' },
      },
      {
        action: 'UPDATE',
        actor: system.id,
        before: { invoice: `${formatInvoiceNumber(paidRow.number)} UNPAID`, paidNote: null },
        after: { invoice: `${formatInvoiceNumber(paidRow.number)} PAID`, paidNote: 'Cheque 118' },
      },
      {
        action: 'UPDATE',
        actor: system.id,
        before: { creditBalance: '40.00', creditUpdate: null },
        after: { creditBalance: '25.50', creditUpdate: 'ADJUST' },
      },
      {
        action: 'UPDATE',
        actor: system.id,
        before: { creditBalance: '0.00', creditUpdate: null, comments: null },
        after: { creditBalance: '40.00', creditUpdate: 'ADD', comments: 'Welcome' },
      },
      { action: 'UPDATE', actor: system.id, before: { taxRate: '0' }, after: { taxRate: '0.13' } },
    ]);
    // Another centre's history has none of it.
    const others = await request(ctx.app)
      .get(`/api/audit?entityType=ORGANISATION&entityId=${centre.id}`)
      .set(auth(other.tokens.admin));
    expect(others.body.total).toBe(0);
  });
});
