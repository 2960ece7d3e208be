import { expect, test } from '@playwright/test';
import { registrationKey } from './register-support';
import { DEMO_PASSWORD, fillLogin, signIn, signInWithForm } from './support';

test('a new centre registers through the emailed link, signed in, and its admin signs in again later', async ({
  page,
}) => {
  const login = `owner${Date.now().toString(36)}`;
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
  await page.getByLabel('Centre name').fill('Playwright Tutoring');
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('pw-playwright-1');
  await page.getByLabel('Confirm password').fill('pw-playwright-1');
  await expect(page.getByText('Input a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(`${login}@example.test`);
  await page.getByRole('button', { name: 'Register' }).click();
  // The same answer for every address (issue 37): the link in the email finishes it.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a message to ${login}@example.test`)).toBeVisible();
  await page.goto(`/user/register?key=${await registrationKey(`${login}@example.test`)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/user/login');
  await fillLogin(page, login, 'pw-playwright-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the profile page shows "Wrong password!" for a wrong current password', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/profile');
  await page.getByLabel('Current password').fill('definitely-wrong');
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Confirm new password').fill('another-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Wrong password!').first()).toBeVisible();
  // The demo password still works.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInWithForm(page, 'teacher', DEMO_PASSWORD);
});
