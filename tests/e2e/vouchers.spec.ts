import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, demoVoucherClass, signIn } from './support';

const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
// A morning at the desk in two tests (the purchase; the class it pays for), each about 20 steps: as
// one test of 45 steps on two devices it ran past its time on CI's busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

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

/** A VOUCHER class of the demo teacher for one student at `rate`, begun 3 hours ago, 90 minutes long. */
async function addTaughtClass(request: APIRequestContext, studentId: number, rate: string, tag: string) {
  const start = new Date(Date.now() - 3 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  return demoVoucherClass(request, await apiAs(request, 'admin'), {
    start,
    minutes: 90,
    studentId,
    hourlyRate: rate,
    comments: `Voucher class ${tag}`,
    // The demo teacher has a full timetable: this class may overlap one of theirs.
    reason: `browser test ${tag}`,
  });
}

test('an operator records a purchase with a gift, once for a double click, and the list and the voucher tab show it', async ({
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
  // The method is picked from the list (built-in methods translated, then the centre's own).
  await dialog.getByLabel('Payment method').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E-transfer' }).click();
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

test('the teacher confirms a voucher class, and the voucher tab explains the charge and, after an attendance change, its reversal', async ({
  page,
  browser,
  request,
}) => {
  // A student with 300.00 bought and 50.00 given (the purchase form is the test above).
  const lastName = `Charged${suffix}`;
  const admin = await apiAs(request, 'admin');
  await signIn(page, 'operator');
  await page.goto('/voucherPurchaseHistory');
  const id = await addStudent(page, `VC-${suffix}`, lastName);
  const bought = await request.post('/api/voucher-purchases', {
    headers: admin,
    data: {
      studentId: id,
      type: 'PURCHASE',
      purchaseDate: new Date().toISOString().slice(0, 10),
      voucherAmount: '300.00',
      giftAmount: '50.00',
      idempotencyKey: randomUUID(),
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const totals = page.locator('.voucher-ledger-totals .ant-statistic');

  // The demo teacher confirms, on a phone, the 90-minute class they taught this student at 45.00 an hour.
  const classId = await addTaughtClass(request, id, '45', suffix);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, 'teacher');
  await phone.goto('/teacherConfirmation');
  const card = phone.locator('.ant-card').filter({ hasText: `Vee ${lastName}` });
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(card.getByText('Completed')).toBeVisible();
  await phone.close();

  // 1.5 h x 45.00 = 67.50 charged: balance 350.00 - 67.50 = 282.50, and the charge says why.
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto(`/student/studentDashboard/${id}`);
  await page.getByRole('tab', { name: 'Voucher History' }).click();
  await expect(totals.filter({ hasText: 'Balance' })).toContainText('CA$282.50');
  await expect(totals.filter({ hasText: 'Total paid from voucher' })).toContainText('CA$67.50');
  const charge = page.getByRole('row', { name: /Class charge/ });
  await expect(charge).toHaveCount(1);
  await expect(charge).toContainText('-CA$67.50CA$282.50');
  await expect(charge).toContainText('1.50 h × CA$45.00');
  await expect(charge).toContainText('Attended');
  // 282.50 / 67.50: about 4 such classes left.
  await expect(page.locator('.voucher-classes-left')).toHaveText(
    'About 4 classes left at CA$67.50 a class (the last class charge)',
  );
  await page.screenshot({ path: `${test.info().outputDir}/voucher-tab-charge.png` });

  // One click opens that class in the table view, on its attendance.
  await charge.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/schedule/table-view\\?id=${classId}$`));
  // The banner names the class by course and time, not by its number.
  await expect(
    page.getByText(/^Showing only .+, \d{4}-\d{2}-\d{2} \d{2}:\d{2}, opened on its attendance$/),
  ).toBeVisible();
  const attendance = page.locator('.ant-table-expanded-row');
  await expect(attendance).toContainText(`Vee ${lastName}`);
  await expect(attendance).toContainText('Attended');
  await page.screenshot({ path: `${test.info().outputDir}/table-view-one-class.png` });

  // Marking them absent gives the charge back: it says so before saving, with the amount, and after.
  await attendance.getByLabel(`Attendance of Vee ${lastName}`).getByText('Absent', { exact: true }).click();
  const ask = page.getByRole('dialog').filter({ hasText: 'This changes a voucher balance' });
  await expect(ask).toContainText(`CA$67.50 returned to Vee ${lastName}`);
  await page.screenshot({ path: `${test.info().outputDir}/attendance-money-confirm.png` });
  await ask.getByRole('button', { name: 'Save and post' }).click();
  await expect(page.getByText(`Attendance saved: CA$67.50 returned to Vee ${lastName}`)).toBeVisible();

  // The ledger keeps its past: the charge still says what it charged for; the reversal what changed.
  await page.goto(`/student/studentDashboard/${id}`);
  await page.getByRole('tab', { name: 'Voucher History' }).click();
  await expect(totals.filter({ hasText: 'Balance' })).toContainText('CA$350.00');
  await expect(charge).toContainText('1.50 h × CA$45.00 · Attended · Class confirmed');
  const reversal = page.getByRole('row', { name: /Charge reversal/ });
  await expect(reversal).toContainText('CA$67.50CA$350.00');
  await expect(reversal).toContainText('Attendance changed: Attended → Absent');
  await page.screenshot({ path: `${test.info().outputDir}/voucher-tab-reversal.png` });
});

test('a refund beyond the balance says what the balance becomes; only an admin can confirm it', async ({ page }) => {
  const run = `${suffix}${test.info().repeatEachIndex}${test.info().retry}`; // a new student on every run
  const lastName = `Refund${run}`;
  const openRefund = async (amount: string) => {
    await page.goto('/voucherPurchaseHistory');
    await page.getByRole('button', { name: 'New purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'New voucher purchase' });
    await dialog.getByLabel('Student', { exact: true }).fill(lastName);
    await page.locator('.ant-select-item-option', { hasText: lastName }).click();
    await dialog.getByLabel('Type', { exact: true }).click({ force: true }); // the shown value covers the input
    // By its exact title: the student's name holds "Refund" too, and their list may still be closing.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Refund"]').click();
    await dialog.getByLabel('Voucher amount').fill(amount);
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  const balanceText = 'This refund of 25.00 is more than the balance of 0.00: the balance would become -25.00.';

  await signIn(page, 'operator');
  await page.goto('/voucherPurchaseHistory');
  await addStudent(page, `R-${run}`, lastName);
  const refused = await openRefund('25');
  await expect(refused.getByText(balanceText, { exact: false })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Refund more than the balance?' })).toHaveCount(0);
  await expect(refused).toBeVisible(); // nothing saved, the form keeps what was typed

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  await openRefund('25');
  const ask = page.getByRole('dialog', { name: 'Refund more than the balance?' });
  await expect(ask).toContainText(balanceText);
  await ask.getByRole('button', { name: 'Refund anyway' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible();
  // The list shows the newest first: the refund, the one row of this student.
  const rows = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Refund');
  await expect(rows).toContainText('-CA$25.00');
});
