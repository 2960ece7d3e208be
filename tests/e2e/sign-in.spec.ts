import { expect, test } from '@playwright/test';
import { registrationKey } from './register-support';
import { fillLogin, menu, signInWithForm } from './support';

const everyRecordsEntry = [
  'Dashboard',
  'Staff',
  'Teachers',
  'Student',
  'Courses',
  'Terms',
  'Term Registrations',
  'Referrals',
];
const laterEntries = ['Voucher Purchase History', 'Schedule', 'Reports', 'Email'];
const teacherEntries = ['Teacher Confirmation', 'Account Settings'];

test('an unknown user or wrong password shows the seed message and stays on the login page', async ({ page }) => {
  await page.goto('/user/login');
  await fillLogin(page, 'admin', 'not-the-demo-password');
  await expect(page.getByText('Incorrect username/password.')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
});

test('signed out, any page sends the visitor to the login page', async ({ page }) => {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});

for (const login of ['admin', 'operator']) {
  test(`${login} lands on the dashboard and sees the centre's menu`, async ({ page }) => {
    await signInWithForm(page, login);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const name of [...everyRecordsEntry, ...laterEntries]) {
      await expect(
        menu(page)
          .filter({ hasText: new RegExp(`^${name}$`) })
          .first(),
      ).toBeVisible();
    }
    for (const name of teacherEntries) await expect(menu(page).filter({ hasText: name })).toHaveCount(0);
  });
}

test('the teacher sees only their own entries, and /staff shows the 403 text', async ({ page }) => {
  await signInWithForm(page, 'teacher');
  for (const name of teacherEntries) await expect(menu(page).filter({ hasText: name })).toBeVisible();
  for (const name of ['Dashboard', 'Staff', 'Student', 'Courses', 'Reports', 'Admin']) {
    await expect(menu(page).filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(0);
  }
  await page.goto('/staff');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
});

test('the system user sees no centre records', async ({ page }) => {
  await signInWithForm(page, 'system');
  await expect(menu(page).filter({ hasText: /^Staff$/ })).toHaveCount(0);
  await expect(menu(page).filter({ hasText: /^Dashboard$/ })).toHaveCount(0);
  await page.goto('/billingCycleControl');
  await expect(page.getByText('Billing Cycle Control').first()).toBeVisible();
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toHaveCount(0);
});

test('/ lands on /dashboard', async ({ page }) => {
  await signInWithForm(page, 'admin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await signInWithForm(page, 'operator');
  await page.goto('/no/such/page');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
});

test('a same-origin redirect is followed after sign-in', async ({ page }) => {
  await page.goto('/user/login?redirect=%2Fcourse');
  await fillLogin(page, 'operator');
  await expect(page).toHaveURL(/\/course$/);
});

test('a redirect to another origin lands on / (and so on the dashboard)', async ({ page }) => {
  await page.goto('/user/login?redirect=https%3A%2F%2Fevil.example%2Fsteal');
  await fillLogin(page, 'admin');
  await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
});

test('the login form checks the seed minimum of 4 characters before asking the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/authenticate') && calls.push(request.url()));
  await page.goto('/user/login');
  await fillLogin(page, 'abc', 'abc');
  await expect(page.getByText('Login must be at least 4 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 4 characters')).toBeVisible();
  expect(calls).toEqual([]);
});

test('the language switch is a button with a name', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('menuitem', { name: '简体中文' })).toBeVisible();
});

test.describe('registering a centre', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test("asks its time zone (the browser's by default) and currency; the emailed link lands signed in on the dashboard", async ({
    page,
  }) => {
    const login = `centre${Date.now().toString(36)}`;
    await page.goto('/user/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('Centre name').fill('Rive Gauche Tutoring');
    // The zone select shows the browser's zone; the currency defaults to CAD and is changed here.
    await expect(page.locator('.ant-select-selection-item', { hasText: 'Europe/Paris' })).toBeVisible();
    await expect(page.locator('.ant-select-selection-item', { hasText: 'CAD — Canadian Dollar' })).toBeVisible();
    await page.getByLabel('Currency').fill('euro');
    await page.locator('.ant-select-item-option', { hasText: 'EUR — Euro' }).click();
    await page.getByLabel('Login', { exact: true }).fill(login);
    await page.getByLabel('Email').fill(`${login}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password');
    await page.getByLabel('Confirm password').fill('a-long-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(`/user/register?key=${await registrationKey(`${login}@example.test`)}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(menu(page).filter({ hasText: /^Staff$/ })).toBeVisible();
    const organisation = await page.evaluate(async () => {
      const token = localStorage.getItem('levelup-access-token');
      const reply = await fetch('/api/account', { headers: { Authorization: `Bearer ${token}` } });
      return (await reply.json()).organisation;
    });
    expect(organisation).toMatchObject({ name: 'Rive Gauche Tutoring', timeZone: 'Europe/Paris', currency: 'EUR' });
  });
});

test('a student dashboard path that names no student, or a missing one, shows the 404 page', async ({ page }) => {
  await signInWithForm(page, 'operator');
  const studentCalls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/students/') && studentCalls.push(request.url()));
  await page.goto('/student/studentDashboard/abc');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  expect(studentCalls).toEqual([]);
  await page.goto('/student/studentDashboard/2147483000');
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
});

test('with the API unreachable the user stays signed in and sees the network notice; a 401 signs out', async ({
  page,
}) => {
  await signInWithForm(page, 'operator');
  const token = await page.evaluate(() => localStorage.getItem('levelup-access-token'));
  await page.route('**/api/**', (route) => route.abort());
  await page.goto('/course');
  await expect(
    page.locator('.ant-notification-notice', { hasText: 'Network error: the server cannot be reached.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/course$/);
  expect(await page.evaluate(() => localStorage.getItem('levelup-access-token'))).toBe(token);
  // The account kept by the last load opens the page (issue 11: offline, a teacher reads kept classes).
  await expect(menu(page).filter({ hasText: /^Courses$/ })).toBeVisible();

  // Without a kept account (an older session), the network error page offers Retry instead.
  await page.evaluate(() => localStorage.removeItem('levelup-account'));
  await page.goto('/course');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(menu(page).filter({ hasText: /^Courses$/ })).toHaveCount(0);

  // The server answers again: Retry loads the user and the page, still signed in.
  await page.unroute('**/api/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(menu(page).filter({ hasText: /^Courses$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/course$/);

  await page.route('**/api/account', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"success":false,"errorMessage":"Sign in"}' }),
  );
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await page.evaluate(() => localStorage.getItem('levelup-access-token'))).toBeNull();
});
