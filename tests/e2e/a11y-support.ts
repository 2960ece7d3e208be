import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import routes, { type AppRoute } from '../../config/routes';
import { hasRight } from '../../src/contracts/permissions';
import { TOKEN_KEY } from '../../src/utils/session';
import { apiToken, DEMO_PASSWORD } from './support';

/** The demo's sign-ins and their authorities (GET /api/account). */
export const ROLES = {
  admin: ['ROLE_ADMIN', 'ROLE_OPERATOR'],
  operator: ['ROLE_OPERATOR'],
  teacher: ['ROLE_TEACHER'],
  system: ['ROLE_SYSTEM'],
  family: ['ROLE_CUSTOMER'],
} as const;
export type DemoLogin = keyof typeof ROLES;

export const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 850 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export const LOCALES = ['en-US', 'zh-CN'] as const;

function flatten(list: AppRoute[]): AppRoute[] {
  return list.flatMap((route) => [route, ...flatten(route.routes ?? [])]);
}

/**
 * Every page of the route table that `login` may open (its right, or none needed), from
 * config/routes.ts itself, so that a new route is checked without a line here. Pages of /user/* are
 * the signed-out ones.
 */
export function pagesOf(login: DemoLogin | 'anonymous'): string[] {
  return flatten(routes)
    .filter((route) => route.component && !route.redirect && route.path !== '*' && route.path !== '/')
    .filter((route) => {
      const signInPage = route.path.startsWith('/user/');
      if (login === 'anonymous') return signInPage;
      return !signInPage && (!route.access || hasRight([...ROLES[login]], route.access));
    })
    .map((route) => route.path);
}

/** A remembered sign-in of a demo login (the profile's devices card then lists one more device). */
export const tokenOf = (request: APIRequestContext, login: DemoLogin): Promise<string> =>
  apiToken(request, login, DEMO_PASSWORD, true);

/** Before any script of the page: the UI language and, when given, the sign-in token. */
export async function prepare(page: Page, locale: string, token?: string): Promise<void> {
  await page.addInitScript(
    ([localeKey, locale, tokenKey, token]) => {
      localStorage.setItem(localeKey, locale);
      if (token) localStorage.setItem(tokenKey, token);
    },
    ['umi_locale', locale, TOKEN_KEY, token ?? ''] as const,
  );
}

/** Waits until the page has drawn its data: no request in flight, no spinner, no skeleton. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
  // A toast (antd message) is read by screen readers when it appears and leaves after 3 s; measuring it
  // while it fades out finds near-white text, so wait until it has gone.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  // antd's fade-ins and fade-outs (a toast leaving is near-white for a moment): contrast is measured on
  // the final colours, so wait until no finite animation or transition runs (spinners loop forever).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(100);
}

/**
 * Rules axe-core leaves off unless asked, turned on over its default set (every rule that is not
 * experimental: WCAG 2.0–2.2 A/AA and best practices): `target-size` is WCAG 2.2 AA 2.5.8 (pointer
 * targets at least 24×24 CSS px, or spaced so a 24 px circle around each touches no other), and
 * `label-content-name-mismatch` (2.5.3) is named so that it stays on whatever axe's defaults become.
 */
export const EXTRA_RULES = ['target-size', 'label-content-name-mismatch'] as const;

/**
 * axe-core's WCAG 2.2 A/AA rules and its best practices: a critical or serious violation fails, listed
 * by rule, with the elements (at most 5 each) and axe's summary of what is wrong.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page in one go. The default finishes each run in a new blank page, for
  // cross-origin frames, which the app has none of; that doubled each analysis's time (CI's time).
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, ' ')}`)
        .join('\n');
      return `${v.id} (${v.impact}, ${v.nodes.length} element(s)): ${v.help}\n${nodes}`;
    });
}
