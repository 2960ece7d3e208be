// Month view at scale (issue 7): headless Chromium on the built app, signed in as the demo admin.
// From a click on "Next" to the month's events painted (two animation frames after they are in the
// page), for a month with 2,000 classes against an empty month, in the same browser. Target: under
// 0.5 s absolute; the ratio to the empty month is printed too. Builds nothing: serves SPA_DIR, else
// dist/ (run `npm run build` first).
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { createApp } from '../../server/app';
import { DEMO_CENTRE, DEMO_PASSWORD, seedDemo } from '../../server/seed/demo';
import { TOKEN_KEY } from '../../src/utils/session';
import { createTestContext, type TestContext } from '../support/test-app';

const RUNS = 5;
const CLASSES = 2_000;
const TARGET_MS = 500;
// Far from the demo's own classes: March 2031 gets the classes, May 2031 stays empty.
const FULL = { before: '2031-02-01', month: 'March 2031' };
const EMPTY = { before: '2031-04-01', month: 'May 2031' };

/** 2,000 one-hour classes spread over March 2031's days and hours, for the demo centre's teachers. */
async function seedMonth(ctx: TestContext): Promise<void> {
  const centre = await ctx.prisma.organisation.findFirstOrThrow({ where: { name: DEMO_CENTRE } });
  const teachers = (
    await ctx.prisma.teacher.findMany({ where: { organisationId: centre.id }, select: { id: true } })
  ).map((t) => t.id);
  const course = await ctx.prisma.course.findFirstOrThrow({ where: { organisationId: centre.id } });
  await ctx.prisma.$executeRaw`
    INSERT INTO "Schedule" ("organisationId", "courseType", "courseId", "teacherId", "startAt", "endAt",
      "teacherStartAt", "teacherEndAt", "paymentType", "updatedAt")
    SELECT ${centre.id}, 'GROUP'::"CourseType", ${course.id}, (${teachers}::int[])[1 + g % ${teachers.length}::int],
      s.at, s.at + interval '1 hour', s.at, s.at + interval '1 hour', 'CASH'::"SchedulePaymentType", now()
    FROM generate_series(0, ${CLASSES - 1}::int) AS g,
      LATERAL (SELECT timestamptz '2031-03-01 13:00:00+00' + (g % 31) * interval '1 day' + (g / 31 % 10) * interval '1 hour' AS at) AS s`;
}

/** ms from clicking Next (on the month before `month`) to `month`'s events painted. */
async function timeNext(page: Page, base: string, from: { before: string; month: string }): Promise<number> {
  await page.goto(`${base}/schedule/schedule-calendar?date=${from.before}&view=month`);
  await page.locator('.rbc-month-view').waitFor();
  await page.waitForLoadState('networkidle');
  const range = page.waitForResponse((r) => r.url().includes('/api/schedules/range') && r.status() === 200);
  const started = await page.evaluate(() => performance.now());
  await page.locator('.rbc-toolbar button', { hasText: 'Next' }).click();
  const reply = await range;
  const expected = ((await reply.json()) as unknown[]).length;
  await page.locator('.rbc-toolbar-label', { hasText: from.month }).waitFor();
  // Painted: the events (or the "+N more" links month view shows instead) are in the page, and two
  // animation frames have passed since.
  // (No named functions in here: tsx would wrap them in a helper the page does not have.)
  return page.evaluate(
    async ({ started, expected }) => {
      // This file is typed without the DOM library: the page's globals, as far as they are used.
      const w = globalThis as unknown as {
        document: { querySelectorAll: (selector: string) => { length: number } };
        requestAnimationFrame: (callback: () => void) => number;
      };
      const selector = '.rbc-month-view .rbc-event, .rbc-month-view .rbc-show-more';
      while (expected > 0 && w.document.querySelectorAll(selector).length === 0)
        await new Promise<void>((resolve) => w.requestAnimationFrame(() => resolve()));
      await new Promise<void>((resolve) => w.requestAnimationFrame(() => w.requestAnimationFrame(() => resolve())));
      return performance.now() - started;
    },
    { started, expected },
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchCalendar(): Promise<void> {
  const spaDir = path.resolve(process.env.SPA_DIR ?? 'dist');
  if (!existsSync(path.join(spaDir, 'index.html'))) {
    console.log(`calendar: no built web app in ${spaDir}; run \`npm run build\` first (or set SPA_DIR).`);
    return;
  }
  process.env.LOG_LEVEL = 'silent';
  const ctx = await createTestContext();
  await seedDemo(ctx.prisma);
  await seedMonth(ctx);
  const app = createApp({ prisma: ctx.prisma, jwtSecret: ctx.jwtSecret, spaDir });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const signIn = await fetch(`${base}/api/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const token = ((await signIn.json()) as { id_token: string }).id_token;
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-US' });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
    const page = await context.newPage();
    await timeNext(page, base, EMPTY); // warm up: scripts compiled and cached
    const empty: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      empty.push(await timeNext(page, base, EMPTY));
      full.push(await timeNext(page, base, FULL));
    }
    const [a, b] = [median(empty), median(full)];
    console.log(`calendar month view, Next to painted (headless Chromium, median of ${RUNS})`);
    console.log(`${'empty month'.padEnd(34)} ${a.toFixed(0).padStart(6)} ms`);
    console.log(
      `${`month with ${CLASSES.toLocaleString('en')} classes`.padEnd(34)} ${b.toFixed(0).padStart(6)} ms   ratio to empty ${(b / a).toFixed(2)}` +
        `   target ${TARGET_MS} ms: ratio ${(b / TARGET_MS).toFixed(2)}${b <= TARGET_MS ? '' : '  (over)'}`,
    );
  } finally {
    await browser?.close();
    server.close();
    await ctx.close();
  }
}

if (process.argv[1]?.endsWith('calendar.ts')) {
  benchCalendar().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
