import { expect, test } from '@playwright/test';
import { fillLogin, menu, signIn } from './support';

const everyRecordsEntry = ['Dashboard', 'Staff', 'Teacher', 'Student', 'Course', 'Term', 'Term Register', 'Referral'];
const laterEntries = ['Voucher Purchase History', 'Schedule', 'Report', 'Email'];
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
    await signIn(page, login);
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
  await signIn(page, 'teacher');
  for (const name of teacherEntries) await expect(menu(page).filter({ hasText: name })).toBeVisible();
  for (const name of ['Dashboard', 'Staff', 'Student', 'Course', 'Report']) {
    await expect(menu(page).filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(0);
  }
  await page.goto('/staff');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
});

test('the system user sees no centre records', async ({ page }) => {
  await signIn(page, 'system');
  await expect(menu(page).filter({ hasText: /^Staff$/ })).toHaveCount(0);
  await expect(menu(page).filter({ hasText: /^Dashboard$/ })).toHaveCount(0);
  await page.goto('/billingCycleControl');
  await expect(page.getByText('Billing Cycle Control').first()).toBeVisible();
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toHaveCount(0);
});

test('/ lands on /dashboard', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await signIn(page, 'operator');
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
