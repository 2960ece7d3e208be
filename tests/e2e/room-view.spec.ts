import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './a11y-support';
import { apiAs, retireLocation, signIn } from './support';

// Issue 23: the calendar's room view. A second location with two rooms and a class in each, at the same
// time; the admin opens the day view by rooms and sees both rooms as columns side by side, each with
// its class, then the week; in zh-CN the labels are Chinese.
// The locations and rooms are made through the API (POST /api/locations, /api/rooms; the classes with
// locationId and roomId).
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR; // screenshots for review only
const DAY = '2031-05-14'; // a Wednesday far from the demo's term: only these classes
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
type Headers = { Authorization: string };
type Named = { id: number; name: string };
interface Setup {
  location: Named & { address: string };
  rooms: [Named, Named];
  classes: [number, number];
}

async function demoTeachers(request: APIRequestContext, headers: Headers) {
  const res = await request.get('/api/teachers/options', { headers });
  return ((await res.json()) as Named[]).slice(0, 2);
}

async function newClass(
  request: APIRequestContext,
  headers: Headers,
  fields: { teacherId: number; courseId: number; locationId?: number; roomId?: number },
) {
  const res = await request.post('/api/schedules', {
    headers,
    data: {
      courseType: 'GROUP',
      ...fields,
      startAt: `${DAY}T14:00:00Z`, // 10:00 in Toronto (EDT)
      endAt: `${DAY}T15:00:00Z`,
      paymentType: 'CASH',
      students: [],
      comments: `room view ${suffix}`,
      override: { reason: 'room view test' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { schedule: { id: number } }).schedule.id;
}

let once: Promise<Setup> | undefined;
let setups = 0;
test.afterAll(async ({ request }) => {
  // Forgotten as well as retired: with fullyParallel a worker may come back to this file after others,
  // and must then make a new location, not open the retired one (whose table view has no Location
  // column: one active location left).
  const done = once;
  once = undefined;
  if (done) await retireLocation(request, await apiAs(request, 'admin'), (await done).location.id);
});
/** The location, its rooms and their classes, made once for the file (names are unique per centre). */
const setUp = (request: APIRequestContext, headers: Headers) => {
  once ??= makeSetup(request, headers);
  return once;
};

async function makeSetup(request: APIRequestContext, headers: Headers): Promise<Setup> {
  const [ann, bob] = await demoTeachers(request, headers);
  const courses = (await (await request.get('/api/courses/options', { headers })).json()) as Named[];
  const address = '77 East Avenue';
  const made = await request.post('/api/locations', { headers, data: { name: `East ${suffix}-${++setups}`, address } });
  expect(made.status(), await made.text()).toBe(201);
  const location = (await made.json()) as Named & { address: string };
  const rooms: Named[] = [];
  for (const name of ['Blue', 'Green']) {
    const res = await request.post('/api/rooms', { headers, data: { locationId: location.id, name, capacity: 6 } });
    expect(res.status(), await res.text()).toBe(201);
    rooms.push((await res.json()) as Named);
  }
  const classes: [number, number] = [
    await newClass(request, headers, {
      teacherId: ann.id,
      courseId: courses[0].id,
      locationId: location.id,
      roomId: rooms[0].id,
    }),
    await newClass(request, headers, {
      teacherId: bob.id,
      courseId: courses[1].id,
      locationId: location.id,
      roomId: rooms[1].id,
    }),
  ];
  return { location, rooms: [rooms[0], rooms[1]], classes };
}

// The rooms' headers: one row over the day (the day view), or under each day (the week, day first).
const headers = (page: Page) =>
  page.locator(
    '.rbc-time-view .rbc-row-resource .rbc-header, .rbc-resource-grouping > .rbc-row:nth-child(2) > .rbc-header',
  );

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('the admin sees two rooms side by side in the calendar’s room view, with their classes, in English and Chinese', async ({
  page,
  request,
}) => {
  const admin = await apiAs(request, 'admin');
  const setup = await setUp(request, admin);
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto(`/schedule/schedule-calendar?date=${DAY}&view=day`);
  // The room view's toggle (its icon names itself too: "appstore Rooms").
  const rooms = page.getByRole('button', { name: /\bRooms$/ });
  await expect(rooms).toHaveAttribute('aria-pressed', 'false');
  // Filters for location (two locations) and room.
  await expect(page.getByRole('combobox', { name: 'Location' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Room' })).toBeVisible();
  await rooms.click();
  await expect(rooms).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/rooms=1/);
  // Every location's rooms, named with their location, then the classes without a room.
  const east = setup.location.name;
  await expect(headers(page)).toContainText([`${east} · Blue`, `${east} · Green`, 'No room']);

  // The second location chosen: its two rooms and "No room".
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: east }).click();
  await expect(page).toHaveURL(new RegExp(`locationId=${setup.location.id}`));
  await expect(headers(page)).toHaveText(['Blue', 'Green', 'No room']);
  // Each room's column holds its own class, side by side (the same hour, one beside the other).
  const columns = page.locator('.rbc-time-content .rbc-day-slot');
  const blue = columns.nth(0).locator('.rbc-event');
  const green = columns.nth(1).locator('.rbc-event');
  await expect(blue).toHaveCount(1);
  await expect(green).toHaveCount(1);
  await expect(columns.nth(2).locator('.rbc-event')).toHaveCount(0);
  const [b, g] = [await blue.boundingBox(), await green.boundingBox()];
  expect(b && g).toBeTruthy();
  if (b && g) {
    expect(g.x).toBeGreaterThanOrEqual(b.x + b.width - 1); // beside it
    expect(Math.abs(g.y - b.y)).toBeLessThan(2); // at the same time
  }
  const titles = await Promise.all([blue, green].map((e) => e.getAttribute('title')));
  expect(titles[0]).not.toEqual(titles[1]);
  await shot(page, 'room-view-day-en');
  expect(await seriousViolations(page)).toEqual([]);

  // A reload keeps the location and the room view (they are in the address).
  await page.reload();
  await expect(headers(page)).toHaveText(['Blue', 'Green', 'No room']);

  // The week: each day's rooms side by side; Wednesday's Blue and Green hold the two classes.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = Array.from({ length: 7 }, () => ['Blue', 'Green', 'No room']).flat();
  await expect(headers(page)).toHaveText(week);
  await expect(columns).toHaveCount(21);
  await expect(page.locator('.rbc-time-content .rbc-event')).toHaveCount(2);
  await expect(columns.nth(9).locator('.rbc-event')).toHaveCount(1);
  await expect(columns.nth(10).locator('.rbc-event')).toHaveCount(1);
  // 21 columns are wider than the screen: the week opens at the chosen day (Wednesday), its headers with
  // it, not at Sunday.
  await expect(columns.nth(9)).toBeInViewport();
  await expect(columns.nth(10).locator('.rbc-event')).toBeInViewport();
  await expect(columns.nth(0)).not.toBeInViewport();
  await expect(page.getByText('Wednesday 05-14')).toBeInViewport();
  await expect(page.getByText('Sunday 05-11')).not.toBeInViewport();
  await shot(page, 'room-view-week-en');
  expect(await seriousViolations(page)).toEqual([]);

  // One room chosen: only its column.
  await page.getByRole('combobox', { name: 'Room' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Green' }).click();
  await expect(page).toHaveURL(new RegExp(`roomId=${setup.rooms[1].id}`));
  await expect(headers(page)).toHaveText(['Green']); // one room: a header over its week
  await expect(page.locator('.rbc-time-content .rbc-event')).toHaveCount(1);
  await shot(page, 'room-view-filters-en');

  // zh-CN: the same view, its labels in Chinese.
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.goto(`/schedule/schedule-calendar?date=${DAY}&view=day&rooms=1&locationId=${setup.location.id}`);
  await expect(page.getByRole('button', { name: /按教室$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: '校区' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '教室' })).toBeVisible();
  await expect(headers(page)).toHaveText(['Blue', 'Green', '无教室']);
  await expect(page.locator('.rbc-time-content .rbc-event')).toHaveCount(2);
  await shot(page, 'room-view-day-zh');
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/schedules/range')
      fetched.push(new URL(r.url()).searchParams.get('start') ?? '');
  });
  await page.goto(`/schedule/schedule-calendar?date=${DAY}&view=week&rooms=1&locationId=${setup.location.id}`);
  await expect(headers(page)).toHaveText(Array.from({ length: 7 }, () => ['Blue', 'Green', '无教室']).flat());
  await expect(page.locator('.rbc-time-content .rbc-event')).toHaveCount(2);
  // A zh-CN week runs Monday to Sunday, and so does what is fetched (a Sunday-first range once left the
  // Sunday shown last unfetched); the view opens at Wednesday there too.
  await expect.poll(() => fetched.at(-1)).toBe('2031-05-12T04:00:00.000Z');
  await expect(page.getByText('05-14 星期三')).toBeInViewport();
  await expect(columns.nth(6)).toBeInViewport();
  await expect(columns.nth(4)).not.toBeInViewport(); // Tuesday (its last room lies under the pinned hours)
  await shot(page, 'room-view-week-zh');
});

test('the table view filters by location and room and shows both columns', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const setup = await setUp(request, admin);
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto(`/schedule/table-view?from=${DAY}&to=${DAY}&locationId=${setup.location.id}`);
  const table = page.locator('.ant-table-thead');
  // One column says where: the location over the room.
  await expect(table.getByText('Location', { exact: true })).toBeVisible({ timeout: 30_000 }); // once the options load
  await page.getByText('Expand', { exact: true }).click(); // the filter form's further fields
  await expect(page.getByLabel('Location', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Room', { exact: true })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: 'Blue' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Green' }).first()).toBeVisible();
  await expect(rows).toHaveCount(2); // the server's filter: this location's classes of the day
  await shot(page, 'table-view-en');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.reload();
  await expect(page.locator('.ant-table-thead').getByText('校区', { exact: true })).toBeVisible();
  await shot(page, 'table-view-zh');
});
