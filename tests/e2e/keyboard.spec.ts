import { expect, type Page, test } from '@playwright/test';
import { apiAs, newTeacher, signIn } from './support';

// Issue 19 (WCAG 2.1.1, 2.4.7): after sign-in, only the keyboard. Pages are opened by their address
// (as typed in the address bar); everything on them by Tab, Enter, typing. At each step the focused
// element must be on screen with a visible focus indicator.
test.describe.configure({ timeout: 180_000 });

const DAY = '2031-03-12'; // a Wednesday far from the demo's classes: no clash
type Focused = { tag: string; text: string; label: string; className: string; ok: boolean; why: string };

/** What has the focus, and whether it is on screen with an outline or a focus shadow (its own or its field's). */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: '', text: '', label: '', className: '', ok: false, why: 'nothing' };
    const box = el.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    const ring = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return (
        (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) ||
        (!!s.boxShadow && s.boxShadow !== 'none')
      );
    };
    const field = el.closest('.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number');
    const shown = ring(el) || ring(field) || ring(field?.querySelector('.ant-select-selector') ?? null);
    return {
      tag: el.tagName,
      text: (el.textContent ?? '').trim().slice(0, 200),
      label: el.getAttribute('aria-label') ?? el.id ?? '',
      className: String(el.className),
      ok: onScreen && shown,
      why: `${el.tagName} ${el.id} "${(el.textContent ?? '').trim().slice(0, 40)}" on screen ${onScreen}, ring ${shown}`,
    };
  });
}

async function expectFocusVisible(page: Page) {
  // A field draws its focus shadow on the render after the focus event: give it a moment.
  let why = '';
  await expect
    .poll(
      async () => {
        const now = await focused(page);
        why = now.why;
        return now.ok;
      },
      { timeout: 3_000, message: `focus visible: ${why}` },
    )
    .toBe(true)
    .catch(() => expect(false, why).toBe(true));
}

/** Tab (or Shift+Tab) until the focused element matches; it must then show its focus. */
async function tabTo(page: Page, matches: (f: Focused) => boolean, what: string, max = 80, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (matches(await focused(page))) return expectFocusVisible(page);
  }
  throw new Error(`no ${what} within ${max} presses of ${key}`);
}

/** Replaces the focused input's text and commits it with Enter. */
async function typeInto(page: Page, text: string, commit = true) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  if (commit) await page.keyboard.press('Enter');
}

test('keyboard only: create a student, create a class, open it from the calendar and move it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const admin = await apiAs(request, 'admin');
  const course = (
    (await (await request.get('/api/courses/options', { headers: admin })).json()) as { name: string }[]
  )[0];
  const lastName = `Keys${Date.now().toString(36)}`;
  // A teacher of its own: the first teacher of the list could be one another spec gave hours or classes,
  // and a retry would meet the class the first try saved.
  const teacher = await newTeacher(request, admin, 'Tab', `Tabs${Date.now().toString(36)}`);
  await signIn(page, 'operator');

  // 1. A new student: New student, the form (its first field has the focus), names, Enter saves.
  await page.goto('/student/all-student');
  // A person starts pressing Tab once the page is there (presses before it is drawn go nowhere).
  await expect(page.getByRole('button', { name: 'New student' })).toBeVisible();
  await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'New student', 'New student button');
  await page.keyboard.press('Enter');
  const studentForm = page.getByRole('dialog', { name: /New student/ });
  await expect(studentForm).toBeVisible();
  await tabTo(page, (f) => f.label.endsWith('firstName'), 'First name field');
  await typeInto(page, 'Kai', false);
  await tabTo(page, (f) => f.label.endsWith('lastName'), 'Last name field');
  await typeInto(page, lastName, false);
  await page.keyboard.press('Enter');
  await expect(studentForm).toBeHidden();

  // 2. A new class from the calendar's New class button.
  await page.goto('/schedule/schedule-calendar');
  await expect(page.getByRole('button', { name: 'New class' })).toBeVisible();
  await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'New class', 'New class button');
  await page.keyboard.press('Enter');
  const classForm = page.getByRole('dialog', { name: 'New class' });
  await expect(classForm).toBeVisible();
  await expect.poll(async () => (await focused(page)).label).toMatch(/courseId/);
  await expectFocusVisible(page);
  await page.keyboard.type(course.name);
  await expect(page.locator('.ant-select-item-option-active').filter({ hasText: course.name })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-selection-item').filter({ hasText: course.name })).toBeVisible();
  await tabTo(page, (f) => f.label.endsWith('teacherId'), 'Teacher field');
  await page.keyboard.type(teacher.name);
  await expect(page.locator('.ant-select-item-option-active').filter({ hasText: teacher.name })).toBeVisible();
  await page.keyboard.press('Enter');
  // The teacher shows in the box, as the course did (once on CI, before TeacherSelect stopped asking the
  // server again for the course's teachers, the list was replaced under the typing: "Teacher is required").
  await expect(page.locator('.ant-select-selection-item').filter({ hasText: teacher.name })).toBeVisible();
  await tabTo(page, (f) => f.label.endsWith('students'), 'Students field');
  await page.keyboard.type(lastName);
  await expect(page.locator('.ant-select-item-option-active').filter({ hasText: lastName })).toBeVisible();
  await page.keyboard.press('Enter');
  // Tab leaves the open list (no trap) for the date.
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await focused(page)).label).toMatch(/_day$/);
  await expectFocusVisible(page);
  // Enter in the date field or a time picker commits the value; it does not save the class.
  await typeInto(page, DAY);
  await page.keyboard.press('Tab');
  await typeInto(page, '10:00');
  await page.keyboard.press('Tab');
  await typeInto(page, '11:00');
  await page.waitForTimeout(500);
  await expect(classForm).toBeVisible();
  await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'Save', 'Save button');
  // Once on CI the form stayed open after Save (passing on retry): what the server answered and what the
  // form says are printed if it happens again.
  const replies: string[] = [];
  page.on('response', async (r) => {
    if (r.request().method() === 'POST' && /\/api\/schedules(\?|$)/.test(r.url()))
      replies.push(`${r.status()} ${await r.text().catch(() => '')}`);
  });
  await page.keyboard.press('Enter');
  await expect(classForm)
    .toBeHidden()
    .catch(async (error: Error) => {
      const said = await classForm.locator('.ant-form-item-explain-error, .ant-alert').allInnerTexts();
      throw new Error(`${error.message}\nreplies: ${JSON.stringify(replies)}\nthe form says: ${JSON.stringify(said)}`);
    });

  // 3. The class in the week view: Tab reaches it, Enter opens it, "Move to another time" opens the form on its day.
  await page.goto(`/schedule/schedule-calendar?date=${DAY}&view=week`);
  await expect(page.locator('.rbc-event').filter({ hasText: teacher.name })).toBeVisible();
  await tabTo(page, (f) => f.className.includes('rbc-event') && f.text.includes(teacher.name), 'the class', 200);
  await page.keyboard.press('Enter');
  const details = page.locator('.schedule-details .ant-modal');
  await expect(details).toBeVisible();
  await tabTo(page, (f) => f.tag === 'BUTTON' && f.text.includes('Move to another time'), 'Move button');
  await page.keyboard.press('Enter');
  const editForm = page.getByRole('dialog', { name: 'Edit class' });
  await expect(editForm).toBeVisible();
  await expect.poll(async () => (await focused(page)).label).toMatch(/_day$/);
  await expectFocusVisible(page);
  await page.keyboard.press('Tab');
  await typeInto(page, '14:00');
  await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === 'Save', 'Save button');
  await page.keyboard.press('Enter');
  await expect(editForm).toBeHidden();

  // The server has it at 14:00 on that day (Toronto, EDT from 9 March 2031: UTC-4), an hour long.
  const res = await request.get('/api/schedules', {
    headers: admin,
    params: { from: DAY, to: DAY, pageSize: 50, sortField: 'startAt', sortOrder: 'ascend' },
  });
  const rows = ((await res.json()) as { data: { startAt: string; endAt: string; students: { name: string }[] }[] })
    .data;
  const moved = rows.find((r) => r.students.some((s) => s.name.includes(lastName)));
  expect(moved?.startAt).toBe(`${DAY}T18:00:00.000Z`);
  expect(moved?.endAt).toBe(`${DAY}T19:00:00.000Z`);
});

test("a teacher's availability blocks are not in the tab order: Tab from the toolbar reaches the first class", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const admin = await apiAs(request, 'admin');
  const stamp = Date.now().toString(36);
  // A teacher of its own, available every weekday, with one class on a day far from the demo's.
  const windows = [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, startTime: '08:00', endTime: '12:00' },
    { weekday, startTime: '13:00', endTime: '20:00' },
  ]);
  const { id: teacherId } = await newTeacher(request, admin, 'Ava', `Blocks${stamp}`, windows);
  const course = (
    (await (await request.get('/api/courses/options', { headers: admin })).json()) as { id: number; name: string }[]
  )[0];
  const student = await request.post('/api/students', {
    headers: admin,
    data: { studentId: `AV-${stamp}`, firstName: 'Avi', lastName: `Blocks${stamp}` },
  });
  const created = await request.post('/api/schedules', {
    headers: admin,
    data: {
      courseType: 'ONE_ON_ONE',
      courseId: course.id,
      teacherId,
      startAt: '2031-03-13T19:00:00Z', // Thursday 15:00 in Toronto
      endAt: '2031-03-13T20:00:00Z',
      paymentType: 'CASH',
      students: [{ studentId: ((await student.json()) as { id: number }).id }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, 'operator');
  await page.goto('/schedule/schedule-calendar?date=2031-03-13&view=week');
  await page.getByRole('combobox', { name: 'Teacher' }).fill(`Blocks${stamp}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Blocks${stamp}` }).click();
  const blocks = page.locator('.rbc-background-event');
  await expect(blocks.first()).toBeVisible();
  expect(await blocks.count()).toBeGreaterThan(5);
  await expect(page.locator('.rbc-event').filter({ hasText: course.name })).toHaveCount(1);

  // From the toolbar's last button, Tab lands on the class and on no availability block before it.
  await page.locator('.rbc-toolbar button').last().focus();
  const passed: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    passed.push(now.className);
    if (now.className.includes('rbc-event') && now.text.includes(course.name)) break;
  }
  expect(passed.filter((c) => c.includes('rbc-background-event'))).toEqual([]);
  expect(passed.at(-1)).toContain('rbc-event');
  await expectFocusVisible(page);
});
