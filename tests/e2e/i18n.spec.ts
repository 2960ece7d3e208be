import { expect, test } from '@playwright/test';
import zhCN from '../../src/locales/zh-CN';
import { DEMO_PASSWORD } from './support';

const zh: Record<string, string> = zhCN;
/** antd puts a space between the two characters of a two-character Chinese button ("登 录"); icons come first. */
const buttonName = (text: string) => new RegExp(`${[...text].join('\\s?')}$`);

test('switched to zh-CN, the sign-in page and the student list are in Chinese', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  // The choice reloads the page and is kept (localStorage umi_locale).
  await expect(page.getByRole('button', { name: zh['common.language'] })).toBeVisible();
  await page.getByPlaceholder(zh['pages.login.username']).fill('operator');
  await page.getByPlaceholder(zh['pages.login.password']).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: buttonName(zh['pages.login.submit']) }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);

  await page.goto('/student/all-student');
  await expect(page.locator('.ant-page-header-heading-title', { hasText: zh['lists.students.title'] })).toBeVisible();
  for (const id of [
    'lists.students.studentId',
    'lists.column.name',
    'lists.students.money.balance',
    'common.status',
    'common.actions',
  ]) {
    await expect(page.getByRole('columnheader', { name: zh[id], exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: buttonName(zh['lists.students.new']) })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: zh['menu.student.all-student'] })).toBeVisible();
  // None of the English texts of that screen is left.
  for (const english of [
    'All Students',
    'Student ID',
    'First name',
    'Actions',
    'New student',
    'Edit',
    'Import',
    'Export',
  ]) {
    await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  }
});

test('in zh-CN the network notice is Chinese', async ({ page }) => {
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.reload();
  await page.getByPlaceholder(zh['pages.login.username']).fill('operator');
  await page.getByPlaceholder(zh['pages.login.password']).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: buttonName(zh['pages.login.submit']) }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await page.route('**/api/**', (route) => route.abort());
  // Without the account kept by the last load (which would open the page offline): the Retry page.
  await page.evaluate(() => localStorage.removeItem('levelup-account'));
  await page.goto('/course');
  await expect(page.locator('.ant-notification-notice', { hasText: zh['request.error.network'] })).toBeVisible();
  await expect(page.getByRole('button', { name: buttonName(zh['common.retry']) })).toBeVisible();
  await expect(page).toHaveURL(/\/course$/);
});
