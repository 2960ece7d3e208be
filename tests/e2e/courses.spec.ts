import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, signIn } from './support';

// The machine is shared while the suite runs: give each flow room.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

test('an operator adds a course, then a term whose end must come after its start', async ({ page }) => {
  const name = `Algebra ${unique()}`;
  await signIn(page, 'operator');
  await page.goto('/course');
  await page.getByRole('button', { name: 'New course' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('School').fill('North High');
  await dialog.getByLabel('Course number').fill('MATH-101');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.goto('/term');
  await page.getByRole('button', { name: 'New term' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(`${name}, Spring 2026`);
  await dialog.getByLabel('School').fill('North High');
  await dialog.getByLabel('Course', { exact: true }).fill(name.slice(0, 12));
  await page.locator('.ant-select-item-option', { hasText: name }).click();
  await pickDate(page, 'Start date', '2026-03-01');
  await pickDate(page, 'End date', '2026-02-01');
  await expect(dialog.getByText('End date must be after the start date')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('End date must be after the start date')).toBeVisible();

  // Enter in a field submits the form (keyboard-friendly forms).
  await pickDate(page, 'End date', '2026-05-30');
  await expect(page.getByText('Added successfully')).toBeVisible();
  // The demo centre has many terms: find this one (again if the reload after saving answered last).
  const search = page.getByPlaceholder('Name, course, school or comments');
  await search.fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(async () => {
    await search.press('Enter');
    await expect(row).toContainText('2026-03-01', { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(row).toContainText('2026-05-30');
});

/** A course, a term of it and a student, made through the API with the operator's token. */
async function courseTermAndStudent(request: APIRequestContext, token: string) {
  const tag = unique();
  const course = await apiPost<{ id: number }>(request, token, '/api/courses', {
    school: 'North High',
    // A course number is unique within its school.
    courseNumber: `PHY-${tag}`,
    name: `Physics ${tag}`,
  });
  const term = await apiPost<{ id: number }>(request, token, '/api/terms', {
    name: `Physics ${tag}, Winter 2026`,
    school: 'North High',
    courseId: course.id,
    startDate: '2026-01-05',
    endDate: '2026-03-30',
  });
  const lastName = `Regtest${tag}`;
  const student = await apiPost<{ id: number }>(request, token, '/api/students', {
    studentId: `E2E-${tag}`,
    firstName: 'Lily',
    lastName,
  });
  return { courseName: `Physics ${tag}`, termId: term.id, studentId: student.id, lastName };
}

test('an operator marks a registration paid and the Unpaid filter no longer lists it', async ({ page, request }) => {
  const token = await apiToken(request, 'operator');
  const { termId, studentId, lastName } = await courseTermAndStudent(request, token);
  await apiPost(request, token, '/api/term-registers', { termId, studentId, paymentType: 'CASH', price: '450.00' });

  await signIn(page, 'operator');
  await page.goto('/termRegister');
  const status = page.locator('.ant-segmented');
  await status.getByText('Unpaid', { exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('$450.00');
  await row.getByRole('switch', { name: `Paid: Lily ${lastName}` }).click();
  // Money changes hands: it asks first with the amount, and records the day and how it was paid.
  const ask = page.locator('.ant-popconfirm');
  await expect(ask).toContainText('Mark CA$450.00 paid?');
  await ask.locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: 'E-transfer' }).click();
  await ask.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByText(/CA\$450\.00 marked paid on \d{4}-\d{2}-\d{2} \(E-transfer\)/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await status.getByText('Paid', { exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toBeVisible();
});

test('an operator registers a student for a term in the form', async ({ page, request }) => {
  const token = await apiToken(request, 'operator');
  const { courseName, lastName } = await courseTermAndStudent(request, token);

  await signIn(page, 'operator');
  await page.goto('/termRegister');
  await page.getByRole('button', { name: 'New registration' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Term', { exact: true }).fill(courseName);
  await page.locator('.ant-select-item-option', { hasText: courseName }).click();
  await dialog.getByLabel('Student', { exact: true }).fill(lastName);
  await page.locator('.ant-select-item-option', { hasText: lastName }).click();
  await dialog.getByLabel('Price').fill('12.345');
  await expect(dialog.getByText('Enter an amount of at least 0 with at most 2 decimals')).toBeVisible();
  await dialog.getByLabel('Price').fill('99.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText('$99.50');
  await expect(row).toContainText(courseName);
});

test('a teacher may not open the course list', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/course');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
});
