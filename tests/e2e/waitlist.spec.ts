// A waitlisted family claims a freed seat from the offer link (issue 22): the desk puts a child on a
// full group class's waitlist (class details), a seat frees when the desk takes a student off the
// class, the family opens the emailed link on a phone (390x844, no login) and claims the seat.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { TPortalHome } from '../../src/contracts/portal';
import { prepare, seriousViolations, settle } from './a11y-support';
import { acceptedGuardian } from './family-support';
import { apiAs, apiToken, signIn, signInWithForm } from './support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
const SHOTS = process.env.SHOTS_DIR ?? process.env.SHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : undefined);
const suffix = Date.now().toString(36);
type Desk = { Authorization: string };

async function student(request: APIRequestContext, desk: Desk, first: string) {
  const res = await request.post('/api/students', {
    headers: desk,
    data: { studentId: `WL-${first}-${suffix}`, firstName: first, lastName: `Wait${suffix}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A full GROUP class (capacity 1) of the demo teacher three days ahead, with `seated` in its seat. */
async function fullClass(request: APIRequestContext, desk: Desk, seated: number) {
  const teachers = await request.get('/api/teachers', { headers: desk, params: { q: 'teacher', pageSize: 50 } });
  const teacher = ((await teachers.json()) as { data: { id: number; login: string }[] }).data.find(
    (t) => t.login === 'teacher',
  );
  const courses = (await (await request.get('/api/courses/options', { headers: desk })).json()) as { id: number }[];
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  const body = {
    courseType: 'GROUP',
    courseId: courses[0].id,
    teacherId: teacher?.id,
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    paymentType: 'CASH',
    capacity: 1,
    override: { reason: 'waitlist browser test' },
  };
  const res = await request.post('/api/schedules', {
    headers: desk,
    data: { ...body, students: [{ studentId: seated }] },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { schedule: { id: number } }).schedule.id, body };
}

/** The claim link's token in the offer email the worker wrote to `email` (no SMTP in the browser tests). */
async function offerToken(request: APIRequestContext, desk: Desk, email: string) {
  let file = '';
  await expect(async () => {
    const res = await request.get('/api/messages', { headers: desk, params: { recipient: email } });
    const rows = (await res.json()).data as { template: string; note: string | null }[];
    file = /written to (.+\.eml)$/.exec(rows.find((m) => m.template === 'seat-offer')?.note ?? '')?.[1] ?? '';
    expect(file).not.toBe('');
  }).toPass({ timeout: 30_000 });
  const raw = readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
  const token = /\/offers\/([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

test('a waitlisted family claims a freed seat from the offer link', async ({ browser, request }) => {
  const desk = await apiAs(request, 'operator');
  const seated = await student(request, desk, 'Sol');
  const waiting = await student(request, desk, 'Wren');
  const household = await request.post('/api/households', { headers: desk, data: { studentId: waiting } });
  expect(household.status()).toBe(201);
  const householdId = ((await household.json()) as { id: number }).id;
  const email = `wren.parent.${suffix}@family.test`;
  const guardian = await request.post(`/api/households/${householdId}/guardians`, {
    headers: desk,
    data: { name: 'Wren Parent', email, langKey: 'en-US' },
  });
  expect(guardian.status()).toBe(201);
  const klass = await fullClass(request, desk, seated);

  // Wren waits for the full class.
  const joined = await request.post(`/api/schedules/${klass.id}/waitlist`, {
    headers: desk,
    data: { studentId: waiting },
  });
  expect(joined.status()).toBe(201);

  // A seat frees: the desk takes Sol off the class.
  const freed = await request.put(`/api/schedules/${klass.id}`, {
    headers: desk,
    data: { ...klass.body, students: [] },
  });
  expect(freed.status()).toBe(200);

  const token = await offerToken(request, desk, email);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const family = await phone.newPage();
  await family.goto(`/offers/${token}`);
  await expect(family.getByRole('heading', { level: 1, name: 'A seat is free' })).toBeVisible();
  await expect(family.getByText('Wren', { exact: true })).toBeVisible();
  await settle(family);
  expect(await seriousViolations(family)).toEqual([]);
  expect(await family.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(family, 'offer-390');
  await family.getByRole('button', { name: 'Claim the seat' }).click();
  await expect(family.getByText('The seat is yours: Wren is in the class')).toBeVisible();
  await shot(family, 'offer-claimed-390');

  const after = (await (await request.get(`/api/schedules/${klass.id}`, { headers: desk })).json()) as {
    seatsTaken: number;
    students: { id: number }[];
  };
  expect(after.seatsTaken).toBe(1);
  expect(after.students.map((s) => s.id)).toEqual([waiting]);

  // In Chinese, the same link now says the seat was claimed; axe-clean too.
  const zh = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const zhPage = await zh.newPage();
  await zhPage.addInitScript(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await zhPage.goto(`/offers/${token}`);
  await expect(zhPage.getByText('名额已领取：Wren 已加入课程')).toBeVisible();
  await settle(zhPage);
  expect(await seriousViolations(zhPage)).toEqual([]);
  await shot(zhPage, 'offer-claimed-zh-390');
  await zh.close();
  await phone.close();
});

test('the table view shows seats taken of the capacity and the students waiting', async ({ page, request }) => {
  const desk = await apiAs(request, 'operator');
  const seated = await student(request, desk, 'Ola');
  const klass = await fullClass(request, desk, seated);
  for (const first of ['Ari', 'Bea']) {
    const id = await student(request, desk, first);
    const res = await request.post(`/api/schedules/${klass.id}/waitlist`, { headers: desk, data: { studentId: id } });
    expect(res.status()).toBe(201);
  }
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto(`/schedule/table-view?id=${klass.id}`);
  // Filtered to the one class: its row (the expanded row below it lists the students).
  const row = page.locator('tr.ant-table-row').filter({ hasText: `Ola Wait${suffix}` });
  await expect(row).toContainText('Seats: 1 / 1 · 2 waiting');
  await shot(page, 'table-seats-1366');
});

test("the desk's bell tells of the claimed seat, and /report shows the freed seats' fill rate", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signInWithForm(page, 'operator');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText(`Wren Wait${suffix} claimed a freed seat`)).toBeVisible();
  await shot(page, 'bell-seat-claimed-1366');
  await page.keyboard.press('Escape');

  await page.goto('/report?tab=seats');
  const table = page.getByTestId('seat-fill-months');
  await expect(table.getByRole('columnheader', { name: 'Fill rate' })).toBeVisible();
  // This month: at least the seat Sol freed and Wren claimed (the first test).
  const month = table.locator('tr.ant-table-row').first();
  await expect(month).toBeVisible();
  await expect(month.locator('td').nth(3)).not.toHaveText('0');
  await expect(month).toContainText('%');
  await expect(month).toContainText('min');
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'report-seat-fill-1366');
});

test("a guardian on a phone joins a full class of the child's course on the waitlist", async ({ page, request }) => {
  const desk = await apiAs(request, 'operator');
  const family = await apiAs(request, 'family');
  const home = (await (await request.get('/api/portal/home', { headers: family })).json()) as TPortalHome;
  const child = home.children[0].id;
  // The child takes the first course (a class of it five days ahead), whose class in three days is full.
  const klass = await fullClass(request, desk, await student(request, desk, 'Uma'));
  const start = new Date(Date.parse(klass.body.startAt) + 2 * 86_400_000);
  const own = await request.post('/api/schedules', {
    headers: desk,
    data: {
      ...klass.body,
      capacity: undefined,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      students: [{ studentId: child }],
    },
  });
  expect(own.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await prepare(page, 'en-US', family.Authorization.slice('Bearer '.length));
  await page.goto(`/family/lessons?child=${child}`);
  await page.locator('.ant-segmented-item').filter({ hasText: 'Make-ups' }).click();
  const card = page.getByTestId(`full-class-${klass.id}`);
  await expect(card).toContainText('Full (1 / 1)');
  await card.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(card).toContainText('On the waitlist: number 1 in line');
  await expect(card.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'portal-full-classes-390');
  const waitlist = (await (await request.get(`/api/schedules/${klass.id}/waitlist`, { headers: desk })).json()) as {
    entries: { student: { id: number }; status: string }[];
  };
  expect(waitlist.entries.filter((e) => e.status === 'WAITING').map((e) => e.student.id)).toEqual([child]);
});

test("a guardian claims a seat offered to the family from the portal's home (issue 37, finding 11)", async ({
  page,
  request,
}) => {
  const guardian = await acceptedGuardian(request, 'Pia');
  const desk = guardian.desk;
  const household = await request.get(`/api/households/${guardian.householdId}`, { headers: desk });
  const child = ((await household.json()) as { students: { id: number }[] }).students[0].id;
  const klass = await fullClass(request, desk, await student(request, desk, 'Tao'));
  expect(
    (await request.post(`/api/schedules/${klass.id}/waitlist`, { headers: desk, data: { studentId: child } })).status(),
  ).toBe(201);
  const freed = await request.put(`/api/schedules/${klass.id}`, {
    headers: desk,
    data: { ...klass.body, students: [] },
  });
  expect(freed.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await prepare(page, 'en-US', await apiToken(request, guardian.login, guardian.password));
  await page.goto('/family/home');
  const offers = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Seats offered to your family' }) });
  await expect(offers).toBeVisible({ timeout: 20_000 });
  await expect(offers).toContainText('Pia');
  await expect(offers).toContainText(/Held for you: \d+ (h|min) left \(until .+\)/);
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'portal-offer-390');
  await offers.getByRole('button', { name: 'Claim the seat' }).click();
  await expect(offers).toContainText('The seat is yours: Pia is in the class');
  await shot(page, 'portal-offer-claimed-390');
  const after = (await (await request.get(`/api/schedules/${klass.id}`, { headers: desk })).json()) as {
    students: { id: number }[];
  };
  expect(after.students.map((s) => s.id)).toEqual([child]);
});
