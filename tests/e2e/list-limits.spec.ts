import { expect, type Page, test } from '@playwright/test';
import type { TScheduleRangeSummary } from '../../src/contracts/schedules';
import zhCN from '../../src/locales/zh-CN';
import { apiAs, signIn } from './support';

// Issue 24: what the calendar shows for a range of more classes than the server lists, and what a list
// says of a total counted up to the cap. The demo centre is small, so the range and list replies are
// the server's own with their size changed on the way (the server's side of both limits is tested in
// tests/api/list-bounds.test.ts); every other request, a filtered range too, is the real one.
test.describe.configure({ timeout: 120_000 });

const SHOT_DIR = process.env.E2E_SHOTS;

/** The unfiltered ranges answer as a big centre's would: 600 classes a day, the demo's teachers busiest. */
async function bigCentreRanges(page: Page, teachers: { id: number; name: string }[]) {
  await page.route('**/api/schedules/range?*', async (route) => {
    const url = new URL(route.request().url());
    if (['teacherId', 'locationId', 'roomId', 'studentId', 'courseId'].some((key) => url.searchParams.has(key)))
      return route.continue();
    const start = Date.parse(url.searchParams.get('start') ?? '');
    const end = Date.parse(url.searchParams.get('end') ?? '');
    const days: TScheduleRangeSummary['days'] = [];
    // The centre's days (Toronto): the range starts at a local midnight, 5 or 4 hours after UTC's.
    for (let at = start + 12 * 3_600_000; at < end; at += 86_400_000)
      days.push({ date: new Date(at).toISOString().slice(0, 10), classes: 600 });
    const summary: TScheduleRangeSummary = {
      tooMany: true,
      limit: 3000,
      total: days.length * 600,
      days,
      teachers: teachers.slice(0, 3).map((t, i) => ({ ...t, classes: 900 - i * 100 })),
      locations: [],
    };
    return route.fulfill({ json: summary });
  });
}

test('a range of too many classes: the calendar says so, shows each day’s count and narrows by teacher', async ({
  page,
  request,
}) => {
  const headers = await apiAs(request, 'admin');
  const teachers = (await (await request.get('/api/teachers/options', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  await bigCentreRanges(page, teachers);
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto('/schedule/schedule-calendar?view=week');
  const notice = page.getByTestId('calendar-too-many');
  await expect(notice).toContainText(
    'Too many classes to show: 4,200 in these dates (the calendar shows at most 3,000)',
  );
  await expect(notice).toContainText('Filter by teacher, location or room');
  // Each day of the week has its count, in the all-day row.
  await expect(page.locator('.schedule-day-count')).toHaveCount(7);
  await expect(page.locator('.schedule-day-count').first()).toContainText('600 classes');
  if (SHOT_DIR) await page.screenshot({ path: `${SHOT_DIR}/calendar-too-many.png` });

  // The busiest teacher's button filters the calendar by them: the real classes come back.
  const busiest = teachers[0];
  const filtered = page.waitForResponse(
    (res) => res.url().includes('/api/schedules/range') && res.url().includes(`teacherId=${busiest.id}`),
  );
  await notice.getByRole('button', { name: `${busiest.name} (900)` }).click();
  expect(Array.isArray(await (await filtered).json())).toBe(true);
  await expect(page).toHaveURL(new RegExp(`teacherId=${busiest.id}`));
  await expect(notice).toHaveCount(0);
  await expect(page.locator('.schedule-day-count')).toHaveCount(0);

  // Without the filter again, a day's count opens that day.
  await page.goto('/schedule/schedule-calendar?view=month');
  await expect(notice).toBeVisible();
  await page.locator('.schedule-day-count').nth(10).click();
  await expect(page.locator('.rbc-time-view')).toBeVisible();
  await expect(page.locator('.rbc-toolbar .rbc-active')).toHaveText('Day');
});

test('in zh-CN the calendar’s notice is Chinese', async ({ page, request }) => {
  const headers = await apiAs(request, 'admin');
  const teachers = (await (await request.get('/api/teachers/options', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  await bigCentreRanges(page, teachers);
  await signIn(page, 'admin');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.goto('/schedule/schedule-calendar?view=week');
  const notice = page.getByTestId('calendar-too-many');
  await expect(notice).toContainText('课程太多，无法显示');
  await expect(notice).toContainText(zhCN['listLimits.calendar.busiestTeachers']);
  await expect(page.locator('.schedule-day-count').first()).toContainText('600 节课');
  await page.evaluate(() => localStorage.removeItem('umi_locale'));
});

test('a list whose total was capped says "more than" and still pages', async ({ page }) => {
  // The student list's replies as a big centre's: the count stopped at 10,001.
  await page.route('**/api/students?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { total: number; totalCapped?: boolean };
    // Not the response's own headers: it was compressed, the body sent here is not.
    return route.fulfill({ status: response.status(), json: { ...body, total: 10_001, totalCapped: true } });
  });
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto('/student/all-student');
  const total = page.locator('.ant-pagination-total-text');
  // The first page can take a while on a busy machine.
  await expect(total).toHaveText('1–10 of more than 10,000', { timeout: 30_000 });
  await total.scrollIntoViewIfNeeded();
  if (SHOT_DIR) await page.screenshot({ path: `${SHOT_DIR}/students-capped.png` });
  const page2 = page.waitForResponse((res) => res.url().includes('/api/students?') && res.url().includes('current=2'));
  await page.locator('.ant-pagination-item-2').click();
  await page2;
  await expect(total).toHaveText('11–20 of more than 10,000');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
});
