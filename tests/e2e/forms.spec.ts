import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerThroughEmail } from './register-support';
import { signIn } from './support';

// The record forms (issue 6, section 4). Each test works in a centre of its own, registered with a
// far time zone and another currency, so that "today" and money show whose settings they follow.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'forms-e2e-password';
const TIME_ZONE = 'Pacific/Kiritimati'; // UTC+14: its date is tomorrow's for most of a UTC day
const CURRENCY = 'EUR';

interface Centre {
  login: string;
  post: <T>(url: string, data: object) => Promise<T>;
  remove: (url: string) => Promise<void>;
}

async function registerCentre(request: APIRequestContext): Promise<Centre> {
  const login = `forms${unique()}`;
  const { id_token: token } = await registerThroughEmail(request, {
    organisationName: `Forms ${login}`,
    login,
    email: `${login}@example.test`,
    password: PASSWORD,
    timeZone: TIME_ZONE,
    currency: CURRENCY,
  });
  const post = async <T>(url: string, data: object) => {
    const reply = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
    expect(reply.status(), `${url}: ${await reply.text()}`).toBe(201);
    return (await reply.json()) as T;
  };
  const remove = async (url: string) => {
    const reply = await request.delete(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(reply.ok(), `${url}: ${await reply.text()}`).toBeTruthy();
  };
  return { login, post, remove };
}

async function teacher(centre: Centre, firstName: string, lastName: string) {
  const login = `t${unique()}`;
  return centre.post<{ id: number }>('/api/teachers', {
    login,
    email: `${login}@example.test`,
    password: 'teacher-password-1',
    firstName,
    lastName,
  });
}

async function open(page: Page, centre: Centre, path: string, button: string) {
  await signIn(page, centre.login, PASSWORD);
  await page.goto(path);
  await page.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: button });
}

test('a new student: focus on the first field, the next student ID, today where the centre is', async ({
  page,
  request,
}) => {
  const centre = await registerCentre(request);
  await centre.post('/api/students', { studentId: 'K-0041', firstName: 'Ada', lastName: 'First' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

  const dialog = await open(page, centre, '/student/all-student', 'New student');
  await expect(dialog.getByLabel('Student ID')).toBeFocused();
  await expect(dialog.getByLabel('Student ID')).toHaveValue('K-0042');
  await expect(dialog.getByLabel('Start date')).toHaveValue(today);
  // Two columns, row by row: Tab goes across, then down.
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Start date')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Last name')).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Enter saves; the next form suggests the following ID.
  await page.getByRole('button', { name: 'New student' }).click();
  await expect(dialog.getByLabel('Student ID')).toHaveValue('K-0042');
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Second');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Issue 19: who was added, and the next steps; Done goes back to the list.
  const added = page.getByRole('dialog').filter({ hasText: 'Grace Second (K-0042) was added' });
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();
  await page.getByRole('button', { name: 'New student' }).click();
  await expect(dialog.getByLabel('Student ID')).toHaveValue('K-0043');
});

test('the course picker shows the school; a term takes its school and teacher from the course', async ({
  page,
  request,
}) => {
  const centre = await registerCentre(request);
  const ana = await teacher(centre, 'Ana', 'Course');
  await teacher(centre, 'Zed', 'Other');
  await centre.post('/api/courses', {
    school: 'Maple School',
    courseNumber: 'M5',
    name: 'Grade 5 Math',
    teacherIds: [ana.id],
  });

  const dialog = await open(page, centre, '/term', 'New term');
  const course = dialog.getByLabel('Course', { exact: true });
  await expect(course).toBeFocused();
  await course.fill('Grade 5');
  await page.locator('.ant-select-item-option', { hasText: 'Grade 5 Math — Maple School' }).click();
  await expect(dialog.getByLabel('School')).toHaveValue('Maple School');
  await expect(dialog.locator('.ant-select-selection-item', { hasText: 'Ana Course' })).toBeVisible();
  // The course's teachers come first, under their own heading.
  await dialog.getByLabel('Teacher', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list.locator('.ant-select-item-group').first()).toHaveText('Teachers of this course');
  await expect(list.locator('.ant-select-item-option').first()).toHaveText('Ana Course');
  await expect(list.locator('.ant-select-item-group').nth(1)).toHaveText('Other teachers');
});

test('a course number used twice at one school is refused on its field', async ({ page, request }) => {
  const centre = await registerCentre(request);
  await centre.post('/api/courses', { school: 'Maple School', courseNumber: 'M5', name: 'Grade 5 Math' });

  const dialog = await open(page, centre, '/course', 'New course');
  await dialog.getByLabel('Name', { exact: true }).fill('Grade 5 Science');
  await dialog.getByLabel('School').fill('Maple School');
  await dialog.getByLabel('Course number').fill('M5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Another course of this school already has this course number')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("a deleted teacher shows by name in the course's form", async ({ page, request }) => {
  const centre = await registerCentre(request);
  const gone = await teacher(centre, 'Gone', 'Teacher');
  await centre.post('/api/courses', { school: 'Oak', courseNumber: 'O1', name: 'Oak Art', teacherIds: [gone.id] });
  await centre.remove(`/api/teachers/${gone.id}`);

  await signIn(page, centre.login, PASSWORD);
  await page.goto('/course');
  await page
    .getByRole('row', { name: /Oak Art/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit course' });
  await expect(dialog.locator('.ant-select-selection-item', { hasText: 'Gone Teacher (deleted)' })).toBeVisible();
});

test("marking a large registration paid asks first, in the centre's currency", async ({ page, request }) => {
  const centre = await registerCentre(request);
  const course = await centre.post<{ id: number }>('/api/courses', {
    school: 'Elm',
    courseNumber: 'E1',
    name: 'Elm Music',
  });
  const term = await centre.post<{ id: number }>('/api/terms', {
    name: 'Elm Music, Winter 2026',
    school: 'Elm',
    courseId: course.id,
    startDate: '2026-01-05',
    endDate: '2026-03-30',
  });
  const student = await centre.post<{ id: number }>('/api/students', {
    studentId: 'P-1',
    firstName: 'Paula',
    lastName: 'Payer',
  });
  await centre.post('/api/term-registers', {
    termId: term.id,
    studentId: student.id,
    paymentType: 'CASH',
    price: '1200.00',
  });

  await signIn(page, centre.login, PASSWORD);
  await page.goto('/termRegister');
  const paid = page.getByRole('switch', { name: 'Paid: Paula Payer' });
  await paid.click();
  const ask = page.locator('.ant-popconfirm');
  await expect(ask).toContainText('Mark €1,200.00 paid?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(paid).not.toBeChecked();
  await paid.click();
  await ask.getByRole('button', { name: 'Mark paid' }).click();
  // The message says what was recorded: the amount, the day paid (the centre's today) and the method.
  await expect(page.getByText(/€1,200\.00 marked paid on \d{4}-\d{2}-\d{2} \(Cash\)/)).toBeVisible();
  await expect(paid).toBeChecked();

  // The same student twice in the same term: refused, on the student field.
  await page.getByRole('button', { name: 'New registration' }).click();
  const dialog = page.getByRole('dialog', { name: 'New registration' });
  await dialog.getByLabel('Term', { exact: true }).fill('Elm Music');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Elm Music' }).click();
  await dialog.getByLabel('Student', { exact: true }).fill('Payer');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Payer' }).click();
  await dialog.getByLabel('Price').fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('#termRegister_studentId_help')).toHaveText(
    'This student is already registered in this term',
  );
});

test("a registration saved as paid records the centre's today and its payment type, and says so", async ({
  page,
  request,
}) => {
  const centre = await registerCentre(request);
  const course = await centre.post<{ id: number }>('/api/courses', {
    school: 'Oak',
    courseNumber: 'O1',
    name: 'Oak Art',
  });
  await centre.post('/api/terms', {
    name: 'Oak Art, Winter 2026',
    school: 'Oak',
    courseId: course.id,
    startDate: '2026-01-05',
    endDate: '2026-03-30',
  });
  await centre.post('/api/students', { studentId: 'Q-1', firstName: 'Quinn', lastName: 'Prepaid' });
  // The centre's today (UTC+14), which is not the browser's for most of a UTC day.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

  const dialog = await open(page, centre, '/termRegister', 'New registration');
  await dialog.getByLabel('Term', { exact: true }).fill('Oak Art');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Oak Art' }).click();
  await dialog.getByLabel('Student', { exact: true }).fill('Prepaid');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Prepaid' }).click();
  await dialog.getByLabel('Price').fill('300');
  await dialog.getByRole('switch', { name: 'Paid' }).click();
  // Paid: the day and method show, empty meaning today and the payment type.
  await expect(dialog.getByLabel('Paid on')).toHaveAttribute('placeholder', 'Today');
  await expect(dialog.getByLabel('Payment method')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`€300.00 marked paid on ${today} (Cash)`)).toBeVisible();
  const row = page.getByRole('row', { name: /Quinn Prepaid/ });
  await expect(row.getByRole('switch', { name: 'Paid: Quinn Prepaid' })).toBeChecked();
});
