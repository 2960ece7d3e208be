import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { DateTime } from 'luxon';
import type { TPortalHome } from '../../src/contracts/portal';
import { prepare } from './a11y-support';
import { apiAs, DEMO_ZONE, demoVoucherClass, fillLogin } from './support';

// Issue 21, the family portal on a phone (390x844), in both languages: the demo's `family` guardian
// signs in, lands on /family, sees their two children and their next lessons, opens a child's balance,
// reads a lesson charge explained (date, hours, rate) and downloads a receipt.
const suffix = Date.now().toString(36);
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });
const shots = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

let children: { id: number; name: string }[] = [];
let familyToken = '';
const next: { start: DateTime; end: DateTime }[] = [];
let chargeDay = '';

test.beforeAll(async ({ request }) => {
  const family = await apiAs(request, 'family');
  familyToken = family.Authorization.slice('Bearer '.length);
  const home = (await (await request.get('/api/portal/home', { headers: family })).json()) as TPortalHome;
  children = home.children.map(({ id, name }) => ({ id, name }));
  expect(children).toHaveLength(2);
  const admin = await apiAs(request, 'admin');
  // Each child's next lesson: tomorrow (the first) and the day after (the second), at 16:00 and 17:00.
  for (const [i, child] of children.entries()) {
    const start = DateTime.now()
      .setZone(DEMO_ZONE)
      .plus({ days: 1 + i })
      .set({ hour: 16 + i, minute: 0, second: 0, millisecond: 0 });
    await demoVoucherClass(request, admin, {
      start: start.toJSDate(),
      minutes: 60,
      studentId: child.id,
      hourlyRate: '45',
      reason: `portal browser test ${suffix}`,
    });
    next.push({ start, end: start.plus({ hours: 1 }) });
  }
  // A taught lesson of the first child, 90 minutes at 40.00 three days ago, confirmed (charged 60.00),
  // and a purchase (its receipt).
  const past = DateTime.now()
    .setZone(DEMO_ZONE)
    .minus({ days: 3 })
    .set({ hour: 15, minute: 0, second: 0, millisecond: 0 });
  chargeDay = past.toFormat('yyyy-MM-dd');
  const id = await demoVoucherClass(request, admin, {
    start: past.toJSDate(),
    minutes: 90,
    studentId: children[0].id,
    hourlyRate: '40',
    reason: `portal browser test ${suffix}`,
  });
  const confirmed = await request.post(`/api/schedules/${id}/confirm`, { headers: admin, data: {} });
  expect(confirmed.status()).toBe(200);
  const bought = await request.post('/api/voucher-purchases', {
    headers: admin,
    data: {
      studentId: children[0].id,
      type: 'PURCHASE',
      purchaseDate: DateTime.now().setZone(DEMO_ZONE).toFormat('yyyy-MM-dd'),
      voucherAmount: '300.00',
      giftAmount: '0',
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    },
  });
  expect(bought.status()).toBe(201);
});

const TEXTS = {
  'en-US': { history: 'Balance history', charge: 'Lesson charged', hours: '1.5 h at', receipt: 'Receipt (PDF)' },
  'zh-CN': { history: '余额明细', charge: '课程扣费', hours: '1.5 小时，每小时', receipt: '收据（PDF）' },
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: the guardian sees both children, their next lessons and a lesson charge explained, and downloads a receipt`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const text = TEXTS[locale];
    if (locale === 'en-US') {
      // Signs in from the login page and lands on the portal.
      await page.goto('/user/login');
      await fillLogin(page, 'family');
    } else {
      await prepare(page, locale, familyToken);
      await page.goto('/');
    }
    await expect(page).toHaveURL(/\/family\/home$/);
    for (const child of children) await expect(page.getByRole('heading', { level: 2, name: child.name })).toBeVisible();
    // Each child's card shows their next lesson's time.
    for (const [i, child] of children.entries()) {
      const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: child.name }) });
      await expect(
        card
          .getByText(`${next[i].start.toFormat('yyyy-MM-dd')}`)
          .filter({ hasText: `${next[i].start.toFormat('HH:mm')}–${next[i].end.toFormat('HH:mm')}` })
          .first(),
      ).toBeVisible();
    }
    await shoot(page, `portal-home-${locale}`);

    // The first child's balance: a lesson charge with its date, hours and rate.
    const first = page
      .locator('.ant-card')
      .filter({ has: page.getByRole('heading', { level: 2, name: children[0].name }) });
    await first.getByRole('link', { name: text.history }).click();
    await expect(page).toHaveURL(new RegExp(`/family/balance\\?child=${children[0].id}`));
    const charge = page
      .getByTestId('ledger-entry')
      .filter({ hasText: text.charge })
      .filter({ hasText: chargeDay })
      .filter({ hasText: text.hours })
      .filter({ hasText: '40.00' })
      .first();
    await expect(charge).toBeVisible();
    await expect(charge).toContainText('60.00');
    await shoot(page, `portal-balance-${locale}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.receipt }).first().click();
    expect((await download).suggestedFilename()).toMatch(/^receipt-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    // Nothing of the page runs out of the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}

/** The keys of the portal pages kept on this device (src/utils/portalOffline.ts). */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('levelup-family-pages', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('pages');
        open.onsuccess = () => {
          const db = open.result;
          const keys = db.transaction('pages').objectStore('pages').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
        };
      }),
  );
}

test('with no network the portal shows what this phone kept, marked as such, and forgets it at sign-out', async ({
  page,
}) => {
  // The desktop layout, whose side menu moves between pages without reloading the app.
  await page.setViewportSize({ width: 1366, height: 850 });
  await prepare(page, 'en-US', familyToken);
  await page.goto('/family/home');
  for (const child of children) await expect(page.getByRole('heading', { level: 2, name: child.name })).toBeVisible();
  await page.getByRole('link', { name: 'Balance history' }).first().click();
  await expect(page.getByTestId('ledger-entry').first()).toBeVisible();
  await expect.poll(() => keptPages(page)).toEqual(expect.arrayContaining([expect.stringMatching(/:home$/)]));

  // The server is out of reach: the pages open from the phone, saying so.
  await page.route(/\/api\/portal\//, (route) => route.abort('internetdisconnected'));
  await page.getByRole('menuitem', { name: 'Home' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Offline — shown as saved on this device at' })).toBeVisible();
  for (const child of children) await expect(page.getByRole('heading', { level: 2, name: child.name })).toBeVisible();
  await shoot(page, 'portal-offline-home-en-US');
  await page.unroute(/\/api\/portal\//);

  // Signing out takes the kept pages off the phone.
  await expect(async () => {
    await page.getByText(/^Fay /).first().hover();
    await page.getByRole('menuitem', { name: 'Logout' }).click({ timeout: 3_000 });
  }).toPass();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect.poll(() => keptPages(page)).toEqual([]);
});
