import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerThroughEmail } from './register-support';
import { fillLogin } from './support';

// Signed-in devices on /profile (issue 20, finding 12) and the email change that needs the password
// (finding 11). Each test registers a centre of its own, so that its admin's sessions are its own.
test.describe.configure({ timeout: 90_000 });

const SHOTS = process.env.SHOTS_DIR;
const PASSWORD = 'sessions-e2e-password';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function registerAdmin(request: APIRequestContext): Promise<string> {
  const login = `devices${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await registerThroughEmail(
    request,
    {
      organisationName: `Devices ${login}`,
      login,
      email: `${login}@example.test`,
      password: PASSWORD,
      firstName: 'Dana',
      lastName: 'Devices',
    },
    { 'User-Agent': FIREFOX_LINUX },
  );
  return login;
}

async function apiSignIn(request: APIRequestContext, login: string, userAgent: string): Promise<string> {
  const res = await request.post('/api/authenticate', {
    data: { username: login, password: PASSWORD },
    headers: { 'User-Agent': userAgent },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id_token: string }).id_token;
}

const accountStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } })).status();

async function signInHere(page: Page, login: string) {
  await page.goto('/user/login');
  await fillLogin(page, login, PASSWORD);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

test('the profile lists the signed-in devices and signs one of them out', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const login = await registerAdmin(request);
  const phone = await apiSignIn(request, login, SAFARI_IPHONE);
  await signInHere(page, login);
  await page.goto('/profile');

  const card = page.getByTestId('signed-in-devices');
  await expect(card.getByText('Signed-in devices', { exact: true })).toBeVisible();
  const rows = card.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3); // registration, the phone, this browser
  await expect(card.getByRole('row', { name: /Safari on iOS/ })).toBeVisible();
  await expect(card.getByRole('row', { name: /Firefox on Linux/ })).toBeVisible();
  const here = card.getByRole('row', { name: /This device/ });
  await expect(here).toHaveCount(1);
  await expect(here.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/profile-1366-${test.info().project.name}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/profile-devices-1366-${test.info().project.name}.png` });
  }

  // Keyboard: the phone's "Sign out", then the confirmation's OK.
  const signOut = card.getByRole('button', { name: /^Sign out Safari on iOS/ });
  await signOut.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('The device was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(card.getByRole('row', { name: /Safari on iOS/ })).toHaveCount(0);
  expect(await accountStatus(request, phone)).toBe(401);
});

test('Logout ends the session on the server: the same token is refused afterwards', async ({ page, request }) => {
  const login = await registerAdmin(request);
  await signInHere(page, login);
  const token = await page.evaluate(() => localStorage.getItem('levelup-access-token'));
  expect(token).toBeTruthy();
  expect(await accountStatus(request, token as string)).toBe(200);
  const ended = page.waitForResponse((res) => res.url().endsWith('/api/logout'));
  await expect(async () => {
    await page.getByText('Dana Devices', { exact: true }).hover();
    await page.getByRole('menuitem', { name: 'Logout' }).click({ timeout: 3_000 });
  }).toPass();
  await expect(page).toHaveURL(/\/user\/login/);
  expect((await ended).status()).toBe(204);
  expect(await accountStatus(request, token as string)).toBe(401);
});

test('a new email asks for the current password, and other devices are signed out', async ({ page, request }) => {
  const login = await registerAdmin(request);
  const phone = await apiSignIn(request, login, SAFARI_IPHONE);
  await signInHere(page, login);
  await page.goto('/profile');
  await expect(page.getByLabel('Current password')).toHaveCount(1); // the change-password form's
  const details = page.locator('form').first();
  await details.getByRole('textbox', { name: 'Email' }).fill(`new.${login}@example.test`);
  const current = details.getByLabel('Current password');
  await expect(current).toBeVisible();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Please enter your current password!')).toBeVisible();
  await current.fill('not-the-password');
  await current.press('Enter');
  await expect(details.getByText('Wrong password!')).toBeVisible();
  await current.fill(PASSWORD);
  await current.press('Enter');
  await expect(page.getByText('Your account was saved. Your other devices were signed out.')).toBeVisible();
  await expect(details.getByLabel('Current password')).toHaveCount(0);
  expect(await accountStatus(request, phone)).toBe(401);
  await page.reload();
  await expect(page.getByTestId('signed-in-devices').locator('tbody tr.ant-table-row')).toHaveCount(1);
});
