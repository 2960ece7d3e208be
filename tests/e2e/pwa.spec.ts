// Issue 11: the installable, offline-capable app in Chromium: the manifest and its icons, the service
// worker controlling the page, the offline notice and the shell served offline, a second build's
// update notice and its Reload, the OFFLINE_APP switch removing workers and caches, the reload after
// a chunk failed to load, and no API reply ever in Cache Storage.
import { expect, type Page, test } from '@playwright/test';
import {
  cachedUrls,
  copyBuiltSpa,
  deploySecondBuild,
  registrationCount,
  startServer,
  waitForController,
} from './pwa-support';
import { signInWithForm } from './support';

test.use({ serviceWorkers: 'allow' });

/** The spec's own servers: the project's port + 2000 and + 2001. */
function ownPort(baseURL: string | undefined, offset: number): number {
  return Number(new URL(baseURL ?? 'http://localhost:8123').port) + offset;
}

/** Counts the page's full loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test('the app is installable: the manifest is linked, valid, and its icons load', async ({ page, request }) => {
  await page.goto('/user/login');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1890ff');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const reply = await request.get(href as string);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await reply.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Level Up',
    short_name: 'Level Up',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1890ff',
    background_color: '#ffffff',
  });
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body()), icon.src).toBe(icon.sizes);
  }
  const any = manifest.icons.filter((i) => (i.purpose ?? 'any').includes('any')).map((i) => i.sizes);
  expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(apple as string)).body())).toBe('180x180');
});

test('the worker controls the page; offline, a notice shows and a reload still opens the app', async ({
  page,
  context,
}) => {
  await page.goto('/user/login');
  await waitForController(page);
  await context.setOffline(true);
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'You are offline' });
  await expect(notice).toHaveCount(1);
  // The shell and the login page's scripts come from the worker's precache.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(notice).toHaveCount(1);
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

test('no API reply is ever stored in Cache Storage, money and personal data included', async ({ page }) => {
  test.setTimeout(90_000);
  const apiFromWorker: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker())
      apiFromWorker.push(response.url());
  });
  await signInWithForm(page, 'admin');
  await waitForController(page);
  const apiSeen: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) apiSeen.push(response.url());
  });
  // Personal data (students, teachers' SINs masked or not), money (vouchers, the centre's billing),
  // opened from the menu as a user does.
  const sider = page.locator('.ant-layout-sider');
  await sider.getByRole('menuitem', { name: 'Student' }).first().click();
  await sider.locator('a[href="/student/all-student"]').click();
  await expect(page).toHaveURL(/\/student\/all-student$/);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await sider.locator('a[href="/teacher"]').click();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const vouchers = page.waitForResponse((r) => /\/api\/[^?]*voucher/i.test(r.url()) && r.status() === 200);
  await sider.locator('a[href="/voucherPurchaseHistory"]').click();
  await vouchers;
  await expect(page.getByText('Totals of the filtered rows')).toBeVisible();
  await page.goto('/manage-payment');
  await expect(page.getByText('Payment Information').first()).toBeVisible();
  expect(apiSeen.length).toBeGreaterThan(4);
  const urls = await cachedUrls(page);
  // The precache is there (so the check looked at real caches) and holds no API URL.
  expect(urls.some((url) => url.endsWith('/index.html') || url.includes('/index.html?'))).toBe(true);
  expect(urls.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  expect(apiFromWorker).toEqual([]);
});

test.describe('own servers', () => {
  // These start PGlite servers of their own on a copy of the built app (the project's server and
  // database are not used), so they run once, in the pglite project.
  test.beforeEach(() => test.skip(test.info().project.name === 'postgres', 'PGlite servers of their own'));
  test.describe.configure({ timeout: 300_000 });

  test('a second build shows the update notice; Reload activates it with exactly one reload', async ({
    page,
    baseURL,
  }) => {
    const dir = copyBuiltSpa();
    const server = await startServer(ownPort(baseURL, 2000), dir);
    try {
      await page.goto(`${server.origin}/user/login`);
      await waitForController(page);
      await expect(page.locator('meta[name="levelup-build"]')).toHaveCount(0);
      const loads = countLoads(page);

      deploySecondBuild(dir, 'second');
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const notice = page.locator('.ant-notification-notice').filter({ hasText: 'A new version is available' });
      await expect(notice).toBeVisible();
      // Nothing happens by itself: the old version stays until the user chooses.
      expect(loads()).toBe(0);
      await notice.getByRole('button', { name: 'Reload' }).click();

      // The new worker controls the reloaded page, which is the second build's shell.
      await expect(page.locator('meta[name="levelup-build"]')).toHaveAttribute('content', 'second');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await waitForController(page);
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
      });
      expect(state).toEqual({ waiting: false, active: 'activated' });
      await page.waitForLoadState('networkidle');
      expect(loads()).toBe(1);
      await expect(notice).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });

  test('with OFFLINE_APP=off, one visit removes a registered worker and its caches', async ({ page, baseURL }) => {
    const dir = copyBuiltSpa();
    const port = ownPort(baseURL, 2001);
    let server = await startServer(port, dir, { OFFLINE_APP: 'on' });
    try {
      await page.goto(`${server.origin}/user/login`);
      await waitForController(page);
      expect(await registrationCount(page)).toBe(1);
      expect((await cachedUrls(page)).length).toBeGreaterThan(0);
      await server.stop();

      server = await startServer(port, dir, { OFFLINE_APP: 'off' });
      await page.goto(`${server.origin}/user/login`);
      await expect.poll(() => registrationCount(page)).toBe(0);
      await expect
        .poll(() =>
          cachedUrls(page).then(
            (urls) => urls.length,
            () => -1,
          ),
        )
        .toBe(0);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});

test.describe('a chunk that fails to load', () => {
  // page.route does not see requests a service worker answers: this one runs without the worker.
  test.use({ serviceWorkers: 'block' });

  test('reloads the page once and shows the page asked for', async ({ page }) => {
    await signInWithForm(page, 'operator');
    let failed: string | undefined;
    // The Course page's own chunk (Umi names route chunks p__<page>), as if a deploy had removed it.
    await page.route(/\/p__Course__index\.[0-9a-f]{8}\.async\.js$/, (route) => {
      if (failed) return route.continue();
      failed = route.request().url();
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    const loads = countLoads(page);
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Courses' }).click();
    await expect(page).toHaveURL(/\/course$/);
    await expect(page.getByRole('button', { name: 'New course' })).toBeVisible();
    expect(failed).toBeDefined();
    await page.waitForLoadState('networkidle');
    expect(loads()).toBe(1);
  });
});
