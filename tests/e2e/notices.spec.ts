import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, signIn, signInWithForm } from './support';

// The notices come from the server's own jobs on pg-boss's schedule (every minute), not from a test
// shortcut: the setup makes the situations (a class of the demo teacher that ended and is still
// planned; a student of our own dipping below the low-balance threshold) and the tests wait for them.
const suffix = Date.now().toString(36).toUpperCase();
const SHOTS = process.env.SHOTS_DIR;
test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Notice {
  id: number;
  type: string;
  entityId: number | null;
  read: boolean;
}

/** Waits until the user's notices include one about `entityId` of `type` (the job runs every minute). */
async function noticeFor(request: APIRequestContext, login: string, type: string, entityId: number) {
  const headers = await apiAs(request, login);
  let found: Notice | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/notices', { headers, params: { limit: 100 } });
        const body = (await res.json()) as { data: Notice[] };
        found = body.data.find((n) => n.type === type && n.entityId === entityId);
        return !!found;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);
  return found as Notice;
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notifications' });
const count = (page: Page) => bell(page).locator('.ant-badge-count');

let classId: number;
let studentId: number;

test.beforeAll(async ({ request }) => {
  const admin = await apiAs(request, 'admin');
  // A class of the demo teacher that ended two hours ago and is still planned.
  const teachers = await request.get('/api/teachers', { headers: admin, params: { q: 'teacher', pageSize: 50 } });
  const teacher = ((await teachers.json()) as { data: { id: number; login: string }[] }).data.find(
    (t) => t.login === 'teacher',
  );
  const courses = (await (await request.get('/api/courses/options', { headers: admin })).json()) as { id: number }[];
  const pupil = await request.post('/api/students', {
    headers: admin,
    data: { studentId: `NB-${suffix}`, firstName: 'Bell', lastName: `Pupil${suffix}` },
  });
  expect(pupil.status()).toBe(201);
  studentId = ((await pupil.json()) as { id: number }).id;
  const start = new Date(Date.now() - 3 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  const created = await request.post('/api/schedules', {
    headers: admin,
    data: {
      courseType: 'ONE_ON_ONE',
      courseId: courses[0].id,
      teacherId: teacher?.id,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      paymentType: 'CASH',
      comments: `Bell test ${suffix}`,
      students: [{ studentId }],
      override: { reason: `browser test ${suffix}` },
    },
  });
  expect(created.status()).toBe(201);
  classId = ((await created.json()) as { schedule: { id: number } }).schedule.id;

  // The student dips below the centre's threshold: a purchase over it, then a refund under it.
  const dashboard = (await (await request.get('/api/dashboard', { headers: admin })).json()) as {
    lowBalanceThreshold: string;
  };
  const threshold = Number(dashboard.lowBalanceThreshold);
  for (const [type, amount] of [
    ['PURCHASE', threshold + 100],
    ['REFUND', 150],
  ] as const) {
    const res = await request.post('/api/voucher-purchases', {
      headers: admin,
      data: {
        studentId,
        type,
        purchaseDate: new Date().toISOString().slice(0, 10),
        voucherAmount: amount.toFixed(2),
        idempotencyKey: randomUUID(),
      },
    });
    expect(res.status()).toBe(201);
  }
});

test('a teacher on a phone sees the count, opens the class from the bell, and marks all read', async ({
  page,
  request,
}) => {
  await noticeFor(request, 'teacher', 'CLASS_AWAITING_CONFIRMATION', classId);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithForm(page, 'teacher');
  await expect(count(page)).toBeVisible();
  await bell(page).click();
  const list = page.getByTestId('notice-list');
  await expect(list.getByRole('region', { name: 'Awaiting your confirmation' })).toBeVisible();
  await expect(list.getByTestId('notice-item').first()).toBeVisible();
  if (SHOTS) await page.waitForTimeout(500); // the popover's opening animation
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bell-teacher-390-${test.info().project.name}.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // An item leads to the confirmation page and is read from then on.
  await list.getByTestId('notice-item').first().click();
  await expect(page).toHaveURL(/\/teacherConfirmation$/);

  await bell(page).click();
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await expect(count(page)).toHaveCount(0);
  await expect(list.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  const headers = await apiAs(request, 'teacher');
  const after = (await (await request.get('/api/notices', { headers })).json()) as { unread: number };
  expect(after.unread).toBe(0);
});

test('an admin sees the low-balance notice grouped by type and opens the student', async ({ page, request }) => {
  await noticeFor(request, 'admin', 'LOW_BALANCE', studentId);
  await page.setViewportSize({ width: 1366, height: 850 });
  await signInWithForm(page, 'admin');
  await expect(count(page)).toBeVisible();
  await bell(page).click();
  const group = page.getByTestId('notice-list').getByRole('region', { name: 'Low balance' });
  const item = group.getByTestId('notice-item').filter({ hasText: `Pupil${suffix}` });
  await expect(item).toBeVisible();
  if (SHOTS) await page.waitForTimeout(500);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bell-admin-1366-${test.info().project.name}.png` });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/student/studentDashboard/${studentId}$`));
});

test('a teacher on a phone saves their notification settings', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'teacher');
  await page.goto('/accountSettings');
  const card = page.getByTestId('notification-settings');
  const changes = card.getByTestId('notification-CLASS_CHANGE');
  await expect(changes.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await changes.getByRole('checkbox', { name: 'Email' }).uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-teacher-390-${test.info().project.name}.png` });
  await page.reload();
  await expect(
    page.getByTestId('notification-CLASS_CHANGE').getByRole('checkbox', { name: 'Email' }),
  ).not.toBeChecked();

  const headers = await apiAs(request, 'teacher');
  const saved = (await (await request.get('/api/account/notification-settings', { headers })).json()) as {
    settings: { kind: string; email: boolean }[];
  };
  expect(saved.settings.find((s) => s.kind === 'CLASS_CHANGE')?.email).toBe(false);
  // Back as it was for the other tests of the demo centre.
  await request.put('/api/account/notification-settings', {
    headers,
    data: { settings: [{ kind: 'CLASS_CHANGE', email: true, sms: false }] },
  });
});

test("an admin's profile shows their low-balance channels and the centre's reminder hour", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'admin');
  await page.goto('/profile');
  await expect(page.getByTestId('notification-LOW_BALANCE')).toBeVisible();
  const reminders = page.getByTestId('feedback-reminder-settings');
  await expect(reminders.getByRole('switch')).toBeVisible();
  await reminders.scrollIntoViewIfNeeded();
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/profile-admin-1366-${test.info().project.name}.png`, fullPage: true });
});
