// Issue 21, Privacy, in the browser. On a phone (390x844), in English and in Chinese: a guardian of a new
// family (invited and signed up through the API, so the demo's family stays whole) downloads everything
// as a zip (Playwright's download event: a real zip), asks for erasure, sees the request wait, withdraws
// it and asks again. At the desk (1366x850) an admin finds the request on /student/erasure-requests,
// completes it after the dialog says what happens, and the row reads "Former family", completed.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { prepare } from './a11y-support';
import { apiAs } from './support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
const SHOTS = process.env.SHOTS_DIR;
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }) : undefined;
const suffix = Date.now().toString(36);
const FAMILY = `Privacy${suffix}`;

/** A new student's household and a guardian who signs in: made by the desk, accepted through the API. */
async function signedUpGuardian(request: APIRequestContext): Promise<string> {
  const desk = await apiAs(request, 'operator');
  const student = await request.post('/api/students', {
    headers: desk,
    data: { studentId: `PRIV-${suffix}`, firstName: 'Nora', lastName: FAMILY },
  });
  expect(student.status()).toBe(201);
  const studentId = ((await student.json()) as { id: number }).id;
  const household = await request.post('/api/households', { headers: desk, data: { studentId } });
  expect(household.status()).toBe(201);
  const householdId = ((await household.json()) as { id: number }).id;
  const email = `nora.parent.${suffix}@family.test`;
  const added = await request.post(`/api/households/${householdId}/guardians`, {
    headers: desk,
    data: { name: 'Nora Parent', email, langKey: 'en-US' },
  });
  expect(added.status()).toBe(201);
  const guardianId = ((await added.json()) as { guardians: { id: number; email: string | null }[] }).guardians.find(
    (g) => g.email === email,
  )?.id;
  const sent = await request.post(`/api/households/${householdId}/guardians/${guardianId}/invitation`, {
    headers: desk,
    data: { channel: 'EMAIL' },
  });
  expect(sent.status()).toBe(201);
  // The link's key, from the email the worker wrote (no SMTP in the browser tests).
  let file = '';
  await expect(async () => {
    const res = await request.get('/api/messages', { headers: desk, params: { recipient: email } });
    const rows = (await res.json()).data as { template: string; note: string | null }[];
    file = /written to (.+\.eml)$/.exec(rows.find((m) => m.template === 'invitation')?.note ?? '')?.[1] ?? '';
    expect(file).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const raw = readFileSync(file, 'utf8').replace(/=\r?\n/g, '');
  const key = /\/user\/accept-invitation\?key=(?:3D)?([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
  const accepted = await request.post('/api/invitations/accept', {
    data: { key, login: `nora${suffix}`, password: 'family-password-1' },
  });
  expect(accepted.status()).toBe(200);
  return ((await accepted.json()) as { id_token: string }).id_token;
}

let token = '';
test.beforeAll(async ({ request }) => {
  token = await signedUpGuardian(request);
});

/** Clicks the download button and checks the saved file is a zip named after the family. */
async function downloadZip(page: Page, button: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^levelup-${FAMILY.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(bytes.length).toBeGreaterThan(500);
}

test.describe('the portal, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the guardian downloads everything as a zip and asks for erasure', async ({ page }) => {
    await prepare(page, 'en-US', token);
    await page.goto('/family/settings');
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: 'Your data' }) });
    await expect(card).toBeVisible();
    await downloadZip(page, 'Download everything (zip)');
    await expect(page.getByText(/^Saved levelup-/)).toBeVisible();

    await card.getByRole('button', { name: 'Ask the centre to erase our data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask the centre to erase your data?' });
    await dialog.getByLabel('Reason (optional)').fill('We moved to another city');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await expect(card.getByText(/^You asked for erasure on \d{4}-\d{2}-\d{2}/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Withdraw the request' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'privacy-portal-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('in Chinese: the section, the download, withdrawing and asking again', async ({ page }) => {
    await prepare(page, 'zh-CN', token);
    await page.goto('/family/settings');
    const card = page.locator('.ant-card').filter({ has: page.getByRole('heading', { level: 2, name: '您的数据' }) });
    await expect(card.getByText(/^您已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 申请删除数据$/)).toBeVisible();
    await downloadZip(page, '下载全部数据（zip）');
    await card.getByRole('button', { name: '撤回申请' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '撤回申请' }).click();
    await expect(card.getByText(/提交的申请已撤回。$/)).toBeVisible();
    await card.getByRole('button', { name: '申请删除我们的数据' }).click();
    await page
      .getByRole('dialog', { name: '申请中心删除您的数据？' })
      .getByRole('button', { name: '提交申请' })
      .click();
    await expect(card.getByText(/申请删除数据$/)).toBeVisible();
    await shot(page, 'privacy-portal-390-zh');
  });
});

test.describe('the desk', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test('an admin completes the request after the dialog says what happens', async ({ page, request }) => {
    const admin = (await apiAs(request, 'admin')).Authorization.slice('Bearer '.length);
    await prepare(page, 'en-US', admin);
    await page.goto('/student/erasure-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Erasure requests' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`Nora ${FAMILY}`) }).filter({ hasText: 'Waiting' });
    await expect(row).toContainText('Nora Parent');
    await expect(row).toContainText('Waiting');
    await shot(page, 'privacy-desk-1366');
    await row.getByRole('button', { name: 'Complete erasure' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The ledger, purchases and registrations keep their amounts and dates');
    await dialog.getByRole('button', { name: 'Complete erasure' }).click();
    const done = page.getByRole('row').filter({ hasText: 'Former family' }).filter({ hasText: 'Completed' });
    await expect(done.first()).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Nora ${FAMILY}`) })).toHaveCount(0);
    // Its earlier, withdrawn request is listed too, and cannot be completed.
    await expect(
      page.getByRole('row').filter({ hasText: 'Withdrawn' }).getByRole('button', { name: 'Complete erasure' }).first(),
    ).toBeDisabled();
    await shot(page, 'privacy-desk-1366-done');

    // The guardian's sign-in ended with it.
    const portal = await request.get('/api/portal/home', { headers: { Authorization: `Bearer ${token}` } });
    expect(portal.status()).toBe(401);
  });

  test('the list reads in Chinese', async ({ page, request }) => {
    const admin = (await apiAs(request, 'admin')).Authorization.slice('Bearer '.length);
    await prepare(page, 'zh-CN', admin);
    await page.goto('/student/erasure-requests');
    await expect(page.getByRole('heading', { level: 1, name: '数据删除申请' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '申请时间' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '已完成' }).first()).toBeVisible();
  });
});
