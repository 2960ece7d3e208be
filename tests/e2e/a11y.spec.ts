import { expect, test } from '@playwright/test';
import {
  type DemoLogin,
  LOCALES,
  pagesOf,
  prepare,
  ROLES,
  seriousViolations,
  settle,
  tokenOf,
  VIEWPORTS,
} from './a11y-support';
import { signIn } from './support';

// Issue 19: 0 critical and 0 serious axe-core violations on every route, for every role, in both
// languages, on a desktop and on a phone. One test per route and role; it checks the four views.
// The operator's desk pages are the admin's with fewer buttons: where the admin has the same route, the
// admin's test reads both languages and the operator's English only (CI's time: each view is seconds of
// CPU on a 2-core machine).
test.describe.configure({ timeout: 120_000 });
const adminRoutes = new Set(pagesOf('admin'));
const localesOf = (login: DemoLogin | 'anonymous', route: string) =>
  login === 'operator' && adminRoutes.has(route) ? LOCALES.slice(0, 1) : LOCALES;

for (const login of ['anonymous', ...Object.keys(ROLES)] as (DemoLogin | 'anonymous')[]) {
  test.describe(`as ${login}`, () => {
    let token: string | undefined;
    test.beforeAll(async ({ request }) => {
      if (login !== 'anonymous') token = await tokenOf(request, login);
    });

    for (const route of pagesOf(login)) {
      test(`${route} has no serious accessibility violation`, async ({ browser, request }) => {
        let path = route;
        if (route.includes(':id')) {
          // A real record of the demo centre: a household, or a student for the student dashboard.
          const list = route.startsWith('/student/households') ? '/api/households' : '/api/students';
          const res = await request.get(list, {
            headers: { Authorization: `Bearer ${token}` },
            params: { pageSize: 1 },
          });
          path = route.replace(':id', String(((await res.json()) as { data: { id: number }[] }).data[0].id));
        }
        // The profile's devices card lists another signed-in device, with its Sign out button.
        if (route === '/profile' && login !== 'anonymous') await tokenOf(request, login);
        const found: string[] = [];
        for (const locale of localesOf(login, route)) {
          const context = await browser.newContext({ locale, serviceWorkers: 'block' });
          const page = await context.newPage();
          await prepare(page, locale, token);
          // One load per language: the phone's view is the same page resized (antd and the layout
          // follow the window's width as a person turning a tablet would see).
          await page.setViewportSize(VIEWPORTS[0]);
          await page.goto(path);
          // Stripe's return page, arriving without a session, sends the visitor straight on (with a
          // toast): what they read is the page it ends on, so measure that one, not the moment between.
          if (route === '/redirectUrlPage') await page.waitForURL((url) => url.pathname !== route);
          for (const viewport of VIEWPORTS) {
            await page.setViewportSize(viewport);
            await settle(page);
            const where = `[${locale} ${viewport.name} ${new URL(page.url()).pathname}]`;
            // Every page names itself with one h1 (WCAG 1.3.1, 2.4.6).
            await page
              .locator('h1')
              .first()
              .waitFor({ timeout: 10_000 })
              .catch(() => undefined); // counted below: none is a finding
            const headings = await page.locator('h1').allInnerTexts();
            if (headings.length !== 1) found.push(`${where} one h1 expected, found ${JSON.stringify(headings)}`);
            for (const violation of await seriousViolations(page)) found.push(`${where} ${violation}`);
          }
          await context.close();
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  });
}

test('the first Tab reaches "Skip to main content", which moves focus past the menu to the page', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/student/all-student');
  await expect(page.getByRole('heading', { level: 1, name: 'All Students' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport(); // shown while focused, off screen otherwise
  await page.keyboard.press('Enter');
  await expect(page.locator('#levelup-main')).toBeFocused();
  // The next Tab lands inside the page, not in the side menu, with a ring that can be seen.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  expect(await focused.evaluate((el) => !!el.closest('#levelup-main'))).toBe(true);
  const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});
