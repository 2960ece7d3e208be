import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { apiAs, DEMO_ZONE, demoTeacherClass, signIn } from './support';

const suffix = Date.now().toString(36).toUpperCase();
// One after the other: both share the demo centre, and a busy shared machine slows parallel browsers.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** Signs in through the API and returns the bearer headers (setup, not the thing tested). */

test('an operator downloads a week picked on a Tuesday and is asked for a Monday', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/schedule/table-view');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download classes' });
  await expect(dialog.getByRole('radio', { name: 'Week' })).toBeChecked();
  const day = dialog.getByPlaceholder('Select date');
  await day.fill('2026-03-10'); // a Tuesday
  await day.press('Enter');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Pick a Monday and try again');

  // The Monday of that week downloads a real spreadsheet.
  await day.fill('2026-03-09');
  await day.press('Enter');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(dialog).toBeHidden();
});

test('a teacher on a phone confirms a class with one student absent and sees it completed', async ({
  page,
  request,
}) => {
  // Setup as the demo admin: two students of their own and a class of the demo teacher from 23:00 to
  // midnight last night (the drawer's times are on the class's day: its end is the next day's 00:00).
  const admin = await apiAs(request, 'admin');
  const students: number[] = [];
  for (const name of [`Present${suffix}`, `Absent${suffix}`]) {
    const res = await request.post('/api/students', {
      headers: admin,
      data: { studentId: `SV-${name}`, firstName: 'Phone', lastName: name },
    });
    expect(res.status()).toBe(201);
    students.push(((await res.json()) as { id: number }).id);
  }
  const start = DateTime.now().setZone(DEMO_ZONE).startOf('day').minus({ hours: 1 }).toJSDate();
  const classId = await demoTeacherClass(request, admin, {
    start,
    studentIds: students,
    reason: `browser test ${suffix}`,
    comments: `Phone confirmation ${suffix}`,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'teacher');
  await page.goto('/teacherConfirmation');
  const awaiting = page.getByRole('region', { name: 'Awaiting confirmation' });
  const card = awaiting.locator('.ant-card').filter({ hasText: `Absent${suffix}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Planned')).toBeVisible();
  // Phone first: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: 'Confirm with changes' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm with changes' });
  await sheet.getByLabel(`Attendance of Phone Absent${suffix}`).getByText('Absent', { exact: true }).click();
  await sheet.getByRole('button', { name: 'Confirm class' }).click();
  await expect(sheet).toBeHidden();
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);

  // The server agrees: completed, one student absent and the other attended.
  const saved = await request.get(`/api/schedules/${classId}`, { headers: admin });
  const schedule = (await saved.json()) as { status: string; students: { id: number; attendance: string }[] };
  expect(schedule.status).toBe('COMPLETED');
  expect(Object.fromEntries(schedule.students.map((s) => [s.id, s.attendance]))).toEqual({
    [students[0]]: 'ATTENDED',
    [students[1]]: 'ABSENT',
  });
  // Reloaded, it no longer waits for confirmation.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Awaiting confirmation' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Awaiting confirmation' })
      .locator('.ant-card')
      .filter({ hasText: `Absent${suffix}` }),
  ).toHaveCount(0);
});

test("an operator sets a teacher's weekly window on a 24-hour clock and finds it saved", async ({ page, request }) => {
  await signIn(page, 'operator');
  await page.goto('/schedule/google-calendar');
  await page.locator('.ant-select').first().click();
  await page.locator('.ant-select-item-option', { hasText: 'Claire Roy' }).click();
  await page.getByRole('button', { name: 'Add a window' }).click();
  const saved = page.waitForResponse((r) => r.url().includes('/availability') && r.request().method() === 'PUT');
  const start = page.getByLabel('Start').last();
  await start.click();
  await start.fill('15:30');
  await start.press('Tab');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  expect((await saved).status()).toBe(200);

  // What the server keeps, read back through the API, and the page after a reload.
  const headers = await apiAs(request, 'admin');
  const teachers = (await (await request.get('/api/teachers/options', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const claire = teachers.find((t) => t.name.includes('Claire Roy'));
  const availability = await (await request.get(`/api/teachers/${claire?.id}/availability`, { headers })).json();
  expect(availability.windows).toContainEqual({ weekday: 1, startTime: '15:30', endTime: '17:00' });
  await page.reload();
  await page.locator('.ant-select').first().click();
  await page.locator('.ant-select-item-option', { hasText: 'Claire Roy' }).click();
  await expect(page.getByLabel('Start').last()).toHaveValue('15:30');
});
