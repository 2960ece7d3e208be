// Phone sign-in and forgot password in the browser: the phone tab's "Get code" countdown and the seed's
// "Verification Code Error", the neutral reset-request confirmation, and a reset link (read from the
// .eml file the server wrote, found through GET /api/messages) that sets a new password.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, fillLogin } from './support';

const SHOTS = process.env.SHOTS_DIR;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : undefined);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const adminToken = (request: APIRequestContext) => apiToken(request, 'admin');

test('the phone tab counts down after "Get code" and refuses a wrong code', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.goto('/user/login');
  await expect(page.getByRole('link', { name: 'Forgot password' })).toBeVisible();
  await shot(page, 'login-account-1366');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page
    .getByPlaceholder('Phone number')
    .fill(`+1 555 01${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`);
  await page.getByRole('button', { name: 'Get code' }).click();
  // While the request is in flight the button also carries antd's loading icon (named "loading").
  const countdown = page.getByRole('button', { name: /^(loading )?\d+ s$/ });
  await expect(countdown).toBeVisible();
  await expect(countdown).toBeDisabled();
  await expect(page.getByText(/If an account has this number, a code is on its way by SMS/)).toBeVisible();
  await shot(page, 'login-phone-1366');
  await page.getByPlaceholder('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Verification Code Error')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
});

test('the phone tab fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/user/login');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByPlaceholder('Phone number').fill('+1 555 0100 999');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: /^(loading )?\d+ s$/ })).toBeVisible();
  await shot(page, 'login-phone-390');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('forgot password: the request shows a neutral confirmation, the emailed link sets a new password', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const login = `reset${unique()}`;
  const email = `${login}@example.test`;
  const created = await request.post('/api/staff', {
    headers: auth,
    data: { login, firstName: 'Reset', lastName: 'Tester', role: 'ROLE_OPERATOR', email, password: 'first-password-1' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/user\/reset-password$/);
  await page.getByLabel('Login or email').fill(email);
  await shot(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    page.getByText(/If an account matches, an email with a link to choose a new password is on its way/),
  ).toBeVisible();
  await shot(page, 'forgot-password-sent');

  // No SMTP in the browser tests: the worker wrote the email as an .eml file and says where.
  let file = '';
  await expect(async () => {
    const res = await request.get('/api/messages', { headers: auth, params: { recipient: email } });
    const rows = (await res.json()).data as { template: string; status: string; note: string | null }[];
    const sent = rows.find((m) => m.template === 'password-reset' && m.status === 'SENT');
    file = /written to (.+\.eml)$/.exec(sent?.note ?? '')?.[1] ?? '';
    expect(file).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const raw = readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
  const key = /\/user\/reset-password\?key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
  expect(key).toBeTruthy();

  await page.goto(`/user/reset-password?key=${key}`);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await page.getByLabel('Confirm new password').fill('a-brand-new-password');
  await shot(page, 'reset-password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await fillLogin(page, login, 'a-brand-new-password');
  await expect(page).not.toHaveURL(/\/user\/login/);

  // The link worked once.
  await page.goto(`/user/reset-password?key=${key}`);
  await page.getByLabel('New password', { exact: true }).fill('another-new-password');
  await page.getByLabel('Confirm new password').fill('another-new-password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/This link cannot be used \(expired, used already or incomplete\)/)).toBeVisible();
});
