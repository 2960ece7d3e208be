import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, pickSearched, signIn } from './support';

// A bulk email to a filtered group: the count, a preview for a real recipient, the send, the progress
// until the queue drains (the e2e server's worker writes .eml files: SENT), and per-recipient status.
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function apiPost<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A course with a term, three students registered who allow email and one who does not. */
async function courseWithStudents(request: APIRequestContext) {
  const token = await apiToken(request, 'operator');
  const tag = unique();
  const courseName = `Mailcourse ${tag}`;
  const course = await apiPost<{ id: number }>(request, token, '/api/courses', {
    school: 'Bulk High',
    courseNumber: `BULK-${tag}`,
    name: courseName,
  });
  const term = await apiPost<{ id: number }>(request, token, '/api/terms', {
    name: `${courseName}, Winter 2026`,
    school: 'Bulk High',
    courseId: course.id,
    startDate: '2026-01-05',
    endDate: '2026-03-30',
  });
  const lastName = `Mailer${tag}`;
  for (const [first, allowEmail] of [
    ['Ava', true],
    ['Ben', true],
    ['Cleo', true],
    ['Dan', false],
  ] as const) {
    const student = await apiPost<{ id: number }>(request, token, '/api/students', {
      studentId: `M-${first}-${tag}`,
      firstName: first,
      lastName,
      email: `${first.toLowerCase()}.${tag}@family.test`,
      allowEmail,
    });
    await apiPost(request, token, '/api/term-registers', {
      termId: term.id,
      studentId: student.id,
      paymentType: 'CASH',
      price: '10.00',
    });
  }
  return { courseName, lastName, tag };
}

test('an operator emails a course group: count, preview, send, progress to done, per-recipient statuses', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const { courseName, lastName, tag } = await courseWithStudents(request);
  await signIn(page, 'operator');
  await page.goto('/email');

  // Students (the default group) of this course only.
  await pickSearched(page, page.getByLabel('Course', { exact: true }), courseName);
  const count = page.locator('.ant-statistic-content-value');
  await expect(count).toHaveText('3');
  await expect(page.getByText(/Left out: 1 \(students who do not allow email\)/)).toBeVisible();
  await shot(page, 'email-compose-count');

  const subject = `Term news ${tag}`;
  await page.getByLabel('Subject', { exact: true }).fill(`${subject} for {firstName}`);
  await page.getByLabel('Body', { exact: true }).fill('Hello {fullName},\n\nClasses start on Monday at {centreName}.');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.locator('.email-preview');
  await expect(preview).toContainText(`${subject} for Ava`);
  await expect(preview).toContainText(`Hello Ava ${lastName},`);
  await shot(page, 'email-compose-preview');

  // An unknown placeholder is refused on the field.
  await page.getByLabel('Body', { exact: true }).fill('Hi {nickname}');
  await expect(page.getByText(/Unknown placeholder \{nickname\}/)).toBeVisible();
  await page.getByLabel('Body', { exact: true }).fill('Hello {fullName},\n\nClasses start on Monday at {centreName}.');

  await page.getByRole('button', { name: 'Send to 3 recipients' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('will be queued for 3 recipients');
  await confirm.getByRole('button', { name: 'Send' }).click();

  const progress = page.locator('.email-batch-progress');
  await expect(progress).toBeVisible();
  await shot(page, 'email-progress');
  await expect(progress).toHaveAttribute('data-finished', 'true', { timeout: 60_000 });
  await expect(progress.getByText('Finished', { exact: true })).toBeVisible();
  const rows = progress.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(progress.locator('[data-status="SENT"]')).toHaveCount(3);
  await expect(progress.getByText(`dan.${tag}@family.test`)).toHaveCount(0);
  await shot(page, 'email-recipient-status');

  // Search among the recipients.
  await progress.getByPlaceholder('Search name or address').fill('Cleo');
  await progress.getByPlaceholder('Search name or address').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`cleo.${tag}@family.test`);

  // History lists it; opening it shows the same statuses.
  await page.goto('/email?tab=history');
  const row = page.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Finished');
  await shot(page, 'email-history');
  await row.getByRole('button', { name: 'Open' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('[data-status="SENT"]')).toHaveCount(3);
  await shot(page, 'email-history-open');
});

test('templates: the "Email Template" menu entry, a template saved and used in Compose', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const name = `Welcome ${unique()}`;
  await signIn(page, 'operator');
  await page.goto('/email');
  await page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Email Template' }).click();
  await expect(page).toHaveURL(/\/emailTemplate$/);
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Subject', { exact: true }).fill('Welcome, {first_name}');
  await dialog.getByLabel('Body', { exact: true }).fill('Dear {fullName}, welcome to {centreName}.');
  await expect(dialog.getByText(/Unknown placeholder \{first_name\}/)).toBeVisible();
  await dialog.getByLabel('Subject', { exact: true }).fill('Welcome, {firstName}');
  await shot(page, 'email-template-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Search name or subject').fill(name);
  await page.getByPlaceholder('Search name or subject').press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await shot(page, 'email-templates');

  await page.getByRole('tab', { name: 'Compose' }).click();
  await page.getByLabel('Template', { exact: true }).fill(name);
  await page.locator('.ant-select-item-option', { hasText: name }).click();
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Welcome, {firstName}');
  await expect(page.getByLabel('Body', { exact: true })).toHaveValue('Dear {fullName}, welcome to {centreName}.');
});

// The e2e server's database adapter (PGlite there) cannot bind every array parameter: staff are counted.
test('the staff and teacher groups count on this server', async ({ request }) => {
  const token = await apiToken(request, 'operator');
  const res = await request.post('/api/email/audience/count', {
    data: { groups: ['STAFF', 'TEACHERS'] },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { byGroup: { STAFF: number; TEACHERS: number } };
  expect(body.byGroup.STAFF).toBeGreaterThanOrEqual(2); // the demo admin and operator
  expect(body.byGroup.TEACHERS).toBeGreaterThanOrEqual(1);
});

test('a teacher may not open /email', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/email');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
});
