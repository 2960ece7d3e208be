// The platform's price list and centres (issue 10): settings read and replaced in one transaction (tiers
// from 0, increasing), bad bodies refused with nothing changed, centres with card, credit and
// unpaid/overdue counts, the tax rate, and rights.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAX_RATE_MESSAGE } from '../../src/contracts/billing';
import { createInvoiceRow } from '../support/billing-factories';
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
