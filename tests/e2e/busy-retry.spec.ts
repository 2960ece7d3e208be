import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

// Issue 24: a server shedding load answers 503 with Retry-After before it reads or writes anything; the
// app asks again after that wait instead of showing an error (src/utils/retryAfter.ts). The refusal is
// made here, in front of the real server: the list's first request gets the 503 a busy server sends.
const BUSY = { title: 'The server is busy: try again in a moment', status: 503 };

async function refuseFirstList(page: Page, headers: Record<string, string>): Promise<() => number> {
  let asked = 0;
  await page.route(/\/api\/students\?/, async (route) => {
    asked++;
    if (asked > 1) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'Content-Type': 'application/problem+json', ...headers },
      body: JSON.stringify(BUSY),
    });
  });
  return () => asked;
}

test('a list refused with "busy, come back in a second" loads on the next try, with no error shown', async ({
  page,
}) => {
  await signIn(page, 'operator');
  const asked = await refuseFirstList(page, { 'Retry-After': '1' });
  await page.goto('/student/all-student');
  await expect(page.getByRole('heading', { level: 1, name: 'All Students' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(asked()).toBe(2);
  await expect(page.locator('.ant-notification-notice, .ant-message-notice')).toHaveCount(0);
});

test('a 503 without a wait to honour is shown as before', async ({ page }) => {
  await signIn(page, 'operator');
  const asked = await refuseFirstList(page, {});
  await page.goto('/student/all-student');
  await expect(page.locator('.ant-notification-notice')).toContainText(BUSY.title);
  expect(asked()).toBe(1);
});
