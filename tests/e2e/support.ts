import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'levelup-demo';

export async function fillLogin(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.getByPlaceholder('Username').fill(login);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in from the login page and waits until the app has left it. */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto('/user/login');
  await fillLogin(page, login, password);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/** The side menu's entries as shown to the user. */
export function menu(page: Page) {
  return page.locator('.ant-layout-sider').getByRole('menuitem');
}

/** The Stripe stand-in tests/e2e/serve.ts starts beside the app: the app's port + 1000. */
export function stripeStandInUrl(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? 'http://localhost:8123');
  return `http://127.0.0.1:${Number(url.port) + 1000}`;
}
