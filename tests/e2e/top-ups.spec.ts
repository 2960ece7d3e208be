import { expect, type Page, test } from '@playwright/test';
import type { TFamilyPayments } from '../../src/contracts/topups';
import { prepare } from './a11y-support';
import { apiAs, stripeStandInUrl } from './support';

// Issue 21, paying by card on a phone (390x844), in both languages: the demo centre's admin has
// connected its Stripe account (here through the API and the stand-in's onboarding form; the page is
// tested in billing-connect.spec.ts); the demo's `family` guardian picks a child and a package of
// lessons, pays with a test card on the stand-in's hosted Checkout page, comes back to the payment
// confirmed with the new balance, and downloads the receipt. A declined card stays on Stripe's page.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });
const shots = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

let familyToken = '';

test.beforeAll(async ({ request, baseURL }) => {
  const admin = await apiAs(request, 'admin');
  const status = await (await request.get('/api/billing/connect', { headers: admin })).json();
  if (!status.chargesEnabled) {
    const link = await request.post('/api/billing/connect/account-link', { headers: admin, data: {} });
    expect(link.status(), await link.text()).toBe(200);
    const { url } = (await link.json()) as { url: string };
    // The stand-in's onboarding form, submitted as the admin's browser would (billing-connect.spec.ts clicks it).
    const onboarded = await request.post(url, { form: { businessName: 'Demo centre' }, maxRedirects: 0 });
    expect(onboarded.status()).toBe(303);
    expect((await request.post('/api/billing/connect/refresh', { headers: admin, data: {} })).status()).toBe(200);
  }
  const family = await apiAs(request, 'family');
  familyToken = family.Authorization.slice('Bearer '.length);
  const payments = (await (await request.get('/api/portal/payments', { headers: family })).json()) as TFamilyPayments;
  expect(payments.available).toBe(true);
  expect(stripeStandInUrl(baseURL)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

const TEXTS = {
  'en-US': {
    card: 'Top up by card',
    pay: 'Pay by card',
    lessons: 'Lessons',
    paid: /^Paid .+ for /,
    balance: 'New balance:',
    receipt: 'Receipt (PDF)',
  },
  'zh-CN': {
    card: '刷卡充值',
    pay: '刷卡付款',
    lessons: '课时数',
    paid: /^已为 .+ 支付 /,
    balance: '新余额：',
    receipt: '收据（PDF）',
  },
} as const;

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`${locale}: the guardian pays two lessons by card and sees the new balance and the receipt`, async ({
    page,
    request,
  }) => {
    const text = TEXTS[locale];
    const family = { Authorization: `Bearer ${familyToken}` };
    const before = (await (await request.get('/api/portal/payments', { headers: family })).json()) as TFamilyPayments;
    const child = before.children.find((c) => c.usualLessonCharge);
    if (!child?.usualLessonCharge) throw new Error('the demo family has no child with a usual lesson charge');
    const expected = (Number(child.balance) + 2 * Number(child.usualLessonCharge)).toFixed(2);

    await prepare(page, locale, familyToken);
    await page.goto('/family/top-up');
    const form = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: text.card }) });
    // antd's select: the shown choice covers its input, so the box itself is clicked.
    await form
      .locator('.ant-form-item')
      .filter({ hasText: locale === 'en-US' ? 'Child' : '孩子' })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: child.name }).click();
    await form.getByRole('radio', { name: locale === 'en-US' ? 'A number of lessons' : '按课时' }).check();
    await form.getByRole('spinbutton', { name: text.lessons }).fill('2');
    await shoot(page, `top-up-form-${locale}`);
    await page.getByRole('button', { name: text.pay }).click();

    // Stripe's hosted page (the stand-in): a declined card first, then a good one.
    await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
    await page.getByLabel('Card number').fill('4000000000000002');
    await page.getByLabel('Expiration').fill('08 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiration').fill('08 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/family\/top-up\?session_id=cs_test_/, { timeout: 20_000 });
    await expect(page.getByText(text.paid)).toBeVisible({ timeout: 20_000 });
    const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(expected));
    await expect(page.getByText(text.balance)).toContainText(shown);
    await shoot(page, `top-up-paid-${locale}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text.receipt }).first().click();
    expect((await download).suggestedFilename()).toMatch(/^receipt-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    // Recorded once, whatever the webhook and the return page both reported.
    const after = (await (await request.get('/api/portal/payments', { headers: family })).json()) as TFamilyPayments;
    expect(after.children.find((c) => c.id === child.id)?.balance).toBe(expected);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
