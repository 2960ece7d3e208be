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

/**
 * The texts a person cannot read in full on the page as it is: table header cells, anything cut with
 * an ellipsis (cells, select placeholders, form labels) and input placeholders cut short, without a tooltip (a `title` on the element or an ancestor) giving the whole text.
 * Each as "kind: text". Inputs are measured with their own font, since a placeholder's overflow does
 * not show in an input's scrollWidth.
 */
export function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const titled = (el: Element) => !!el.closest('[title]:not([title=""])');
    // Header cells (ProTable cuts them with its own wrapper), then anything drawn with an ellipsis.
    const cut = new Set<HTMLElement>(document.querySelectorAll<HTMLElement>('.ant-table-thead th'));
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).textOverflow === 'ellipsis') cut.add(el);
    }
    for (const el of cut) {
      if (!visible(el) || titled(el) || !el.textContent?.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()}: ${el.textContent.trim()}`);
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!canvas || !visible(input) || input.value || titled(input)) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) found.push(`placeholder: ${input.placeholder}`);
    }
    return found;
  });
}
