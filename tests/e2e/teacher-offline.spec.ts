import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { apiAs, DEMO_ZONE, demoTeacherClass, signIn } from './support';

// Issue 11: a teacher confirms classes from a phone without a signal. The list kept on the phone is
// shown when the list request fails for lack of network, a confirmation made offline waits on the
// phone and is sent once when the network returns, and a class changed meanwhile is shown, not lost.

// The clock and a random part, as in the other specs.
const suffix = `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });
const shots = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};

let n = 0;
/** A class of the demo teacher that started `hoursAgo` hours ago, with a student of its own. */
async function teacherClass(request: APIRequestContext, hoursAgo: number) {
  const admin = await apiAs(request, 'admin');
  n += 1;
  const student = await request.post('/api/students', {
    headers: admin,
    // The count before the suffix: the New student form suggests the newest ID plus one, so after
    // "OFF-<suffix>-1" another spec's desk (students.spec, in the other worker) took "OFF-<suffix>-2"
    // and this file's next student was refused as an existing ID (409, in the last three full runs).
    data: { studentId: `OFF-${n}-${suffix}`, firstName: 'Noa', lastName: `Offline${suffix}${n}` },
  });
  expect(student.status(), await student.text()).toBe(201);
  const studentId = ((await student.json()) as { id: number }).id;
  // On the teacher's list a completed class stays only for the rest of its day (the centre's zone): a
  // class from yesterday would vanish once confirmed, so it never starts before today's local midnight.
  const midnight = DateTime.now().setZone(DEMO_ZONE).startOf('day').toJSDate();
  const start = new Date(Math.max(Date.now() - hoursAgo * 3_600_000, midnight.getTime()));
  start.setUTCMinutes(0, 0, 0); // never before midnight: the zone's midnight is on the hour
  const id = await demoTeacherClass(request, admin, {
    start,
    studentIds: [studentId],
    reason: `offline browser test ${suffix}`,
  });
  return { id, start, admin };
}

/** The class's confirmations in the audit history: one per change the server made. */
async function confirmations(request: APIRequestContext, admin: Record<string, string>, id: number) {
  const res = await request.get('/api/audit', {
    headers: admin,
    params: { entityType: 'SCHEDULE', entityId: id, action: 'CONFIRM', pageSize: 50 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

/** The class ids the page has kept on the phone (IndexedDB), for every user of this browser. */
function keptClassIds(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const open = indexedDB.open('levelup-teacher-classes', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('records');
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => {
            db.close();
            const lists = all.result.flatMap((r: { classes: Record<string, { id: number }[]> }) =>
              Object.values(r.classes),
            );
            resolve(lists.flat().map((s) => s.id));
          };
        };
      }),
  );
}

async function classStatus(request: APIRequestContext, admin: Record<string, string>, id: number) {
  const res = await request.get(`/api/schedules/${id}`, { headers: admin });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

test('confirmed offline: waits on the phone, is sent once back online, and the class is completed once', async ({
  page,
  context,
  request,
}) => {
  const { id, admin } = await teacherClass(request, 3);
  await signIn(page, 'teacher');
  await page.goto('/teacherConfirmation');
  // Once completed, the class may also show under "Feedback to write": the first card is the one above.
  const card = page.getByTestId(`class-${id}`).first();
  await expect(card.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'teacher-online-390');

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(card.getByTestId('waiting-to-send')).toHaveText('Waiting to send');
  await expect(card.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  await expect(page.getByText('No network: the confirmation is kept on this device')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'teacher-waiting-to-send-390');
  expect(await classStatus(request, admin, id)).toBe('PLANNED');

  await context.setOffline(false);
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(card.getByTestId('waiting-to-send')).toHaveCount(0);
  expect(await classStatus(request, admin, id)).toBe('COMPLETED');
  expect(await confirmations(request, admin, id)).toBe(1);

  // A reload sends nothing again (the queue is empty) and shows the class completed.
  await page.reload();
  await expect(page.getByTestId(`class-${id}`).first().getByText('Completed')).toBeVisible();
  await expect(page.getByTestId('waiting-to-send')).toHaveCount(0);
  expect(await confirmations(request, admin, id)).toBe(1);
});

test('the kept list is shown when the list request fails for lack of network', async ({ page, request }) => {
  const { id } = await teacherClass(request, 4);
  await signIn(page, 'teacher');
  await page.goto('/teacherConfirmation');
  await expect(page.getByTestId(`class-${id}`)).toBeVisible();
  // The same page again, its list requests failing as they do without a network.
  await expect.poll(() => keptClassIds(page)).toContain(id);
  await page.route(/\/api\/my-schedules(\/feedback-due)?$/, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByTestId('offline-kept-list')).toContainText('Offline — showing classes saved at');
  await expect(page.getByTestId(`class-${id}`)).toBeVisible();
  await shoot(page, 'teacher-offline-kept-list-390');

  // Signing out takes the kept classes off the phone.
  await page.unroute(/\/api\/my-schedules(\/feedback-due)?$/);
  await page.setViewportSize({ width: 1366, height: 850 });
  await expect(page.getByTestId('offline-kept-list')).toBeVisible();
  await shoot(page, 'teacher-offline-kept-list-1366');
  // The avatar's menu opens on hover with an animation: hover and click again until the click lands (a
  // click on the item while the menu fades out reaches no handler: seen on CI's busy machine).
  await expect(async () => {
    await page.getByText('Tess Teacher', { exact: true }).hover();
    await page.getByRole('menuitem', { name: 'Logout' }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/user\/login/, { timeout: 3_000 });
  }).toPass();
  await expect.poll(() => keptClassIds(page)).toEqual([]);
});

test('a class moved by the centre meanwhile: the queued confirmation is refused, shown on the class, dismissable', async ({
  page,
  context,
  request,
}) => {
  const { id, start, admin } = await teacherClass(request, 5);
  await signIn(page, 'teacher');
  await page.goto('/teacherConfirmation');
  const card = page.getByTestId(`class-${id}`);
  await expect(card.getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(card.getByTestId('waiting-to-send')).toBeVisible();
  // Meanwhile the desk moves the class half an hour earlier.
  const moved = await request.patch(`/api/schedules/${id}/time`, {
    headers: admin,
    data: {
      startAt: new Date(start.getTime() - 1_800_000).toISOString(),
      endAt: new Date(start.getTime() + 1_800_000).toISOString(),
      override: { reason: `offline browser test ${suffix}` },
    },
  });
  expect(moved.status()).toBe(200);

  await context.setOffline(false);
  const refusal = card.getByTestId('confirmation-refused');
  await expect(refusal).toContainText('The centre changed this class after you saw it');
  await expect(card.getByTestId('waiting-to-send')).toHaveCount(0);
  expect(await classStatus(request, admin, id)).toBe('PLANNED');
  expect(await confirmations(request, admin, id)).toBe(0);
  await refusal.scrollIntoViewIfNeeded();
  await shoot(page, 'teacher-conflict-390');

  // Still there after a reload, until the teacher dismisses it; then the class can be confirmed again.
  await page.reload();
  await expect(page.getByTestId(`class-${id}`).getByTestId('confirmation-refused')).toBeVisible();
  await page.getByTestId(`class-${id}`).getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId(`class-${id}`).getByTestId('confirmation-refused')).toHaveCount(0);
  await expect(page.getByTestId(`class-${id}`).getByRole('button', { name: 'Confirm', exact: true })).toBeVisible();
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  // The worker serves the shell offline; the app cannot load the signed-in user (GET /api/account)
  // and opens the route as the account kept by the last load (src/utils/currentUser.ts).
  test('a teacher who reloads the page offline still sees the kept classes', async ({ page, context, request }) => {
    const { id } = await teacherClass(request, 6);
    await signIn(page, 'teacher');
    await page.goto('/teacherConfirmation');
    await expect(page.getByTestId(`class-${id}`)).toBeVisible();
    await expect.poll(() => keptClassIds(page)).toContain(id);
    // The worker (registered after the load event) controls the page once it has precached the shell:
    // some 140 files, which take longer than the default 10 s on a busy 2-core machine.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)), {
        timeout: 40_000,
      })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-kept-list')).toContainText('Offline — showing classes saved at');
    await expect(page.getByTestId(`class-${id}`)).toBeVisible();
    await shoot(page, 'teacher-offline-reload-sw-390');
  });
});
