// Issue 21, the family portal's settings on a phone (390x844): the demo's `family` guardian makes the
// family's calendar link and the feed answers with their lessons; turns lesson reminders off and back
// on, the save kept across a reload; and the page reads in Chinese.
import { expect, type Page, test } from '@playwright/test';
import { prepare } from './a11y-support';
import { apiAs } from './support';

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });
const shots = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

/** Clicks Save and waits for the server's answer (200). */
async function saveSettings(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/portal/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
}

let token = '';
test.beforeAll(async ({ request }) => {
  token = (await apiAs(request, 'family')).Authorization.slice('Bearer '.length);
});

test('the guardian makes the family calendar link and keeps a reminder choice', async ({ page, request }) => {
  await prepare(page, 'en-US', token);
  await page.goto('/family/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const calendar = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Family calendar' }) });
  const link = calendar.getByRole('textbox', { name: 'Calendar link' });
  if (await link.isVisible()) {
    await calendar.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
  }
  await calendar.getByRole('button', { name: 'Make a calendar link' }).click();
  await expect(link).toHaveValue(/\/api\/calendar\/family\/[A-Za-z0-9_-]{32}\.ics$/);
  const url = new URL(await link.inputValue());
  const feed = await request.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VEVENT');

  const reminders = page.getByRole('switch', { name: 'Lesson reminders for our family' });
  await expect(reminders).toBeChecked();
  await reminders.click();
  await saveSettings(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Lesson reminders for our family' })).not.toBeChecked();
  await shoot(page, 'portal-settings-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Back on, as the demo had it.
  await page.getByRole('switch', { name: 'Lesson reminders for our family' }).click();
  await saveSettings(page);
});

test('the settings read in Chinese', async ({ page }) => {
  await prepare(page, 'zh-CN', token);
  await page.goto('/family/settings');
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '家庭日历' })).toBeVisible();
  await expect(page.getByRole('switch', { name: '为我们家发送上课提醒' })).toBeVisible();
  await shoot(page, 'portal-settings-390-zh');
});
