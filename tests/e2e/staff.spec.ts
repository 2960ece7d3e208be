import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './support';

// The machine is shared while the suite runs: give each flow room.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('an operator adds a teacher: an 8-digit SIN is refused, 9 digits are saved and shown masked', async ({ page }) => {
  const id = unique();
  const lastName = `Tutor${id}`;
  await signIn(page, 'operator');
  await page.goto('/teacher');
  await page.getByRole('button', { name: 'New teacher' }).click();
  const drawer = page.getByRole('dialog', { name: 'New teacher' });
  await drawer.getByLabel('First name').fill('Pat');
  await drawer.getByLabel('Last name').fill(lastName);
  await drawer.getByLabel('Login').fill(`pat${id}`);
  await drawer.getByLabel('Password', { exact: true }).fill('teacher-password-1');
  await drawer.getByLabel('Email').fill(`pat${id}@example.test`);
  await drawer.getByLabel('SIN').fill('12345678');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('SIN must be exactly 9 digits')).toBeVisible();

  await drawer.getByLabel('SIN').fill('123456789');
  await expect(drawer.getByText('SIN must be exactly 9 digits')).toHaveCount(0);
  // The calendar colour: antd's own ColorPicker (ProField's colour type is stubbed out of the list pages).
  const colour = drawer.locator('.ant-color-picker-trigger');
  await colour.click();
  const hex = page.locator('.ant-color-picker-hex-input input');
  await hex.fill('2f54eb');
  await hex.press('Enter');
  await expect(colour).toContainText(/#2f54eb/i);
  await drawer.getByLabel('Email').click(); // closes the picker
  await expect(hex).toBeHidden();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added successfully')).toBeVisible();
  // The demo centre has many teachers: find this one (again if the reload after saving answered last).
  const search = page.getByPlaceholder('Name, login or employee ID');
  await search.fill(lastName);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(async () => {
    await search.press('Enter');
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });

  // An operator sees the SIN masked when editing.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit teacher' });
  await expect(edit.getByLabel('SIN')).toHaveValue('******789');
  await expect(edit.locator('.ant-color-picker-trigger')).toContainText(/#2f54eb/i);
});

test('an operator cannot choose a role or make an admin; an admin can', async ({ page, request }) => {
  await signIn(page, 'operator');
  await page.goto('/staff');
  await page.getByRole('button', { name: 'New staff member' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Login')).toBeVisible();
  await expect(dialog.getByLabel('Role')).toHaveCount(0);
  await expect(page.locator('.ant-select-item-option', { hasText: 'Admin' })).toHaveCount(0);

  // The server refuses it too.
  const token = await apiToken(request, 'operator');
  const id = unique();
  const res = await request.post('/api/staff', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      login: `boss${id}`,
      password: 'staff-password-1',
      firstName: 'Would',
      lastName: 'Be',
      role: 'ROLE_ADMIN',
      email: `boss${id}@example.test`,
    },
  });
  expect(res.status()).toBe(403);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  await page.goto('/staff');
  await page.getByRole('button', { name: 'New staff member' }).click();
  const adminDialog = page.getByRole('dialog');
  await expect(adminDialog.getByLabel('Role')).toBeAttached();
  await adminDialog.locator('.ant-select-selector').click(); // the form's one select: Role
  await expect(page.locator('.ant-select-item-option', { hasText: 'Admin' })).toBeVisible();
});

test('a teacher opening /teacher is told they are not authorized', async ({ page }) => {
  await signIn(page, 'teacher');
  await page.goto('/teacher');
  await expect(page.getByText('Sorry, you are not authorized to access this page.')).toBeVisible();
});
