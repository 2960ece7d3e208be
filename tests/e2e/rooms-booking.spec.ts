// Booking two classes into one room at the same time (issue 23): with a second location and two rooms
// made in setup, an operator books a class into a room through the class form, then a second class
// (another teacher, another student) into the same room at the same time, and sees the clash dialog
// naming the room. Screenshots of the form with its pickers and of the clash dialog, en-US and zh-CN.
// Setup uses the locations API (POST /api/locations, /api/rooms).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, retireLocation, signIn } from './support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ actionTimeout: 15_000 });
const SHOTS = process.env.SHOTS_DIR ?? process.env.SHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : undefined);
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
type Headers = { Authorization: string };

const SITE = `Riverside ${suffix}`;
const ROOMS = [
  { name: 'Studio 1', capacity: 6 },
  { name: 'Studio 2', capacity: 3 },
];

/** The second location with its two rooms, through the locations API (admins). */
async function makeSite(request: APIRequestContext, admin: Headers) {
  const made = await request.post('/api/locations', { headers: admin, data: { name: SITE, address: '7 River Road' } });
  expect(made.status(), await made.text()).toBe(201);
  const locationId = ((await made.json()) as { id: number }).id;
  siteId = locationId;
  for (const room of ROOMS) {
    const res = await request.post('/api/rooms', { headers: admin, data: { locationId, ...room } });
    expect(res.status(), await res.text()).toBe(201);
  }
}

async function pick(page: Page, label: string, text: string, type?: string) {
  const dialog = page.getByRole('dialog', { name: /class|课程/ });
  const field = dialog.getByLabel(label, { exact: true });
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  // The form focuses its first field as it opens: a click during that may close the list again.
  await expect(async () => {
    await field.click({ force: true });
    if (type) await field.fill(type);
    await expect(option).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await option.click();
}

async function newStudent(request: APIRequestContext, headers: Headers, lastName: string) {
  const res = await request.post('/api/students', {
    headers,
    data: { studentId: `ROOM-${lastName}`, firstName: 'Rho', lastName },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const WORDS = {
  'en-US': {
    newClass: 'New class',
    course: 'Course',
    teacher: 'Teacher',
    students: 'Students',
    location: 'Location',
    room: 'Room',
    date: 'Date',
    start: 'Start',
    end: 'End',
    save: 'Save',
    created: '1 class created',
    clashes: /Clashes with other classes/,
  },
  'zh-CN': {
    newClass: '新建课程',
    course: '课程',
    teacher: '老师',
    students: '学生',
    location: '校区',
    room: '教室',
    date: '日期',
    start: '开始',
    end: '结束',
    save: /^保\s*存$/,
    created: '已创建 1 节课',
    clashes: /冲突/,
  },
} as const;

let course: { id: number; name: string };

let siteId: number | undefined;
test.afterAll(async ({ request }) => {
  if (siteId) await retireLocation(request, await apiAs(request, 'admin'), siteId);
});

test.beforeAll(async ({ request }) => {
  const admin = await apiAs(request, 'admin');
  await makeSite(request, admin);
  course = ((await (await request.get('/api/courses/options', { headers: admin })).json()) as (typeof course)[])[0];
});

/** The day `tries` × 4 weeks after `day` (YYYY-MM-DD). */
function retried(day: string, tries: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 28 * tries);
  return d.toISOString().slice(0, 10);
}

for (const [lang, date, teachers] of [
  ['en-US', '2032-03-02', ['Mira Patel', 'Jonah Wu']],
  ['zh-CN', '2032-03-09', ['Mira Patel', 'Jonah Wu']],
] as const) {
  test(`${lang}: two classes into one room at once, the second refused naming the room`, async ({ page, request }) => {
    const w = WORDS[lang];
    // A retry (CI) books four weeks later: the first try's class still holds the teacher at its hour.
    const day = retried(date, test.info().retry);
    const admin = await apiAs(request, 'admin');
    const names = [`Ra${suffix}${lang.slice(0, 2)}`, `Rb${suffix}${lang.slice(0, 2)}`];
    for (const name of names) await newStudent(request, admin, name);
    await page.setViewportSize({ width: 1366, height: 850 });
    await signIn(page, 'operator');
    // The language is the browser's choice, kept in localStorage (read on each page load).
    if (lang === 'zh-CN') await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));

    for (const [i, name] of names.entries()) {
      await page.goto(`/schedule/schedule-calendar?date=${day}&view=week`);
      await page.getByRole('button', { name: w.newClass }).first().click();
      const form = page.getByRole('dialog', { name: w.newClass });
      await expect(form).toBeVisible();
      await pick(page, w.course, course.name, course.name.split(' ')[0]);
      await pick(page, w.teacher, teachers[i], teachers[i].split(' ')[0]);
      await pick(page, w.students, name, name);
      await form.getByLabel(w.date, { exact: true }).fill(day);
      await form.getByLabel(w.date, { exact: true }).press('Enter');
      await form.getByLabel(w.start, { exact: true }).fill('16:00');
      await form.getByLabel(w.start, { exact: true }).press('Enter');
      await form.getByLabel(w.end, { exact: true }).fill('17:00');
      await form.getByLabel(w.end, { exact: true }).press('Enter');
      await pick(page, w.location, SITE);
      await pick(page, w.room, 'Studio 1');
      if (i === 0) await shot(page, `rooms-form-${lang}`);
      await form.getByRole('button', { name: w.save }).click();
      if (i === 0) {
        await expect(page.getByText(w.created)).toBeVisible();
        await expect(form).toBeHidden();
      }
    }
    const clashes = page.getByRole('dialog', { name: w.clashes });
    await expect(clashes).toBeVisible({ timeout: 30_000 }); // the save's clash check, on a loaded machine
    await expect(clashes.getByText(`Studio 1 (${SITE})`, { exact: false })).toBeVisible();
    if (lang === 'en-US')
      await expect(clashes.getByText(`Room Studio 1 (${SITE}) holds ${course.name}`, { exact: false })).toBeVisible();
    await page.waitForTimeout(600); // the dialog's opening animation, for a steady screenshot
    await shot(page, `rooms-clash-${lang}`);
  });
}
