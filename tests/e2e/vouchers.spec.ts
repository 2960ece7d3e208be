import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
test.describe.configure({ timeout: 90_000 });

/** Creates a student through the API with the signed-in user's token (setup, not the thing tested). */
async function addStudent(page: Page, studentId: string, lastName: string): Promise<number> {
  const reply = await page.evaluate(
    async ({ studentId, lastName }) => {
      const token = localStorage.getItem('levelup-access-token');
      const res = await fetch('/api/students', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ studentId, firstName: 'Vee', lastName }),
      });
      return { status: res.status, body: (await res.json()) as { id: number } };
    },
    { studentId, lastName },
  );
  expect(reply.status).toBe(201);
  return reply.body.id;
}

test('an operator records a purchase with a gift and the student voucher tab explains the balance', async ({
  page,
}) => {
  const lastName = `Voucher${suffix}`;
  await signIn(page, 'operator');
  await page.goto('/voucherPurchaseHistory');
  const id = await addStudent(page, `V-${suffix}`, lastName);

  await page.getByRole('button', { name: 'New purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'New voucher purchase' });
  await dialog.getByLabel('Student', { exact: true }).fill(lastName);
  await page.locator('.ant-select-item-option', { hasText: lastName }).click();
  // A negative purchase is refused on its field before anything is sent.
  await dialog.getByLabel('Voucher amount').fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A purchase needs a voucher or gift amount above 0, neither negative')).toBeVisible();
  await dialog.getByLabel('Voucher amount').fill('300');
  await dialog.getByLabel('Gift amount').fill('50');
  await dialog.getByLabel('Payment method').fill('E-transfer');
  // A double click records one purchase (one request key per opening of the form).
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('Added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list, narrowed to this student: one row with the amounts and the balance after it.
  await page.locator('.ant-pro-query-filter').getByLabel('Student', { exact: true }).fill(lastName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: lastName }).click();
  await page.getByRole('button', { name: /Query/ }).click();
  const rows = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Purchase');
  await expect(rows).toContainText('CA$300.00');
  await expect(rows).toContainText('CA$50.00');
  await expect(rows).toContainText('CA$350.00');
  await expect(rows).toContainText('E-transfer');
  await expect(page.locator('.voucher-totals')).toContainText('Voucher amount: CA$300.00');
  await expect(page.locator('.voucher-totals')).toContainText('Gift amount: CA$50.00');

  // The dashboard's voucher tab: purchase then gift, with the running balance, and the totals.
  await page.goto(`/student/studentDashboard/${id}`);
  await page.getByRole('tab', { name: 'Voucher History' }).click();
  const totals = page.locator('.voucher-ledger-totals .ant-statistic');
  await expect(totals.filter({ hasText: 'Balance' })).toContainText('CA$350.00');
  await expect(totals.filter({ hasText: 'Total purchased' })).toContainText('CA$300.00');
  await expect(totals.filter({ hasText: 'Total gift' })).toContainText('CA$50.00');
  await expect(totals.filter({ hasText: 'Total paid from voucher' })).toContainText('CA$0.00');
  const purchase = page.getByRole('row', { name: /^.*Purchase/ });
  const gift = page.getByRole('row', { name: /Gift/ });
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText('CA$300.00CA$300.00');
  await expect(gift).toHaveCount(1);
  await expect(gift).toContainText('CA$50.00CA$350.00');
});
