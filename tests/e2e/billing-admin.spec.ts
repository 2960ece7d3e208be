import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerThroughEmail } from './register-support';
import { apiAs, signIn, signInWithForm } from './support';

// A centre's admin and platform billing (issue 10): saving a card through Stripe Checkout (the
// stand-in's hosted page, tests/e2e/serve.ts) and paying an overdue invoice from the alert shown
// after sign-in. Each test registers a centre of its own, so tests run side by side on both databases.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'billing-admin-e2e-password';

interface Centre {
  id: number;
  login: string;
  token: string;
}

async function registerCentre(request: APIRequestContext): Promise<Centre> {
  const login = `adm${unique()}`;
  const { id_token: token } = await registerThroughEmail(request, {
    organisationName: `Card Centre ${login}`,
    login,
    email: `${login}@example.test`,
    password: PASSWORD,
  });
  const account = await request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } });
  const { organisation } = (await account.json()) as { organisation: { id: number } };
  return { id: organisation.id, login, token };
}

/** Saves a card as the stand-in's hosted page does when its form is sent, then confirms the session. */
async function saveCardByApi(request: APIRequestContext, centre: Centre, cardNumber: string) {
  const headers = { Authorization: `Bearer ${centre.token}` };
  const session = await request.post('/api/billing/checkout-sessions', { headers, data: {} });
  expect(session.status(), await session.text()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  const page = await request.post(url, {
    form: { cardNumber, cardExpiry: '12 / 34', cardCvc: '123' },
    maxRedirects: 0,
  });
  expect(page.status(), await page.text()).toBe(303);
  const sessionId = /cs_[A-Za-z0-9_]+/.exec(page.headers().location ?? '')?.[0];
  const confirmed = await request.post('/api/billing/checkout-sessions/confirm', { headers, data: { sessionId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const systemHeaders = (request: APIRequestContext) => apiAs(request, 'system');

/** The platform bills the centre by hand: by default for a period six weeks back, due two weeks ago (overdue). */
async function createInvoice(request: APIRequestContext, centre: Centre, dueIn = -16) {
  const res = await request.post('/api/billing/invoices', {
    headers: await systemHeaders(request),
    data: {
      organisationId: centre.id,
      periodStart: day(-45),
      periodEnd: day(-31),
      invoiceDate: day(-30),
      dueDate: day(dueIn),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; number: number };
}
const createOverdueInvoice = (request: APIRequestContext, centre: Centre) => createInvoice(request, centre);

test('an admin saves a card through Checkout and sees it on the payment page', async ({ page, request }) => {
  const centre = await registerCentre(request);
  await signIn(page, centre.login, PASSWORD);
  await page.goto('/manage-payment');
  await expect(page.getByText('No card saved')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add card' }).click();

  // The stand-in's hosted Checkout page.
  await expect(page).toHaveURL(/\/pay\/cs_test_/, { timeout: 20_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();

  // Back through /redirectUrlPage, which confirms the session, to the payment page.
  await expect(page).toHaveURL(/\/manage-payment/, { timeout: 30_000 });
  await expect(page.locator('.card-name')).toHaveText('Visa •••• 4242', { timeout: 20_000 });
  await expect(page.locator('.card-expiry')).toContainText('12/2034');
  await expect(page.getByRole('button', { name: 'Replace card' })).toBeVisible();
});

test('an admin whose centre is overdue is alerted after sign-in, pays with the saved card, and the banner goes', async ({
  page,
  request,
}) => {
  const centre = await registerCentre(request);
  await saveCardByApi(request, centre, '4242424242424242');
  const invoice = await createOverdueInvoice(request, centre);
  const number = `INV-${String(invoice.number).padStart(6, '0')}`;

  await signInWithForm(page, centre.login, PASSWORD);
  await expect(page).toHaveURL(/\/overdueAlert/, { timeout: 30_000 });
  await expect(page.getByText('Your centre has an overdue invoice')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.overdue-invoices')).toContainText(number, { timeout: 20_000 });

  // Elsewhere the banner says so and leads back here.
  await page.getByRole('link', { name: 'Continue to the app' }).click();
  const banner = page.locator('.overdue-banner');
  await expect(banner).toContainText('Your centre has an overdue invoice', { timeout: 20_000 });
  await banner.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/overdueAlert/);

  await page.getByRole('button', { name: /Pay with saved card/ }).click();
  await expect(page.getByText('All overdue invoices are paid. Thank you!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your centre has no overdue invoice.')).toBeVisible({ timeout: 20_000 });

  await page.goto('/manage-payment');
  const row = page.locator('tr', { hasText: number });
  await expect(row).toContainText('Paid', { timeout: 20_000 });
  await expect(page.locator('.overdue-banner')).toHaveCount(0);
});

test("an admin follows an invoice link of the credit history to that invoice's details", async ({ page, request }) => {
  const centre = await registerCentre(request);
  // Credit from the platform, then an invoice (not yet due) that applies it: the ledger's
  // INVOICE_CHARGE row links to the invoice.
  const credit = await request.post('/api/billing/credit-ledger', {
    headers: await systemHeaders(request),
    data: { organisationId: centre.id, type: 'ADD', amount: '10.00', comments: 'Welcome credit' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const invoice = await createInvoice(request, centre, 14);
  const number = `INV-${String(invoice.number).padStart(6, '0')}`;

  await signIn(page, centre.login, PASSWORD);
  await page.goto('/credit-balance-history');
  await page.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-payment\\?invoice=${invoice.id}$`));
  const drawer = page.locator('.ant-drawer-content');
  await expect(drawer).toContainText(`Invoice ${number}`, { timeout: 20_000 });
  await expect(drawer.locator('.invoice-detail')).toContainText(`Card Centre ${centre.login}`);

  // Closed, the address forgets the invoice, and the link opens it again.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/manage-payment$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/credit-balance-history/);
  await page.getByRole('link', { name: number }).click();
  await expect(page.locator('.invoice-detail')).toContainText(`Card Centre ${centre.login}`, { timeout: 20_000 });
});
