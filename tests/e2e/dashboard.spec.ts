import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './a11y-support';
import { signIn } from './support';

// The demo centre is shared with other specs running at the same time: this spec's student has a
// unique name and a balance far below anyone else's, and never asserts the centre's counts.
const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
test.describe.configure({ timeout: 90_000 });

/** One API call with the signed-in user's token (setup, not the thing tested). */
async function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem('levelup-access-token');
      const res = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, url, body },
  );
}

const purchase = (studentId: number, type: string, voucherAmount: string) => ({
  studentId,
  type,
  purchaseDate: new Date().toISOString().slice(0, 10),
  voucherAmount,
  giftAmount: '0',
  idempotencyKey: randomUUID(),
});

test('a student whose balance falls below the threshold shows in the low-balance card, owing in red', async ({
  page,
}) => {
  await signIn(page, 'operator');
  const lastName = `Dash${suffix}`;
  const created = await api(page, 'POST', '/api/students', {
    studentId: `DB-${suffix}`,
    firstName: 'Lowe',
    lastName,
  });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const threshold = (await api(page, 'GET', '/api/dashboard')).body.lowBalanceThreshold as string;
  // Above the threshold first: a purchase of threshold + 50.
  const above = (Number(threshold) + 50).toFixed(2);
  expect((await api(page, 'POST', '/api/voucher-purchases', purchase(id, 'PURCHASE', above))).status).toBe(201);

  await page.goto('/dashboard');
  const card = page.getByTestId('dashboard-low-balance');
  await expect(card.getByRole('row').nth(1)).toBeVisible();
  await expect(card).not.toContainText(lastName);
  // The operator sees the threshold but may not change it.
  await expect(page.getByTestId('low-balance-threshold')).toContainText('Below CA$');
  await expect(page.getByRole('button', { name: 'Change the threshold' })).toHaveCount(0);

  // An adjustment takes the balance to -9,876.54: the lowest in the centre, so first in the card.
  const adjustment = `-${(Number(above) + 9876.54).toFixed(2)}`;
  expect((await api(page, 'POST', '/api/voucher-purchases', purchase(id, 'ADJUSTMENT', adjustment))).status).toBe(201);
  await page.reload();
  const row = card.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('Owing CA$9,876.54');
  await expect(row.locator('.ant-typography-danger')).toBeVisible();
  await row.getByRole('link', { name: `Lowe ${lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/student/studentDashboard/${id}$`));

  // The student list shows the same balance as owing, and the totals derived from the ledger.
  await page.goto('/student/all-student');
  await page.getByPlaceholder('Name or student ID').fill(lastName);
  await page.getByPlaceholder('Name or student ID').press('Enter');
  const listed = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(listed).toHaveCount(1);
  await expect(listed.locator('.ant-typography-danger')).toHaveText('-CA$9,876.54');
  await expect(listed).toContainText(`CA$${Number(above).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
});

test('an admin changes the threshold in place; a bad amount is refused on its field', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard');
  const shown = page.getByTestId('low-balance-threshold');
  await expect(shown).toContainText('Below CA$');
  const before = (await api(page, 'GET', '/api/dashboard')).body.lowBalanceThreshold as string;
  const edit = async (value: string) => {
    await page.getByRole('button', { name: 'Change the threshold' }).click();
    await page.getByLabel('Low-balance threshold').fill(value);
    await page.getByRole('button', { name: 'Save' }).click();
  };
  await edit('12.345');
  await expect(page.getByText('Enter an amount of at least 0 with at most 2 decimals').first()).toBeVisible();
  expect((await api(page, 'GET', '/api/dashboard')).body.lowBalanceThreshold).toBe(before);
  await page.getByRole('button', { name: 'Cancel' }).click();

  const next = (Number(before) + 0.25).toFixed(2);
  await edit(next);
  await expect(shown).toContainText(`Below CA$${Number(next).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  // Put it back: other specs share this centre.
  await edit(before);
  await expect(shown).toContainText(`Below CA$${Number(before).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

  // The charts load (their own chunk) when they come near the screen, and draw.
  await page.getByText('Classes taught per week').scrollIntoViewIfNeeded();
  await expect(page.locator('canvas').first()).toBeVisible();
});

test('on a phone the charts load only when scrolled to, not with the cards above them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const charts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/dashboard/charts') charts.push(r.url());
  });
  await signIn(page, 'admin');
  await page.goto('/dashboard');
  // The three cards have their first page (their totals in the titles), and the page is quiet.
  for (const title of [/Missing or failed feedback \(\d+\)/, /Low balance \(/, /Unpaid term registrations \(\d+\)/]) {
    await expect(page.getByText(title).first()).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(charts).toEqual([]);
  await expect(page.locator('canvas')).toHaveCount(0);
  // The feedback card's table scrolls sideways rather than squeezing its course column to a letter.
  const course = page.getByTestId('feedback-issues').getByRole('columnheader', { name: 'Course' });
  expect((await course.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(100);
  // axe on the page as a phone shows it (the charts still waiting below).
  expect(await seriousViolations(page)).toEqual([]);
  // Near the foot of the page they load and draw.
  await page.getByText('Classes taught per week').scrollIntoViewIfNeeded();
  await expect(page.locator('canvas').first()).toBeVisible();
  expect(charts).toHaveLength(1);
});
