import { expect, type Page, test } from '@playwright/test';
import enUS from '../../src/locales/en-US';
import zhCN from '../../src/locales/zh-CN';
import { prepare, settle, tokenOf } from './a11y-support';

// Issue 19 ("actions that move money say so before, with the amount"): the billing cycle's Run now
// asks with the number of centres it will bill, and the note on how invoices get paid never promises
// a card charge the server cannot make. The server's answers are stood in for (an active cycle of 3
// centres; Stripe configured or not), so the page is checked without starting a real cycle, which
// the platform's other tests (billing-platform.spec.ts) share. Rendering only: PGlite only.

const SHOTS = process.env.SHOTS_DIR; // screenshots for review only

const CYCLE = {
  id: 987654,
  startDate: '2031-01-01',
  endDate: '2031-01-31',
  status: 'ACTIVE',
  repeat: true,
  startedByName: 'System',
  runStartedAt: null,
  finishedAt: null,
  createdAt: '2031-01-01T05:00:00.000Z',
  counts: { total: 3, PENDING: 3, CREATED: 0, CHARGED: 0, FAILED: 0, SKIPPED: 0 },
};

async function openCycle(page: Page, locale: string, token: string, stripe: boolean) {
  await page.route('**/api/billing/cycles/active', (route) => route.fulfill({ json: { cycle: CYCLE } }));
  await page.route(`**/api/billing/cycles/${CYCLE.id}/centres**`, (route) =>
    route.fulfill({ json: { data: [], total: 0, success: true } }),
  );
  await page.route('**/api/billing/status', (route) =>
    route.fulfill({ json: { configured: stripe, publishableKey: stripe ? 'pk_test_standin' : null } }),
  );
  await page.setViewportSize({ width: 1366, height: 850 });
  await prepare(page, locale, token);
  await page.goto('/billingCycleControl');
  await expect(page.locator('.current-cycle')).toHaveAttribute('data-status', 'ACTIVE');
  await settle(page);
}

for (const stripe of [true, false]) {
  test(`Run now names the 3 centres it bills, and the note says how they pay (Stripe ${stripe ? 'configured' : 'not configured'})`, async ({
    page,
    request,
  }) => {
    let ran = false;
    await page.route(`**/api/billing/cycles/${CYCLE.id}/run`, (route) => {
      ran = true;
      return route.abort();
    });
    await openCycle(page, 'en-US', await tokenOf(request, 'system'), stripe);
    const cards = enUS['money.cycle.cards'];
    const byHand = enUS['money.cycle.noStripe'];
    // The cycle's note, then the same in the confirmation.
    const note = page.locator('.current-cycle .ant-alert .cycle-charge-note');
    await expect(note).toHaveText(stripe ? cards : byHand);
    await page.getByRole('button', { name: 'Run now' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await expect(confirm).toContainText('Bill the 3 centres of this cycle now, an invoice each?');
    await expect(confirm.locator('.cycle-charge-note')).toHaveText(stripe ? cards : byHand);
    if (!stripe) await expect(confirm).not.toContainText('saved card');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/run-now-stripe-${stripe}.png` });
    // Cancel asks nothing of the server.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect(ran).toBe(false);
  });
}

test('in zh-CN the confirmation names the number of centres too', async ({ page, request }) => {
  await openCycle(page, 'zh-CN', await tokenOf(request, 'system'), false);
  await page.getByRole('button', { name: new RegExp(`${[...zhCN['billingCycles.run']].join('\\s?')}$`) }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText(zhCN['billingCycles.run.confirm'].replace('{total}', '3'));
  await expect(confirm.locator('.cycle-charge-note')).toHaveText(zhCN['money.cycle.noStripe']);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/run-now-zh.png` });
});
