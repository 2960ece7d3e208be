import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerThroughEmail } from './register-support';
import { signIn } from './support';

// Family card payments (issue 21): a centre's admin connects the centre's own Stripe account from
// /manage-payment, through the stand-in's hosted Connect onboarding page (tests/e2e/serve.ts starts it
// with the Connect webhook secret), and comes back to a card that says it accepts card payments.
// SHOTS_DIR=<dir> also saves the card in English and Chinese at 1366x850.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1366, height: 850 } });

const SHOTS = process.env.SHOTS_DIR;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'billing-connect-e2e-password';

async function registerCentre(request: APIRequestContext) {
  const login = `con${unique()}`;
  await registerThroughEmail(request, {
    organisationName: `Connect Centre ${login}`,
    login,
    email: `${login}@example.test`,
    password: PASSWORD,
  });
  return { login, name: `Connect Centre ${login}` };
}

test('an admin connects the centre’s Stripe account and the card says it accepts card payments', async ({
  page,
  request,
}, info) => {
  const centre = await registerCentre(request);
  await signIn(page, centre.login, PASSWORD);
  await page.goto('/manage-payment');
  const card = page.locator('.connect-card');
  await expect(card.getByRole('heading', { name: 'Family card payments' })).toBeVisible({ timeout: 20_000 });
  await expect(card.locator('.connect-status')).toHaveText('Not connected');
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/connect-not-connected-${info.project.name}.png` });
  await card.getByRole('button', { name: 'Connect a Stripe account' }).click();

  // The stand-in's hosted onboarding page.
  await expect(page).toHaveURL(/\/connect\/onboard\//, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Business name')).toHaveValue(centre.name);
  await page.getByRole('button', { name: 'Agree and submit' }).click();

  await expect(page).toHaveURL(/\/manage-payment$/, { timeout: 30_000 });
  await expect(card.locator('.connect-returned')).toContainText('Your Stripe account accepts card payments', {
    timeout: 20_000,
  });
  await expect(card.locator('.connect-status')).toHaveText('Accepting card payments');
  await expect(card.locator('.connect-account')).toContainText(/Stripe account acct_/);
  await expect(card.getByRole('button', { name: /Connect a Stripe account|Finish setup/ })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/connect-accepting-en-${info.project.name}.png` });

  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.reload();
  await expect(card.getByRole('heading', { name: '家庭刷卡付款' })).toBeVisible({ timeout: 20_000 });
  await expect(card.locator('.connect-status')).toHaveText('正在接受刷卡付款');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/connect-accepting-zh-${info.project.name}.png` });
  await page.evaluate(() => localStorage.removeItem('umi_locale'));
});
