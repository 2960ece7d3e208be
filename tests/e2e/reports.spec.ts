import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs, signIn } from './support';

const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-rep';
test.describe.configure({ timeout: 120_000 });

/** Signs in through the API and returns the bearer headers (setup, not the thing tested). */

test('the salary tab shows the classes a new teacher taught this month with their total, and exports them', async ({
  page,
  request,
}) => {
  // Setup as the demo admin: a teacher of this test's own and two classes of theirs taught today
  // (started 5 and 3 hours ago), confirmed. In the first hours of a month (the demo centre's zone) no
  // class can be both taught already and of this month, which the tab shows by default: skip then.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    day: 'numeric',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  test.skip(part('day') === 1 && part('hour') < 6, 'the month began less than 6 hours ago in the centre');
  const admin = await apiAs(request, 'admin');
  const lastName = `Salary${suffix}`;
  const created = await request.post('/api/teachers', {
    headers: admin,
    data: {
      login: `salary${suffix.toLowerCase()}`,
      password: 'teacher-password-1',
      email: `salary.${suffix.toLowerCase()}@example.test`,
      firstName: 'Rita',
      lastName,
      hourlyRate: '42.50',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const teacherId = ((await created.json()) as { id: number }).id;
  const courses = (await (await request.get('/api/courses/options', { headers: admin })).json()) as {
    id: number;
    name: string;
  }[];
  const teach = async (hoursAgo: number, minutes: number) => {
    const start = new Date(Date.now() - hoursAgo * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const res = await request.post('/api/schedules', {
      headers: admin,
      data: {
        courseType: 'GROUP',
        courseId: courses[0].id,
        teacherId,
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
        teacherHourlyRate: '42.50',
        paymentType: 'CASH',
        comments: `Salary report ${suffix}`,
        students: [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { schedule: { id: number } }).schedule.id;
    const confirmed = await request.post(`/api/schedules/${id}/confirm`, { headers: admin, data: {} });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  };
  // 42.50 x 50 / 60 = 35.416.. -> 35.42 (0.83 h); 42.50 x 75 / 60 = 53.125 -> 53.13 (1.25 h).
  await teach(5, 50);
  await teach(3, 75);

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto('/report?tab=salary');
  await expect(page.getByRole('tab', { name: 'Teacher salary', selected: true })).toBeVisible();
  const teacherFilter = page.locator('.ant-pro-query-filter').getByLabel('Teacher', { exact: true });
  await teacherFilter.click();
  await teacherFilter.fill(lastName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: lastName }).click();
  await page.getByRole('button', { name: /Query/ }).click();

  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Rita ${lastName}`);
  await expect(rows.nth(0)).toContainText('0.83');
  await expect(rows.nth(0)).toContainText('CA$35.42');
  await expect(rows.nth(1)).toContainText('1.25');
  await expect(rows.nth(1)).toContainText('CA$53.13');
  await expect(rows.nth(0)).toContainText(courses[0].name);
  const totals = page.locator('.report-totals');
  await expect(totals).toContainText('Lines: 2');
  await expect(totals).toContainText('Hours: 2.08');
  await expect(totals).toContainText('Amount: CA$88.55');
  await page.screenshot({ path: `${shots}/salary-1366.png`, fullPage: true });

  // Export: the same two lines and the teacher's total, as an .xlsx file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^teacher-salary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const values: unknown[][] = [];
  sheet.eachRow((row) => {
    values.push([row.getCell(1).value, row.getCell(9).value, row.getCell(11).value]);
  });
  expect(values).toEqual([
    ['Teacher', 'Teacher hours', 'Amount'],
    [`Rita ${lastName}`, 0.83, 35.42],
    [`Rita ${lastName}`, 1.25, 53.13],
    [`Total Rita ${lastName}`, 2.08, 88.55],
    ['Total', 2.08, 88.55],
  ]);

  // Every teacher: the per-teacher totals list this teacher with the same figures.
  await page.getByRole('button', { name: /Reset/ }).click();
  const perTeacher = page.locator('.salary-per-teacher');
  const mine = perTeacher.getByRole('row', { name: new RegExp(lastName) });
  await expect(mine).toContainText('CA$88.55');
  await expect(mine).toContainText('2.08');
  await page.screenshot({ path: `${shots}/salary-all-1366.png`, fullPage: true });
});

test('the purchase history tab lists a purchase of this month with its totals', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const lastName = `History${suffix}`;
  const student = await request.post('/api/students', {
    headers: admin,
    data: { studentId: `RH-${suffix}`, firstName: 'Hana', lastName },
  });
  expect(student.status()).toBe(201);
  const studentId = ((await student.json()) as { id: number }).id;
  // Today in the centre's zone (the demo centre's, America/Toronto): a date of the default range.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  for (const [type, voucherAmount, giftAmount] of [
    ['PURCHASE', '400.00', '40.00'],
    ['REFUND', '25.50', '0'],
  ]) {
    const res = await request.post('/api/voucher-purchases', {
      headers: admin,
      data: {
        studentId,
        type,
        purchaseDate: today,
        voucherAmount,
        giftAmount,
        paymentMethod: 'CARD',
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto('/report');
  await expect(page.getByRole('tab', { name: 'Purchase history', selected: true })).toBeVisible();
  await page.locator('.ant-pro-query-filter').getByLabel('Student', { exact: true }).fill(lastName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: lastName }).click();
  await page.getByRole('button', { name: /Query/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('CA$400.00');
  await expect(rows.nth(0)).toContainText('CA$440.00'); // balance after: voucher + gift
  await expect(rows.nth(1)).toContainText('CA$414.50');
  const totals = page.locator('.report-totals');
  await expect(totals).toContainText('Purchased: CA$400.00');
  await expect(totals).toContainText('Gift: CA$40.00');
  await expect(totals).toContainText('Refunded: CA$25.50');
  await expect(totals).toContainText('Net: CA$414.50');
  await page.screenshot({ path: `${shots}/purchases-1366.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toMatch(/^purchase-history-.*\.xlsx$/);

  // The payroll close tab is the payroll feature's own screen.
  await page.getByRole('tab', { name: 'Payroll close' }).click();
  await expect(page).toHaveURL(/tab=payroll/);
  await page.screenshot({ path: `${shots}/payroll-tab-1366.png`, fullPage: true });
});
