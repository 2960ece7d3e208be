import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiToken, signIn } from './support';

// The shared list page (RecordListPage) on every record list, at the size the walk-through used.
// Each worker makes its own records (its own tag) in beforeAll.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1366, height: 850 } });

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const lists = [
  { path: '/student/all-student', text: `Longfamilyname${tag}` },
  { path: '/student/inactive-student', text: `Inactivefamily${tag}` },
  { path: '/teacher', text: `Tutorfamilyname${tag}` },
  { path: '/staff', text: 'operator' },
  { path: '/course', text: `Advanced Placement Calculus ${tag}` },
  { path: '/term', text: `Advanced Placement Calculus ${tag}` },
  { path: '/termRegister', text: `Longfamilyname${tag}` },
  { path: '/Referral', text: `Met at the open day ${tag}` },
];

async function post<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const res = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/**
 * Records with long values in every list, made through the API (setup, not the thing tested). Once per
 * worker: with fullyParallel a worker may come back to this file after others and run beforeAll again,
 * and the records of its tag exist by then (a second teacher `tutor<tag>` would be refused).
 */
let made = false;
test.beforeAll(async ({ request }) => {
  if (made) return;
  const token = await apiToken(request, 'admin');
  const teacher = await post<{ id: number }>(request, token, '/api/teachers', {
    login: `tutor${tag}`,
    password: 'teacher-password-1',
    email: `a.very.long.teacher.address.${tag}@example-tutoring-centre.test`,
    firstName: 'Maximiliana',
    lastName: `Tutorfamilyname${tag}`,
    phone: '+1 (416) 555-0199',
    employeeId: `EMP-${tag}`,
    hourlyRate: '45.00',
  });
  const course = await post<{ id: number }>(request, token, '/api/courses', {
    school: 'Northern Secondary School',
    courseNumber: `MCV4U-${tag}`,
    name: `Advanced Placement Calculus ${tag}`,
    teacherIds: [teacher.id],
  });
  const term = await post<{ id: number }>(request, token, '/api/terms', {
    name: `Advanced Placement Calculus ${tag}, Fall 2026`,
    school: 'Northern Secondary School',
    courseId: course.id,
    teacherId: teacher.id,
    startDate: '2026-09-08',
    endDate: '2027-01-29',
  });
  const student = await post<{ id: number }>(request, token, '/api/students', {
    studentId: `S-${tag}`,
    firstName: 'Bartholomew',
    lastName: `Longfamilyname${tag}`,
    phone: '+1 (416) 555-0123',
    email: `bartholomew.longfamilyname.${tag}@example-family.test`,
    startDate: '2026-09-01',
    hourlyRate: '1200.00',
  });
  const inactive = await post<{ id: number }>(request, token, '/api/students', {
    studentId: `I-${tag}`,
    firstName: 'Ina',
    lastName: `Inactivefamily${tag}`,
  });
  const deactivated = await request.post(`/api/students/${inactive.id}/deactivate`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(deactivated.ok()).toBeTruthy();
  await post(request, token, '/api/term-registers', {
    termId: term.id,
    studentId: student.id,
    paymentType: 'E_TRANSFER',
    price: '1200.00',
  });
  const referrer = await post<{ id: number }>(request, token, '/api/referrers', {
    name: `Northern Secondary Parents Association ${tag}`,
  });
  await post(request, token, '/api/referrals', {
    referrerId: referrer.id,
    studentId: student.id,
    comments: `Met at the open day ${tag}, brought two friends and asked about the winter calculus term`,
  });
  made = true;
});

for (const list of lists) {
  test(`${list.path} fits 1366x850 without horizontal scrolling, actions pinned and visible`, async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(list.path);
    // The toolbar's search box brings the long record onto the first page (referrals: newest first).
    const search = page.locator('.ant-pro-table-list-toolbar input.ant-input');
    if (list.path !== '/Referral') {
      await search.fill(list.text);
      await search.press('Enter');
    }
    const row = page.getByRole('row', { name: new RegExp(list.text) }).first();
    await expect(row, list.path).toBeVisible();
    const scroller = page.locator('.ant-table-content').first();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth, `${list.path} table overflows`).toBeLessThanOrEqual(clientWidth);
    // The actions column is the last one and pinned right, and its buttons are whole on screen.
    const actions = row.locator('td.ant-table-cell-fix-right').last();
    await expect(actions, list.path).toBeVisible();
    const edit = actions.getByRole('button', { name: 'Edit' });
    if (list.path !== '/student/inactive-student') await expect(edit).toBeInViewport({ ratio: 1 });
    const box = await actions.boundingBox();
    expect(box && box.x + box.width, list.path).toBeLessThanOrEqual(1366);
    // Dates and phone numbers stay on one line.
    const cells = await row.locator('td').evaluateAll((tds) =>
      tds.map((td) => {
        // The line boxes of the cell's text: a wrapped text has a box on each line.
        const tops: number[] = [];
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          tops.push(...[...range.getClientRects()].map((r) => r.top));
        }
        const lines = tops.filter((top, i) => tops.findIndex((other) => Math.abs(other - top) < 5) === i).length;
        return { text: td.textContent ?? '', lines };
      }),
    );
    for (const cell of cells.filter((c) => /\d{4}-\d{2}-\d{2}|\(\d{3}\)/.test(c.text))) {
      expect(cell.lines, `${list.path}: "${cell.text}" wraps`).toBeLessThanOrEqual(1);
    }
  });
}

test("money is shown with the centre's currency, and every list has the same toolbar", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(`/student/all-student`);
  await page.getByPlaceholder('Name or student ID').fill(`S-${tag}`);
  await page.getByPlaceholder('Name or student ID').press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(`Longfamilyname${tag}`) })).toContainText('CA$1,200.00');
  await page.goto('/teacher');
  await expect(page.getByRole('row', { name: new RegExp(`Tutorfamilyname${tag}`) })).toContainText('CA$45.00');
  await page.goto('/termRegister');
  await page.getByPlaceholder('Student name or ID').fill(`S-${tag}`);
  await page.getByPlaceholder('Student name or ID').press('Enter');
  const register = page.getByRole('row', { name: new RegExp(`Longfamilyname${tag}`) });
  await expect(register).toContainText('CA$1,200.00');
  await expect(register).toContainText('E-transfer');

  // Search first, then New, Import, Export, in that order and with the same words.
  await page.goto('/student/all-student');
  const toolbar = page.locator('.ant-pro-table-list-toolbar');
  await expect(toolbar.getByRole('button')).toContainText(['New student', 'Import', 'Export']);
  await toolbar.getByPlaceholder('Name or student ID').fill(`S-${tag}`);
  await toolbar.getByPlaceholder('Name or student ID').press('Enter');
  await expect(page.locator('.ant-table-tbody').getByRole('row')).toHaveCount(1);
  await page.goto('/course');
  await expect(toolbar.getByRole('button')).toContainText(['New course', 'Export']);
});

test('All Students shows every status; the Inactive page neither adds nor imports', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/student/all-student');
  const search = page.getByPlaceholder('Name or student ID');
  await search.fill(tag);
  await search.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(`Inactivefamily${tag}.*Inactive`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Longfamilyname${tag}.*Active`) })).toBeVisible();
  // The status filter narrows it (the filter form's field, sent as `active`).
  await page.getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Inactive' }).click();
  await page.getByRole('button', { name: /Query/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Longfamilyname${tag}`) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`Inactivefamily${tag}`) })).toBeVisible();

  await page.goto('/student/inactive-student');
  await expect(page.getByRole('row', { name: new RegExp(`Inactivefamily${tag}`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Longfamilyname${tag}`) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New student' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
});

test('an admin cannot deactivate their own account: the action says why', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/staff');
  const own = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  const deactivate = own.getByRole('button', { name: 'Deactivate' });
  await expect(deactivate).toBeDisabled();
  await deactivate.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('You cannot deactivate your own account');
});

test('the lists speak Chinese when the user picks it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.goto('/termRegister');
  await expect(page.getByRole('button', { name: /新建报名/ })).toBeVisible();
  await page.getByPlaceholder('学生姓名或学号').fill(`S-${tag}`);
  await page.getByPlaceholder('学生姓名或学号').press('Enter');
  await expect(page.getByRole('columnheader', { name: '价格' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Longfamilyname${tag}`) })).toContainText('电子转账');
});

test('a refusal by a rule shows the rule, not "please try again"', async ({ page }) => {
  await signIn(page, 'operator');
  await page.goto('/course');
  const search = page.getByPlaceholder('Name, school or number');
  await search.fill(`Advanced Placement Calculus ${tag}`);
  await search.press('Enter');
  await page
    .getByRole('row', { name: new RegExp(`Advanced Placement Calculus ${tag}`) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This course has terms or registrations and cannot be deleted')).toBeVisible();
  await expect(page.getByText(/please try again/)).toHaveCount(0);
});

test('in zh-CN the server words the refusal in Chinese (issue 19: the client sends its language)', async ({ page }) => {
  await signIn(page, 'operator');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.goto('/course');
  const search = page.getByPlaceholder('名称、学校或课程编号');
  await search.fill(`Advanced Placement Calculus ${tag}`);
  await search.press('Enter');
  const remove = /删\s?除/;
  await page
    .getByRole('row', { name: new RegExp(`Advanced Placement Calculus ${tag}`) })
    .getByRole('button', { name: remove })
    .click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: remove }).click();
  await expect(page.getByText('该课程已有学期或报名，不能删除')).toBeVisible();
  await expect(page.getByText('This course has terms or registrations and cannot be deleted')).toHaveCount(0);
});

test('deleted teachers can be listed, with the changes the server refuses disabled', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const gone = await post<{ id: number }>(request, token, '/api/teachers', {
    login: `gone${tag}`,
    password: 'teacher-password-1',
    email: `gone${tag}@example.test`,
    firstName: 'Gone',
    lastName: `Deletedteacher${tag}`,
  });
  const deleted = await request.delete(`/api/teachers/${gone.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(deleted.ok()).toBeTruthy();

  await signIn(page, 'operator');
  await page.goto('/teacher');
  const search = page.getByPlaceholder('Name, login or employee ID');
  await search.fill(`Deletedteacher${tag}`);
  await search.press('Enter');
  await expect(page.locator('.ant-table-tbody')).toContainText('Nothing matches this search or these filters');
  await page.getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Deleted' }).click();
  await page.getByRole('button', { name: /Query/ }).click();
  const row = page.getByRole('row', { name: new RegExp(`Deletedteacher${tag}`) });
  await expect(row).toContainText('Deleted', { timeout: 30_000 });
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Activate' })).toBeDisabled();
});
