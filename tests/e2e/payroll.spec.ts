import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './support';

const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
// A month of 2021 no other test uses (the demo centre is shared by parallel tests): only this test's classes.
const monthNumber = 1 + Math.floor(Math.random() * 12);
const month = `2021-${String(monthNumber).padStart(2, '0')}`;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-pay';
test.describe.configure({ timeout: 120_000 });

/** Signs in through the API and returns the bearer headers (setup, not the thing tested). */

test('an admin reviews a past month, sees its blockers and closes it', async ({ page, request }) => {
  // Setup through the API: two classes of the demo teacher in the month, one confirmed, one left planned.
  const admin = await apiAs(request, 'admin');
  const teachers = await request.get('/api/teachers', { headers: admin, params: { q: 'teacher', pageSize: 50 } });
  const teacher = ((await teachers.json()) as { data: { id: number; login: string }[] }).data.find(
    (t) => t.login === 'teacher',
  );
  expect(teacher).toBeDefined();
  const courses = (await (await request.get('/api/courses/options', { headers: admin })).json()) as { id: number }[];
  const createClass = async (day: string, minutes: number) => {
    const start = new Date(`${month}-${day}T15:00:00Z`);
    const res = await request.post('/api/schedules', {
      headers: admin,
      data: {
        courseType: 'GROUP',
        courseId: courses[0].id,
        teacherId: teacher?.id,
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
        teacherHourlyRate: '30.00',
        paymentType: 'CASH',
        comments: `Payroll close ${suffix}`,
        students: [],
        override: { reason: `browser test ${suffix}` },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { schedule: { id: number } }).schedule.id;
  };
  const taught = await createClass('10', 90);
  const planned = await createClass('17', 60);
  const confirmed = await request.post(`/api/schedules/${taught}/confirm`, { headers: admin, data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto('/report');
  await page.getByRole('tab', { name: /Payroll/ }).click();
  const picker = page.locator('.payroll-month input');
  await picker.click();
  await picker.fill(month);
  await picker.press('Enter');
  await expect(page.locator('.payroll-status')).toHaveText('Open');

  // One unconfirmed class blocks a clean close: a count to click, the tab opens on the teachers; its
  // row links to the class's day in the calendar.
  await expect(page.getByRole('tab', { name: 'Per teacher', selected: true })).toBeVisible();
  await expect(page.locator('.payroll-blocker-count')).toContainText('1');
  await page.locator('.payroll-blockers-link').click();
  const blockers = page.locator('.payroll-blockers');
  await expect(blockers.getByRole('row')).toHaveCount(2);
  await expect(blockers).toContainText('Not confirmed');
  await expect(blockers.locator('.payroll-class-link')).toHaveAttribute('href', `/schedule/table-view?id=${planned}`);
  await expect(page.locator('.payroll-close .ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/payroll-review.png` });

  // Per teacher: the confirmed class only, 1.5 h x 30.00.
  await page.getByRole('tab', { name: 'Per teacher' }).click();
  const teacherRow = page.locator('.payroll-teachers tbody tr').first();
  await expect(teacherRow).toContainText('1.50');
  await expect(teacherRow).toContainText('CA$45.00');

  // Closing needs the acknowledgement of the blocker.
  await page.getByRole('button', { name: `Close ${month}` }).click();
  const dialog = page.getByRole('dialog', { name: `Close ${month}?` });
  await expect(dialog).toContainText('Issues blocking a clean close: 1');
  const ok = dialog.getByRole('button', { name: 'Close the period' });
  await expect(ok).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await dialog.getByPlaceholder('Comments (optional)').fill(`Closed by the browser test ${suffix}`);
  await page.screenshot({ path: `${shots}/payroll-dialog.png` });
  await ok.click();
  await expect(page.getByText(`${month} is closed`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.payroll-status')).toHaveText('Closed');
  const closed = page.locator('.payroll-closed');
  await expect(closed).toContainText('CA$45.00');
  await expect(closed).toContainText(`Closed by the browser test ${suffix}`);
  await expect(page.getByRole('button', { name: `Close ${month}` })).toHaveCount(0);
  await expect(page.locator('.payroll-close .ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/payroll-closed.png` });

  // The server agrees: closed once, one line.
  const review = await request.get('/api/payroll/review', { headers: admin, params: { month } });
  expect(await review.json()).toMatchObject({ status: 'CLOSED', period: { classes: 1, totalAmount: '45.00' } });
  const again = await request.post('/api/payroll/close', {
    headers: admin,
    data: { month, acknowledgeBlockers: true },
  });
  expect(again.status()).toBe(409);

  // Afterwards a change to the closed class needs an admin, and is posted to the next open month.
  const operator = await apiAs(request, 'operator');
  const refused = await request.post(`/api/schedules/${taught}/reopen`, { headers: operator });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { errorMessage: string }).errorMessage).toBe(
    `This class belongs to the closed pay period ${month}: only an admin can change it`,
  );
  const reopened = await request.post(`/api/schedules/${taught}/reopen`, { headers: admin });
  expect(reopened.status(), await reopened.text()).toBe(200);
  const next = monthNumber === 12 ? '2022-01' : `2021-${String(monthNumber + 1).padStart(2, '0')}`;
  await picker.click();
  await picker.fill(next);
  await picker.press('Enter');
  await expect(page.locator('.payroll-status')).toHaveText('Open');
  await page.getByRole('tab', { name: /Adjustments into this month/ }).click();
  const adjustment = page.locator('.payroll-adjustments tbody tr');
  await expect(adjustment).toHaveCount(1);
  await expect(adjustment).toContainText('-CA$45.00');
  await expect(adjustment).toContainText(month);
  await expect(page.locator('.payroll-close .ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/payroll-adjustments.png` });
  // The class link opens the table view on that class.
  await adjustment.locator('.payroll-class-link').click();
  await expect(page).toHaveURL(new RegExp(`/schedule/table-view\\?id=${taught}$`));
});

test("an operator sees the review (this month, the demo's last closed month, an open past month) but no close button, in both languages", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto('/report?tab=payroll');
  // It opens on the current month (open whatever the day), per teacher.
  const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);
  await expect(page.locator('.payroll-month input')).toHaveValue(thisMonth);
  await expect(page.locator('.payroll-status')).toHaveText('Open');
  await expect(page.getByRole('tab', { name: 'Per teacher', selected: true })).toBeVisible();
  // The demo centre closed its months up to the last week's unconfirmed classes (its seed): the latest
  // closed one, from the list of closed months, is shown as closed.
  await page.locator('.payroll-periods .ant-tag').first().click();
  await expect(page.locator('.payroll-status')).toHaveText('Closed');
  await expect(page.locator('.payroll-close-button')).toHaveCount(0);
  // An open month that is over (2020: no test closes it): its review, still no close button.
  const picker = page.locator('.payroll-month input');
  await picker.click();
  await picker.fill('2020-03');
  await picker.press('Enter');
  await expect(page.locator('.payroll-status')).toHaveText('Open');
  await expect(page.locator('.payroll-blocker-count')).toBeVisible();
  await expect(page.locator('.payroll-close-button')).toHaveCount(0);
  await expect(page.locator('.payroll-close .ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/payroll-operator.png` });

  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.reload();
  await expect(page.locator('.payroll-status')).toHaveText(/未结算|已结算/);
  await expect(page.getByRole('tab', { name: /按教师/ })).toBeVisible();
  await expect(page.locator('.payroll-close .ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/payroll-zh.png` });
});
