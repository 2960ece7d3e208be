import { expect, test } from '@playwright/test';
import { seriousViolations } from './a11y-support';
import { apiAs, signIn } from './support';

// Substitutes (issue 22): the desk gives Claire Roy's class to the demo teacher from the class details
// on the calendar; the teacher (a phone) sees it as theirs, "covering for Claire Roy". SHOTS_DIR saves
// the desk at 1366x850 and the teacher's page at 390x844.
test.describe.configure({ timeout: 150_000 });
const SHOTS = process.env.SHOTS_DIR;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the desk gives a class a substitute; the substitute sees it as covering', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const headers = await apiAs(request, 'admin');
  const lastName = `Cover${unique()}`;
  const student = await request.post('/api/students', {
    headers,
    data: { studentId: `CVR-${lastName}`.slice(0, 30), firstName: 'Sam', lastName },
  });
  expect(student.status(), await student.text()).toBe(201);
  const teachers = (await (await request.get('/api/teachers/options', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const listed = await request.get('/api/teachers', { headers, params: { q: 'teacher', pageSize: 50 } });
  const demo = ((await listed.json()) as { data: { id: number; login: string; name?: string }[] }).data.find(
    (t) => t.login === 'teacher',
  );
  const demoName = teachers.find((t) => t.id === demo?.id)?.name as string;
  expect(demoName).toBeTruthy();
  const courses = (await (await request.get('/api/courses/options', { headers })).json()) as { id: number }[];
  // Two days from now at 06:00 UTC (the night before in Toronto): inside the teacher's next 14 days.
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  const created = await request.post('/api/schedules', {
    headers,
    data: {
      courseType: 'ONE_ON_ONE',
      courseId: courses[0].id,
      teacherId: teachers.find((t) => t.name === 'Claire Roy')?.id,
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      paymentType: 'CASH',
      students: [{ studentId: ((await student.json()) as { id: number }).id }],
      override: { reason: 'Test class' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { schedule: { id: number } }).schedule.id;

  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(start);
  await page.goto(`/schedule/schedule-calendar?date=${day}&view=day`);
  // The class itself: the day view may hold others of Claire's, so open it by its student in the tooltip.
  await page.locator('.rbc-event', { hasText: lastName }).first().click();
  const details = page.locator('.schedule-details');
  await expect(details.getByRole('button', { name: 'Substitute' })).toBeVisible();
  await details.getByRole('button', { name: 'Substitute' }).click();

  const dialog = page.getByRole('dialog', { name: 'Substitute teacher' });
  await expect(dialog).toBeVisible();
  await dialog.locator('.ant-select').first().click();
  await page.locator('.ant-select-item-option', { hasText: demoName }).first().click();
  // What the class will pay the substitute, before it is saved (issue 37, finding 13): an hour at the
  // demo teacher's own rate, beside Claire's rate on the class.
  const rateOf = async (url: string, field: 'hourlyRate' | 'teacherHourlyRate') =>
    ((await (await request.get(url, { headers })).json()) as Record<string, string | null>)[field];
  const demoRate = await rateOf(`/api/teachers/${demo?.id}`, 'hourlyRate');
  const claireRate = await rateOf(`/api/schedules/${id}`, 'teacherHourlyRate');
  const money = (v: string | null) =>
    `CA$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(v))}`;
  const pay = dialog.locator('.substitute-pay');
  if (demoRate && claireRate)
    await expect(pay).toHaveText(
      `This class pays the substitute ${money(demoRate)}: 1.00 h at their rate of ${money(demoRate)} an hour (Claire Roy's rate on it: ${money(claireRate)}).`,
    );
  else await expect(pay).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/substitute-dialog-1366.png` });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Give the classes' }).click();
  // The demo teacher's timetable is full: a clash is shown and overridden with a reason.
  const clash = page.locator('.schedule-conflicts');
  if (await clash.isVisible({ timeout: 5_000 }).catch(() => false)) {
    await clash.getByRole('button', { name: /override/i }).click();
    await clash.getByRole('textbox').fill('Claire is away; the demo teacher runs both');
    await clash.getByRole('button', { name: /anyway/i }).click();
  }
  await expect(details.getByTestId('covering-for')).toHaveText('Covering for Claire Roy');
  // Saved as it said.
  expect(await rateOf(`/api/schedules/${id}`, 'teacherHourlyRate')).toBe(demoRate ?? claireRate);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/substitute-details-1366.png` });

  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  await signIn(phone, 'teacher');
  await phone.goto('/teacherConfirmation');
  const card = phone.getByTestId(`class-${id}`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('covering-for')).toHaveText('Covering for Claire Roy');
  await card.scrollIntoViewIfNeeded();
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/substitute-teacher-390.png` });
  expect(await seriousViolations(phone)).toEqual([]);
  await phoneContext.close();
});
