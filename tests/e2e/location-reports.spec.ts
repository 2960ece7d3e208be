import { expect, type Page, test } from '@playwright/test';
import enUS from '../../src/locales/en-US';
import zhCN from '../../src/locales/zh-CN';
import { apiAs, retireLocation, signIn } from './support';

// Reports by location and room occupancy (issue 23) in the browser: with a second location and two
// rooms, the Locations tab shows its table (a row per location and the total) and its chart, and the
// Room occupancy tab shows both rooms in its chart and table; screenshots in en-US and zh-CN.
// The setup goes through the locations API (locations admin) and books a class into a room through the
// classes API.

const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-location-reports';
const en = enUS as Record<string, string>;
const zh = zhCN as Record<string, string>;
test.describe.configure({ timeout: 120_000 });

async function openTab(page: Page, text: Record<string, string>, key: 'locations' | 'rooms') {
  await page.goto(`/report?tab=${key}`);
  const name = key === 'locations' ? text['locationReports.tab.locations'] : text['locationReports.tab.rooms'];
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

const made: number[] = [];
test.afterAll(async ({ request }) => {
  const admin = await apiAs(request, 'admin');
  for (const id of made) await retireLocation(request, admin, id);
});

test('the Locations and Room occupancy tabs show a table and a chart for two locations', async ({ page, request }) => {
  const admin = await apiAs(request, 'admin');
  const name = `North ${suffix}`;
  const location = await request.post('/api/locations', { headers: admin, data: { name, address: '1 North Road' } });
  expect(location.status(), await location.text()).toBe(201);
  const locationId = ((await location.json()) as { id: number }).id;
  made.push(locationId);
  const roomIds: number[] = [];
  for (const room of ['Room A', 'Room B']) {
    const res = await request.post('/api/rooms', { headers: admin, data: { locationId, name: room, capacity: 6 } });
    expect(res.status(), await res.text()).toBe(201);
    roomIds.push(((await res.json()) as { id: number }).id);
  }
  // A two-hour class in Room A tomorrow (this week's or next week's row of the table).
  const courses = (await (await request.get('/api/courses/options', { headers: admin })).json()) as { id: number }[];
  const teachers = await request.get('/api/teachers', { headers: admin, params: { q: 'teacher', pageSize: 50 } });
  const teacher = ((await teachers.json()) as { data: { id: number; login: string }[] }).data.find(
    (t) => t.login === 'teacher',
  );
  const start = new Date(Date.now() + 24 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const booked = await request.post('/api/schedules', {
    headers: admin,
    data: {
      courseType: 'GROUP',
      courseId: courses[0].id,
      teacherId: teacher?.id,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      paymentType: 'CASH',
      students: [],
      locationId,
      roomId: roomIds[0],
      override: { reason: `Location report ${suffix}` },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  for (const [lang, text] of [
    ['en-US', en],
    ['zh-CN', zh],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('umi_locale', l), lang);
    await openTab(page, text, 'locations');
    const table = page.getByTestId('location-report-table');
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(text['locationReports.total']) })).toBeVisible();
    const chart = page.getByRole('img', { name: text['locationReports.chart.alt'] });
    await expect(chart.locator('canvas').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/location-report-${lang}.png`, fullPage: true });

    await openTab(page, text, 'rooms');
    const rooms = page.getByTestId('room-occupancy-table');
    await expect(rooms.getByRole('row', { name: new RegExp(`${name} · Room A`) })).toBeVisible();
    await expect(rooms.getByRole('row', { name: new RegExp(`${name} · Room B`) })).toBeVisible();
    const occupancy = page.getByRole('img', { name: text['locationReports.occupancyChart.alt'] });
    await expect(occupancy.locator('canvas').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/room-occupancy-${lang}.png`, fullPage: true });
  }
});
