import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { prepare, settle, tokenOf } from './a11y-support';
import { clippedLabels } from './support';

// Issue 19: no label, header or placeholder of a list page is cut short without a tooltip at the
// desktop size the centre's staff use (1366x850), in either language. SHOTS_DIR keeps a picture of each.
const SHOTS = process.env.SHOTS_DIR;
const PAGES = [
  '/dashboard',
  '/student/all-student',
  '/teacher',
  '/staff',
  '/term',
  '/termRegister',
  '/voucherPurchaseHistory',
  '/schedule/table-view',
  '/report?tab=purchases',
  '/report?tab=salary',
  '/report?tab=payroll',
  '/audit',
];
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1366, height: 850 } });

for (const locale of ['en-US', 'zh-CN']) {
  test(`list pages in ${locale}: nothing clipped at 1366x850`, async ({ page, request }, info) => {
    await prepare(page, locale, await tokenOf(request, 'admin'));
    for (const path of PAGES) {
      await page.goto(path);
      await settle(page);
      // Every filter shown: the folded ones are clipped just the same once opened.
      const expand = page.locator('.ant-pro-query-filter-collapse-button', { hasText: /Expand|展开/ });
      if (await expand.count()) {
        await expand.click();
        await settle(page);
      }
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        const name = path.replace(/[/?=]+/g, '-').replace(/^-/, '');
        await page.screenshot({ path: `${SHOTS}/${name}-${locale}-${info.project.name}.png`, fullPage: true });
      }
      expect.soft(await clippedLabels(page), `${path} in ${locale}`).toEqual([]);
      // Payroll's blockers (the demo's last week awaits confirmation: there are some unless it is the
      // first hours of a month) sit behind a count to click.
      const blockers = page.locator('.payroll-blockers-link');
      if (await blockers.count()) {
        await blockers.click();
        await settle(page);
        expect.soft(await clippedLabels(page), `${path}, blockers, in ${locale}`).toEqual([]);
      }
    }
  });
}
