import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { TOKEN_KEY } from '../../src/utils/session';

export const DEMO_PASSWORD = 'levelup-demo';

export async function fillLogin(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.getByPlaceholder('Username').fill(login);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in from the login page and waits until the app has left it (the user's landing page). For
 * tests of the form, the landing and what the app shows right after signing in.
 */
export async function signInWithForm(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto('/user/login');
  await fillLogin(page, login, password);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/**
 * Signs in through the API and keeps the token where the app keeps it (src/utils/session.ts), leaving
 * the page on a blank page of the app's origin: the test's next `goto` is the app's first load. Two page
 * loads (the login page, the landing dashboard) fewer than signInWithForm, for the many tests that sign
 * in only to open a page (CI's time, issue 24).
 */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD) {
  const token = await apiToken(page.request, login, password);
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
}

/**
 * Types `text` into a searching select (the server answers the search) and picks the option that has it.
 * The search's answer replaces the first list under the pointer: a click then can land on the list
 * being replaced and choose nothing (seen on CI's busy machine), so it is made again until the select
 * shows the choice.
 */
export async function pickSearched(page: Page, field: Locator, text: string) {
  await field.fill(text);
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const chosen = select.locator('.ant-select-selection-item', { hasText: text });
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await expect(async () => {
    if ((await chosen.count()) === 0) await option.click({ timeout: 3_000 });
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The side menu's entries as shown to the user. */
export function menu(page: Page) {
  return page.locator('.ant-layout-sider').getByRole('menuitem');
}

/** The Stripe stand-in tests/e2e/serve.ts starts beside the app: the app's port + 1000. */
export function stripeStandInUrl(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? 'http://localhost:8123');
  return `http://127.0.0.1:${Number(url.port) + 1000}`;
}

/**
 * The texts a person cannot read in full on the page as it is: table header cells, anything cut with
 * an ellipsis (cells, select placeholders, form labels) and input placeholders cut short, without a tooltip (a `title` on the element or an ancestor) giving the whole text.
 * Each as "kind: text". Inputs are measured with their own font, since a placeholder's overflow does
 * not show in an input's scrollWidth.
 */
export function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    // A title on the element, around it, or on the one inside it that holds all its text (a cell whose
    // content is a titled span shows the title when its text is hovered).
    const titled = (el: Element) =>
      !!el.closest('[title]:not([title=""])') ||
      [...el.querySelectorAll('[title]:not([title=""])')].some((t) => t.textContent?.trim() === el.textContent?.trim());
    // Header cells (ProTable cuts them with its own wrapper), then anything drawn with an ellipsis.
    const cut = new Set<HTMLElement>(document.querySelectorAll<HTMLElement>('.ant-table-thead th'));
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).textOverflow === 'ellipsis') cut.add(el);
    }
    for (const el of cut) {
      if (!visible(el) || titled(el) || !el.textContent?.trim()) continue;
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.tagName.toLowerCase()}: ${el.textContent.trim()}`);
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!canvas || !visible(input) || input.value || titled(input)) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) found.push(`placeholder: ${input.placeholder}`);
    }
    return found;
  });
}

/** The week or day view's 15-minute slot of a day column (0 = the first, Sunday in the week view) at hour:minute. */
export function calendarSlot(page: Page, day: number, hour: number, minute = 0) {
  return page
    .locator('.rbc-time-content .rbc-day-slot')
    .nth(day)
    .locator('.rbc-time-slot')
    .nth(hour * 4 + minute / 15);
}

/**
 * Drags a calendar event onto a slot by the mouse, held in its middle (its edges resize it) so the grip
 * keeps its distance from the class's start; a first small move starts the drag.
 */
export async function dragEventTo(page: Page, event: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const from = await event.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('the event or the slot is not on screen');
  const grip = from.height / 2;
  await page.mouse.move(from.x + from.width / 2, from.y + grip);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + grip + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + grip + 1, { steps: 12 });
  await page.mouse.up();
}

/** The demo centre's time zone (the organisation's default; the seed keeps it). */
export const DEMO_ZONE = 'America/Toronto';

/** A token of `login` (a demo account unless another password is given), signed in through the API. */
export async function apiToken(
  request: APIRequestContext,
  login: string,
  password = DEMO_PASSWORD,
  rememberMe = false,
): Promise<string> {
  const res = await request.post('/api/authenticate', { data: { username: login, password, rememberMe } });
  expect(res.status(), `sign-in of ${login}`).toBe(200);
  return ((await res.json()) as { id_token: string }).id_token;
}

/** The Authorization header of a demo account (signed in through the API), for setup by the API. */
export async function apiAs(request: APIRequestContext, login: string): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await apiToken(request, login)}` };
}

/**
 * A teacher of the test's own, `firstName lastName` (give a unique last name), with `windows` of
 * availability (none: free at every hour), so that no other spec's classes clash with its classes and a
 * retry does not meet the first try's. Its id and full name.
 */
export async function newTeacher(
  request: APIRequestContext,
  headers: { Authorization: string },
  firstName: string,
  lastName: string,
  windows: { weekday: number; startTime: string; endTime: string }[] = [],
): Promise<{ id: number; name: string }> {
  const login = lastName.toLowerCase().replace(/[^a-z0-9]/g, '');
  const created = await request.post('/api/teachers', {
    headers,
    data: { login, email: `${login}@example.test`, password: 'teacher-password-1', firstName, lastName },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  if (windows.length > 0) {
    const set = await request.put(`/api/teachers/${id}/availability`, { headers, data: { windows, timeOff: [] } });
    expect(set.status(), await set.text()).toBe(200);
  }
  return { id, name: `${firstName} ${lastName}` };
}

/**
 * Creates a class of the demo's `teacher` login in the first course (the fields given complete it),
 * with an override (the demo teacher's timetable is full). Its id.
 */
async function postDemoClass(
  request: APIRequestContext,
  headers: { Authorization: string },
  fields: Record<string, unknown> & { reason: string; comments?: string },
): Promise<number> {
  const teachers = await request.get('/api/teachers', { headers, params: { q: 'teacher', pageSize: 50 } });
  const teacher = ((await teachers.json()) as { data: { id: number; login: string }[] }).data.find(
    (t) => t.login === 'teacher',
  );
  expect(teacher).toBeDefined();
  const courses = (await (await request.get('/api/courses/options', { headers })).json()) as { id: number }[];
  const { reason, comments, ...rest } = fields;
  const created = await request.post('/api/schedules', {
    headers,
    data: {
      courseId: courses[0].id,
      teacherId: teacher?.id,
      ...rest,
      ...(comments ? { comments } : {}),
      override: { reason },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { schedule: { id: number } }).schedule.id;
}

/** A ONE_ON_ONE VOUCHER class of the demo teacher for one student at `hourlyRate`, `minutes` long. Its id. */
export function demoVoucherClass(
  request: APIRequestContext,
  headers: { Authorization: string },
  {
    start,
    minutes,
    studentId,
    hourlyRate,
    reason,
    comments,
  }: {
    start: Date;
    minutes: number;
    studentId: number;
    hourlyRate: string;
    reason: string;
    comments?: string;
  },
): Promise<number> {
  return postDemoClass(request, headers, {
    courseType: 'ONE_ON_ONE',
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
    paymentType: 'VOUCHER',
    students: [{ studentId, hourlyRate }],
    reason,
    comments,
  });
}

/** A one-hour GROUP class of the demo teacher, paid in cash, from `start`, with the given students. Its id. */
export function demoTeacherClass(
  request: APIRequestContext,
  headers: { Authorization: string },
  { start, studentIds, reason, comments }: { start: Date; studentIds: number[]; reason: string; comments?: string },
): Promise<number> {
  return postDemoClass(request, headers, {
    courseType: 'GROUP',
    startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    paymentType: 'CASH',
    students: studentIds.map((studentId) => ({ studentId })),
    reason,
    comments,
  });
}

/**
 * Deactivates a location a spec added to the demo centre (issue 23), so that the specs after it find the
 * demo's one active location again (with one, the screens show no location pickers).
 */
export async function retireLocation(request: APIRequestContext, headers: { Authorization: string }, id: number) {
  const res = await request.get(`/api/locations?pageSize=100`, { headers });
  const found = ((await res.json()) as { data: { id: number; name: string; address: string | null }[] }).data.find(
    (l) => l.id === id,
  );
  if (!found) return;
  const put = await request.put(`/api/locations/${id}`, {
    headers,
    data: { name: found.name, address: found.address ?? '', active: false },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/**
 * A dialog once its opening animation is over. On a loaded CI machine antd's zoom-in can still be
 * running when a test types and clicks: a Save clicked mid-animation landed on nothing and the dialog
 * stayed open (students.spec, twice). Waiting for the end of the animation is what a person does.
 */
export async function settledDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-appear|ant-zoom-enter/);
  return dialog;
}

/** The list's rows once its spinner has gone: the rows of the page the address asks for, not the last one's. */
export async function settledRows(page: Page) {
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  return page.locator('.ant-table-tbody tr.ant-table-row');
}
