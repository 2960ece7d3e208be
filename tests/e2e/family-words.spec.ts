// What a parent stumbled on (issue 37, findings 8, 9, 10, 15), on a phone (390x844): the language chosen
// only in the portal's Settings is the screens' language at once and on another device from sign-in;
// money reads in family words; one offline notice, in the page's flow; a long name keeps the header tidy.
import { expect, type Page, test } from '@playwright/test';
import type { TPortalHome } from '../../src/contracts/portal';
import type { TFamilyPayments } from '../../src/contracts/topups';
import { prepare, tokenOf } from './a11y-support';
import { acceptedGuardian } from './family-support';
import { apiToken, signInWithForm } from './support';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
const SHOTS = process.env.SHOTS_DIR;
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : undefined;

test('a parent chooses 简体中文 in Settings only: this tab at once, another device from sign-in, messages too', async ({
  page,
  browser,
  request,
}) => {
  const guardian = await acceptedGuardian(request, 'Ming');
  await signInWithForm(page, guardian.login, guardian.password);
  await page.goto('/family/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // antd's select: the shown choice covers its input, so the box itself is clicked.
  await page.locator('.ant-form-item').filter({ hasText: 'Language' }).locator('.ant-select-selector').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '简体中文' }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/portal/settings') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  // The same tab, without a reload: the page, the menu and the header switch speak Chinese.
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await expect(page.getByRole('button', { name: /语言/ })).toBeVisible();
  await shot(page, 'family-settings-zh-390');

  // Another device, set to English, signs in: Chinese from the first screen after sign-in.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const phone = await other.newPage();
  await signInWithForm(phone, guardian.login, guardian.password);
  await expect(phone).toHaveURL(/\/family\/home$/);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(
    phone
      .getByRole('menuitem', { name: '设置' })
      .or(phone.getByRole('button', { name: /语言/ }))
      .first(),
  ).toBeVisible();
  await other.close();

  // The family's messages follow: the account and the contact the desk sees are in Chinese.
  const token = await apiToken(request, guardian.login, guardian.password);
  const account = await request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } });
  expect(await account.json()).toMatchObject({ langKey: 'zh-CN', languageChosen: true });
  const household = await request.get(`/api/households/${guardian.householdId}`, { headers: guardian.desk });
  const contact = ((await household.json()) as { guardians: { id: number; langKey: string }[] }).guardians.find(
    (g) => g.id === guardian.guardianId,
  );
  expect(contact?.langKey).toBe('zh-CN');
});

test('the header switch is named Language, and a long name stays on one line in the phone header', async ({
  page,
  request,
}) => {
  const guardian = await acceptedGuardian(request, 'Long');
  const token = await apiToken(request, guardian.login, guardian.password);
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/account', { headers })).json()) as { email: string };
  const renamed = await request.put('/api/account', {
    headers,
    data: { firstName: 'Maximiliana-Josephine', lastName: 'Vanderbilt-Okonkwo-Lindqvist', email: me.email },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await prepare(page, 'en-US', token);
  await page.goto('/family/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Language/ })).toBeVisible();
  const header = page.locator('.ant-layout-header').first();
  const box = await header.boundingBox();
  // Nothing of the header's text sticks out of it or wraps onto a second line.
  const outside = await header.evaluate((el) => {
    const frame = el.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>('*')]
      .filter((node) => node.children.length === 0 && node.textContent?.trim())
      .filter((node) => {
        const r = node.getBoundingClientRect();
        return r.width > 0 && (r.top < frame.top - 1 || r.bottom > frame.bottom + 1 || r.right > window.innerWidth);
      })
      .map((node) => node.textContent?.trim());
  });
  expect(outside).toEqual([]);
  expect(box?.height ?? 0).toBeLessThanOrEqual(64);
  await shot(page, 'family-header-long-name-390');
});

test('money in family words, the top-up offered only where cards are taken, one offline notice', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'family');
  const headers = { Authorization: `Bearer ${token}` };
  const home = (await (await request.get('/api/portal/home', { headers })).json()) as TPortalHome;
  const payments = (await (await request.get('/api/portal/payments', { headers })).json()) as TFamilyPayments;
  await prepare(page, 'en-US', token);
  await page.goto('/family/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as a parent reads it
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/owes -/);
  expect(text).not.toMatch(/about 0\b/);
  for (const child of home.children) {
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: child.name }) });
    const balance = Number(child.balance);
    const usual = Number(child.usualLessonCharge ?? 0);
    if (usual > 0 && balance > 0 && balance < usual) await expect(card).toContainText('Less than one lesson left');
    if (usual > 0 && balance <= 0) await expect(card).toContainText('No lessons left');
    if (balance < 0) {
      const owes = home.attention.find((a) => a.kind === 'NEGATIVE_BALANCE' && a.childId === child.id);
      expect(owes).toBeDefined();
      await expect(page.getByRole('alert').filter({ hasText: `${child.name} owes CA$` })).toBeVisible();
    }
  }
  await shot(page, 'family-home-390');

  await page.goto('/family/balance');
  const action = payments.available
    ? page.getByRole('link', { name: 'Top up by card' })
    : page.getByText(`${payments.centre.name} does not take card payments online yet: please pay at the front desk.`);
  await expect(action).toBeVisible();
  await shot(page, 'family-balance-390');

  // Offline: the page says so in its own flow, below the header, in family words; no floating notice.
  await page.context().setOffline(true);
  const note = page.locator('.portal-offline-note');
  await expect(note).toContainText('You are offline');
  await expect(note).toContainText('Payments and changes wait until you are back online.');
  await expect(note).not.toContainText('confirmations');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  const header = await page.locator('.ant-layout-header').first().boundingBox();
  const noteBox = await note.boundingBox();
  expect(noteBox && header ? noteBox.y >= header.y + header.height - 1 : false).toBe(true);
  await shot(page, 'family-offline-390');
  await page.context().setOffline(false);
  await expect(note).toHaveCount(0);
});

test('a guardian who opens a desk link sees "Loading…" while the account loads, then the no-access page', async ({
  page,
  request,
}) => {
  await prepare(page, 'en-US', await tokenOf(request, 'family'));
  // A slow phone: the account takes 1.5 s to come.
  await page.route('**/api/account', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  // Each frame, once the app has drawn anything: the moments at which it drew no text at all again.
  await page.addInitScript(() => {
    const blank: number[] = [];
    (window as unknown as { blankFrames: number[] }).blankFrames = blank;
    let drawn = false;
    const look = () => {
      // biome-ignore lint/performance/useDomNodeTextContent: drawn text only (the body's scripts have text too)
      const empty = !document.body?.innerText.trim();
      if (!empty) drawn = true;
      else if (drawn) blank.push(performance.now());
      if (!document.querySelector('.ant-result-403')) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '403' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back home' })).toBeVisible();
  // From the loading notice to the 403 page, never an empty frame between them.
  expect(await page.evaluate(() => (window as unknown as { blankFrames: number[] }).blankFrames)).toEqual([]);
});
