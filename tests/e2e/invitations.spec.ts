// Portal invitations in the browser (issue 21): the desk invites a guardian from the household page; the
// guardian opens the emailed link on a phone (390x844), in the language the desk recorded for them,
// chooses a login and password and lands in the family portal; the desk then sees them signed up.
import { expect, type Page, test } from '@playwright/test';
import { invitationKey, familyOf as newFamily } from './family-support';
import { signIn } from './support';

test.describe.configure({ mode: 'serial', timeout: 90_000 });
const SHOTS = process.env.SHOTS;
const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png` }) : undefined);
const suffix = Date.now().toString(36);
const familyOf = (request: Parameters<typeof newFamily>[0], first: string, langKey: 'en-US' | 'zh-CN') =>
  newFamily(request, first, langKey, suffix);

test('the desk invites a guardian by email; the guardian accepts on a phone and lands in the portal', async ({
  page,
  browser,
  request,
}) => {
  const { householdId, email, desk } = await familyOf(request, 'Lina', 'en-US');
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, 'operator');
  await page.goto(`/student/households/${householdId}`);
  const row = page.getByRole('row', { name: /Lina Parent/ });
  await expect(row).toContainText('Not invited');
  await row.getByRole('button', { name: 'Invite' }).click();
  await page.getByRole('menuitem', { name: 'By email (a link)' }).click();
  await expect(row).toContainText('Invited');
  await expect(row).toContainText(`by email to ${email}, until`);
  await shot(page, 'invite-desk-1366');

  const key = await invitationKey(request, desk, email);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const guardian = await phone.newPage();
  await guardian.goto(`/user/accept-invitation?key=${key}`);
  await expect(guardian.getByText(/Welcome Lina Parent\. .+ invites you to follow Lina/)).toBeVisible();
  await expect(guardian.getByLabel('Email (for password resets)')).toHaveValue(email);
  const login = `lina${suffix}`;
  await guardian.getByLabel('Login', { exact: true }).fill(login);
  await guardian.getByLabel('Password', { exact: true }).fill('family-password-1');
  await guardian.getByLabel('Confirm password').fill('family-password-1');
  await shot(guardian, 'invite-accept-390');
  expect(await guardian.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await guardian.getByRole('button', { name: 'Create my account' }).click();
  await expect(guardian).toHaveURL(/\/family\/home$/);
  await phone.close();

  await page.reload();
  await expect(row).toContainText('Signs in');
  await expect(row).toContainText(`Login: ${login}`);
  // The link worked once.
  const again = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const late = await again.newPage();
  await late.goto(`/user/accept-invitation?key=${key}`);
  await expect(late.getByRole('alert')).toContainText('This invitation was accepted already: sign in instead');
  await again.close();
});

test('a Chinese-speaking guardian reads the invitation page in Chinese; a wrong code is refused by name', async ({
  browser,
  request,
}) => {
  const { householdId, email, desk } = await familyOf(request, 'Wei', 'zh-CN');
  const guardians = (await (await request.get(`/api/households/${householdId}`, { headers: desk })).json()) as {
    guardians: { id: number; email: string | null }[];
  };
  const guardianId = guardians.guardians.find((g) => g.email === email)?.id;
  const sent = await request.post(`/api/households/${householdId}/guardians/${guardianId}/invitation`, {
    headers: desk,
    data: { channel: 'EMAIL' },
  });
  expect(sent.status()).toBe(201);
  const key = await invitationKey(request, desk, email);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const guardian = await phone.newPage();
  await guardian.goto(`/user/accept-invitation?key=${key}`);
  await expect(guardian.getByText(/Wei Parent，欢迎！/)).toBeVisible();
  await expect(guardian.getByRole('heading', { level: 1, name: '家长门户' })).toBeVisible();
  await shot(guardian, 'invite-accept-390-zh');
  await guardian.getByLabel('登录名').fill(`wei${suffix}`);
  await guardian.getByLabel('密码', { exact: true }).fill('family-password-1');
  await guardian.getByLabel('确认密码').fill('family-password-1');
  await guardian.getByRole('button', { name: '创建我的账号' }).click();
  await expect(guardian).toHaveURL(/\/family\/home$/);

  // Without a link: the SMS form, which names a wrong code.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await other.newPage();
  await page.goto('/user/accept-invitation');
  await page.getByLabel('Phone number').fill('+1 416 555 0177');
  await page.getByLabel('Invitation code').fill('123456');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is not right or no longer works');
  await shot(page, 'invite-code-390');
  await phone.close();
  await other.close();
});
