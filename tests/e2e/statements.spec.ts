import { expect, test } from '@playwright/test';
import { prepare } from './a11y-support';
import { apiAs } from './support';

// Issue 21, monthly statements on a phone (390x844), in both languages: the demo's `family` guardian
// opens /family/balance, finds the Statements section (months with activity, newest first) and
// downloads a month's statement PDF. SHOTS_DIR: a screenshot of the section per language.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const shots = process.env.SHOTS_DIR;

let familyToken = '';
let months: { month: string; entries: number }[] = [];

test.beforeAll(async ({ request }) => {
  const family = await apiAs(request, 'family');
  familyToken = family.Authorization.slice('Bearer '.length);
  const res = await request.get('/api/portal/statements', { headers: family });
  expect(res.status()).toBe(200);
  months = ((await res.json()) as { data: typeof months }).data;
  expect(months.length).toBeGreaterThan(0);
});

const TEXTS = {
  'en-US': { title: 'Monthly statements', download: 'Download PDF: the statement of' },
  'zh-CN': { title: '月度对账单', download: '下载 PDF：.*对账单' },
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: the balance page lists the statements and downloads one`, async ({ browser }) => {
    const context = await browser.newContext({
      locale,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await prepare(page, locale, familyToken);
    await page.goto('/family/balance');
    const section = page.getByTestId('statements');
    await expect(section.getByRole('heading', { level: 2, name: TEXTS[locale].title })).toBeVisible();
    const buttons = section.getByRole('button', { name: new RegExp(TEXTS[locale].download) });
    await expect(buttons).toHaveCount(months.length);
    await section.scrollIntoViewIfNeeded();
    if (shots) await section.screenshot({ path: `${shots}/statements-${locale}.png` });
    const download = page.waitForEvent('download');
    await buttons.first().click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^statement-\\d+-${months[0].month}\\.pdf$`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}
