import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerThroughEmail } from './register-support';
import { apiToken, menu, signIn, signInWithForm } from './support';

// Issue 19, section 5: names and details people read. Terms have names, menus and titles agree,
// empty lists say why, the newest request of a list wins, one notice at a time offline.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const tokenOf = apiToken;

async function post<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

const pageTitle = (page: Page) => page.locator('.ant-page-header-heading-title');

test('a term is picked and listed by its whole name', async ({ page, request }) => {
  const tag = unique();
  const token = await tokenOf(request, 'operator');
  const course = await post<{ id: number }>(request, token, '/api/courses', {
    school: 'North High',
    courseNumber: `NM-${tag}`,
    name: `Names ${tag}`,
  });
  const termName = `Names ${tag}: Advanced Placement Calculus and Vectors, Winter 2027 evening group`;
  await post(request, token, '/api/terms', {
    name: termName,
    school: 'North High',
    courseId: course.id,
    startDate: '2026-11-05',
    endDate: '2027-02-23',
  });
  await post(request, token, '/api/students', { studentId: `NM-${tag}`, firstName: 'Nia', lastName: `Named${tag}` });

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto('/term');
  await page.getByPlaceholder('Name, course, school or comments').fill(termName);
  await page.getByPlaceholder('Name, course, school or comments').press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(`Names ${tag}:`) })).toContainText(termName);

  await page.goto('/termRegister');
  await page.getByRole('button', { name: 'New registration' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Term', { exact: true }).fill(`Names ${tag}`);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: termName });
  await expect(option).toBeVisible();
  // Never cut: the whole name is on screen (the list is wider than the field, and wraps if need be).
  await expect(option).toHaveAttribute('title', new RegExp(termName));
  const cut = await option
    .locator('.ant-select-item-option-content')
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
  await expect(option).toBeInViewport({ ratio: 1 });
  await option.click();
  await dialog.getByLabel('Student', { exact: true }).fill(`Named${tag}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Named${tag}` }).click();
  await dialog.getByLabel('Price').fill('120');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Named${tag}`) });
  await expect(row).toContainText(termName.slice(0, 20));
  await expect(row.locator(`span[title^="${termName} (2026-11-05 to 2027-02-23)"]`)).toHaveCount(1);
});

test("menu entries and page titles agree, and the admin page is only in the centre's menus", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signInWithForm(page, 'admin');
  const sider = page.locator('.ant-layout-sider');
  for (const [entry, path] of [
    ['Teachers', '/teacher'],
    ['Courses', '/course'],
    ['Terms', '/term'],
    ['Term Registrations', '/termRegister'],
    ['Referrals', '/Referral'],
    ['Reports', '/report'],
  ]) {
    await sider.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(menu(page).filter({ hasText: new RegExp(`^${entry}$`) })).toBeVisible();
    await expect(pageTitle(page), path).toHaveText(entry);
  }
  await expect(menu(page).filter({ hasText: /^Admin$/ })).toBeVisible();

  // Teacher Availability: one Save (the availability's); the embed link's button says what it does.
  await page.goto('/schedule/google-calendar');
  await expect(page.getByRole('button', { name: 'Show this calendar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);

  for (const login of ['teacher', 'system']) {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInWithForm(page, login);
    await expect(menu(page).first()).toBeVisible();
    await expect(menu(page).filter({ hasText: /Admin|Sub Page/ }), login).toHaveCount(0);
  }
});

test('an empty list says "yet" without a filter and "nothing matches" with one', async ({ page, request }) => {
  const login = `names${unique()}`;
  const password = 'a-long-password';
  await registerThroughEmail(request, {
    organisationName: `Names ${login}`,
    login,
    email: `${login}@example.test`,
    password,
    timeZone: 'America/Toronto',
    currency: 'CAD',
  });
  await signIn(page, login, password);
  await page.goto('/voucherPurchaseHistory');
  const body = page.locator('.ant-table-tbody');
  await expect(body).toContainText('No purchases yet');
  await expect(body).not.toContainText('match');
  await page.goto('/teacher');
  await expect(body).toContainText('No teachers yet');
  const search = page.getByPlaceholder('Name, login or employee ID');
  await search.fill('nobody');
  await search.press('Enter');
  await expect(body).toContainText('Nothing matches this search or these filters');
});

test('a search typed while the list loads keeps its rows when the earlier reply lands last', async ({
  page,
  request,
}) => {
  const tag = unique();
  const token = await tokenOf(request, 'operator');
  const course = await post<{ id: number }>(request, token, '/api/courses', {
    school: 'North High',
    courseNumber: `RC-${tag}`,
    name: `Race ${tag}`,
  });
  await post(request, token, '/api/terms', {
    name: `Race ${tag}, Fall 2026`,
    school: 'North High',
    courseId: course.id,
    startDate: '2026-09-08',
    endDate: '2026-12-18',
  });
  await signIn(page, 'operator');
  // The first, unfiltered reply is held back until after the search's reply has been shown.
  let unfilteredDone: () => void = () => undefined;
  const unfilteredLanded = new Promise<void>((resolve) => {
    unfilteredDone = resolve;
  });
  let held = false;
  let searched = false;
  await page.route(/\/api\/terms\?/, async (route) => {
    const url = new URL(route.request().url());
    if (!url.searchParams.get('q') && !held) {
      held = true;
      while (!searched) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
      setTimeout(unfilteredDone, 500);
      return;
    }
    await route.continue();
  });
  await page.goto('/term');
  const search = page.locator('.ant-pro-table-list-toolbar').getByRole('searchbox');
  await search.fill(`Race ${tag}`);
  const filtered = page.waitForResponse((r) => r.url().includes('/api/terms?') && r.url().includes('q='));
  await search.press('Enter');
  searched = true;
  await filtered;
  await unfilteredLanded;
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Race ${tag}, Fall 2026`);
  // Still so a moment later (nothing else lands).
  await page.waitForTimeout(500);
  await expect(rows).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('offline, the offline notice is the only notice: no network error stacked over it', async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/term');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await context.setOffline(true);
    const offline = page.locator('.ant-notification-notice').filter({ hasText: 'You are offline' });
    await expect(offline).toHaveCount(1);
    // A request made offline (the list's Reload) fails: its network error is not shown on top.
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/terms'));
    await page.getByRole('img', { name: 'reload' }).first().click();
    await failed;
    await page.waitForTimeout(1000);
    // Counted at once: a network error notice would close by itself after a few seconds.
    expect(await page.locator('.ant-notification-notice').allTextContents()).toEqual([
      expect.stringContaining('You are offline'),
    ]);
    await expect(offline).toBeInViewport();
    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
  });
});

test('a new student: a namesake is warned about, then the new record and its next steps are offered', async ({
  page,
}) => {
  const tag = unique();
  const lastName = `Newcomer${tag}`;
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto('/student/all-student');
  const addStudent = async () => {
    await page.getByRole('button', { name: 'New student' }).click();
    const dialog = page.getByRole('dialog', { name: 'New student' });
    await dialog.getByLabel('First name').fill('Hana');
    await dialog.getByLabel('Last name').fill(lastName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  await addStudent();
  const added = page.getByRole('dialog').filter({ hasText: 'was added' });
  await expect(added).toContainText(`Hana ${lastName}`);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();

  // The same name again: a warning naming the existing student; Go back keeps the form, Add anyway adds.
  const form = await addStudent();
  const warning = page.getByRole('dialog').filter({ hasText: 'A student like this one is already here' });
  await expect(warning).toContainText(`Hana ${lastName}`);
  await expect(warning).toContainText('same name');
  await warning.getByRole('button', { name: 'Go back' }).click();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await warning.getByRole('button', { name: 'Add anyway' }).click();
  await expect(added).toContainText(`Hana ${lastName}`);

  // Record a payment: the purchase form opens with this student chosen.
  await added.getByRole('button', { name: 'Record a payment' }).click();
  const purchase = page.getByRole('dialog', { name: /New/ }).filter({ has: page.getByLabel('Student') });
  await expect(purchase.locator('.ant-select-selection-item', { hasText: `Hana ${lastName}` })).toBeVisible();
  await purchase.getByRole('button', { name: 'Cancel' }).click();
  await expect(purchase).toBeHidden();
});

test('codes read as words: the calendar says its zone, one class is named by course and time', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'admin');
  const reply = await request.get('/api/schedules', {
    params: { pageSize: 1 },
    headers: { Authorization: `Bearer ${token}` },
  });
  const [first] = ((await reply.json()) as { data: { id: number; course: { name: string } }[] }).data;
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto('/schedule/schedule-calendar');
  await expect(page.getByText(/^Times in Toronto time \(UTC−0[45]:00\)$/)).toBeVisible();
  await expect(page.getByText('America/Toronto')).toHaveCount(0);
  await page.goto(`/schedule/table-view?id=${first.id}`);
  const banner = page.locator('.ant-alert').filter({ hasText: 'Showing only' });
  await expect(banner).toContainText(
    new RegExp(`Showing only ${first.course.name}, \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`),
  );
  await expect(banner).not.toContainText(`#${first.id}`);
});
