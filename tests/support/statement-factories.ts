// A family that asked for monthly statements, with money in one month (issue 21; issue 37, finding 7):
// the statements job's catch-up and the statement PDF's layout start from it.
import { createHousehold } from './household-factories';
import { voucherPurchaseBody } from './money-factories';
import { createGuardianUser } from './portal-factories';
import { classBody, createScheduleCentre } from './schedule-factories';
import type { TestContext } from './test-app';

/**
 * A centre of its own with the Chen household (Cleo), which takes monthly statements, and its guardian
 * (signs in to the portal, takes email, reads `lang`). In `month` ('YYYY-MM'): 200.00 bought on the
 * 3rd and a 90-minute lesson at 40.00 (60.00 charged) on the 10th, of the course `courseName`.
 */
export async function createStatementFamily(
  ctx: TestContext,
  { month, lang = 'en-US', courseName }: { month: string; lang?: 'en-US' | 'zh-CN'; courseName?: string },
) {
  const c = await createScheduleCentre(ctx);
  if (courseName) await ctx.prisma.course.update({ where: { id: c.course.id }, data: { name: courseName } });
  const cleo = c.students[0];
  const household = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id] });
  await ctx.prisma.household.update({ where: { id: household.id }, data: { monthlyStatements: true } });
  const guardian = await createGuardianUser(ctx, c.centre.id, household.id, { name: 'Mei Chen' });
  await ctx.prisma.guardian.update({ where: { id: guardian.guardian.id }, data: { langKey: lang } });

  const bought = await c.operator.post(
    '/api/voucher-purchases',
    voucherPurchaseBody(cleo.id, { purchaseDate: `${month}-03`, voucherAmount: '200.00' }),
  );
  if (bought.status !== 201) throw new Error(JSON.stringify(bought.body));
  const made = await c.operator.post(
    '/api/schedules',
    classBody(c, {
      startAt: `${month}-10T15:00:00Z`,
      endAt: `${month}-10T16:30:00Z`,
      students: [{ studentId: cleo.id, hourlyRate: '40' }],
    }),
  );
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  const confirmed = await c.operator.post(`/api/schedules/${made.body.schedule.id}/confirm`, {});
  if (confirmed.status !== 200) throw new Error(JSON.stringify(confirmed.body));
  return { c, household, guardian, cleo };
}
