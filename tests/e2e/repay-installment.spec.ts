// Instalment repayment (/repay, spec §2.16) against the reference server's demo orders.
import { test, expect, cspViolations, phoneDraws, toasts } from './support';
import { doubleTap, record, url, freshRepaySession } from './repay-helpers';

const ORD_174 = { orderId: 'ORD-174', productId: 'P-2' };

test.describe('instalment repayment', () => {
  test.beforeEach(() => freshRepaySession());

  test('S2.16-01 S2.16-02 S2.16-03 header, then the detail list folded to 2 rows with more / hide', async ({
    page,
    watch,
  }) => {
    // The call the phone makes: a page the server drew (issue 26) makes none.
    await phoneDraws(page);
    const plan = page.waitForRequest((r) => r.url().includes('/v3/installment/loan-play-detail'));
    await page.goto(url('/repay', ORD_174));
    expect((await plan).postDataJSON()).toEqual(ORD_174);

    await expect(page.getByRole('heading', { name: '₱3135.00' })).toBeVisible();
    await expect(page.getByText(/^Repayment date \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(page.getByText('CashBuddy', { exact: true })).toBeVisible();

    const details = page.locator('.blk-section').filter({ hasText: 'Repayment details' });
    await expect(details.getByText('Principal')).toBeVisible();
    await expect(details.getByText('Interest')).toBeVisible();
    await expect(details.getByText('Late fee')).toHaveCount(0);
    await expect(details.getByText('Total due')).toHaveCount(0);

    await details.getByRole('button', { name: 'more' }).click();
    await expect(details.getByText('Late fee')).toBeVisible();
    await expect(details.getByText('₱3135.00')).toBeVisible();

    await details.getByRole('button', { name: 'hide' }).click();
    await expect(details.getByText('Late fee')).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'more' })).toBeVisible();
    // S2.16-09: the notice is shown under the pay code.
    await expect(page.getByText('Payments are posted within 30 minutes.', { exact: false })).toBeVisible();
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.16-04 the help image shows when isShowReyTop is 1 and opens the payment guide', async ({
    page,
  }) => {
    await page.goto(url('/repay', { orderId: 'ORD-174-D', productId: 'P-1' }));
    await expect(page.getByText('7700174000002')).toBeVisible();
    await expect(page.getByRole('img', { name: /How to pay/ })).toHaveCount(0);

    await page.goto(url('/repay', ORD_174));
    const help = page.getByRole('button', { name: /How to pay/ });
    await expect(help).toBeVisible();
    await help.click();
    await expect(page).toHaveURL(/\/repay\/guide\?/);
    await expect(page.getByText('Gcash bills')).toBeVisible();
  });

  test('S2.16-05 no pay-code box without a pay code (ORD-170)', async ({ page }) => {
    await page.goto(url('/repay', { orderId: 'ORD-170', productId: 'P-1' }));
    await expect(page.getByRole('heading', { name: '₱5225.00' })).toBeVisible();
    await expect(page.getByText('Payment code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Barcode' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Payment Method' })).toBeVisible();
  });

  test('S2.16-05 D-57 the copy link copies the pay code and says copy success', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(url('/repay', ORD_174));
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'copy success' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('7700174000001');
  });

  test('S2.16-05 D-46 tapping the pay code saves repayInfo and opens code page v2', async ({ page }) => {
    await page.goto(url('/repay', ORD_174));
    await page.getByRole('button', { name: '7700174000001' }).click();
    await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('repayInfo') ?? 'null') as unknown,
    );
    expect(saved).toMatchObject({
      orderId: 'ORD-174',
      productId: 'P-2',
      payCode: '7700174000001',
      repayAmount: 313500,
      title: 'GCash bills payment',
    });
    await expect(page.getByText('Contract No.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /7700174000001/ })).toBeVisible();
    await expect(page.getByText('₱3135.00')).toBeVisible();
    // S2.15-05: grouped notices, items with their steps.
    await expect(page.getByRole('heading', { name: 'GCash' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Over the counter' })).toBeVisible();
    await expect(page.getByText('Pay with the GCash app')).toBeVisible();
    await expect(page.getByText('1. Open GCash and tap Bills')).toBeVisible();
    await expect(page.getByText('3. Pay at the counter')).toBeVisible();
  });

  test('S2.16-08 the Barcode link opens the barcode modal', async ({ page }) => {
    await page.goto(url('/repay', ORD_174));
    await page.getByRole('button', { name: 'Barcode' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment barcode' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('img', { name: 'Payment barcode' })).toBeVisible();
    await expect(modal.getByText('7700174000001')).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
  });

  test('S2.16-06 S2.16-07 D-38 D-34 the first channel is selected; Payment sends the exact payload and follows payUrl', async ({
    page,
  }) => {
    await page.goto(url('/repay', ORD_174));
    await page.getByRole('button', { name: 'Payment Method' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment Method' });
    const radios = modal.getByRole('radio');
    await expect(radios).toHaveCount(4);
    await expect(radios.nth(0)).toHaveAttribute('aria-checked', 'true');
    await expect(radios.nth(0)).toContainText('GCash');

    const vcode = page.waitForRequest((r) => r.url().includes('/v3/loan-details/generate-vcode'));
    await modal.getByRole('button', { name: 'Payment', exact: true }).click();
    const sent = (await vcode).postDataJSON() as Record<string, unknown>;
    expect(sent).toEqual({ productId: 'P-2', orderId: 'ORD-174', amount: 313500, channelNumber: '10001' });
    expect(sent).not.toHaveProperty('isDelay');

    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
    // D-34: the payment provider never receives the session parameters.
    expect(page.url()).not.toContain('sessionId');
    expect(page.url()).not.toContain('deviceId');
    await expect(page.getByText('Demo payment')).toBeVisible();
    await expect(page.locator('dd', { hasText: '10001' })).toBeVisible();
  });

  test('S2.16-06 another channel chosen in the popup is the one sent', async ({ page }) => {
    await page.goto(url('/repay', ORD_174));
    await page.getByRole('button', { name: 'Payment Method' }).click();
    const modal = page.getByRole('dialog', { name: 'Payment Method' });
    await modal.getByRole('radio', { name: /7-Eleven/ }).click();
    await expect(modal.getByRole('radio', { name: /7-Eleven/ })).toHaveAttribute('aria-checked', 'true');
    const vcode = page.waitForRequest((r) => r.url().includes('/v3/loan-details/generate-vcode'));
    await modal.getByRole('button', { name: 'Payment', exact: true }).click();
    expect((await vcode).postDataJSON()).toMatchObject({ channelNumber: '10003', amount: 313500 });
    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
  });

  test('S2.16-07 a double tap on Payment sends one request', async ({ page }) => {
    await page.goto(url('/repay', ORD_174));
    await page.getByRole('button', { name: 'Payment Method' }).click();
    const sent = record(page, '/v3/loan-details/generate-vcode');
    await doubleTap(page, 'Payment');
    await expect(page).toHaveURL(/\/demo\/pay\?ref=/);
    expect(sent).toHaveLength(1);
  });

  test('S2.16-10 ruling 3 an order with nothing to repay: the server message is toasted, the page says so', async ({
    page,
  }) => {
    await page.goto(url('/repay', { orderId: 'ORD-200', productId: 'P-1' }));
    await expect(toasts(page).filter({ hasText: 'This order has nothing to repay' })).toBeVisible();
    const failed = page.getByRole('alert').filter({ hasText: 'We could not load your repayment details.' });
    await expect(failed).toContainText('This order has nothing to repay');
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Payment Method' })).toHaveCount(0);
  });

  test('ruling 3 generate-vcode answering success false with a message: toast, no redirect', async ({
    page,
  }) => {
    await page.goto(url('/repay', ORD_174));
    // The server refuses only amounts and channels the page never sends; stand in for a provider outage.
    await page.route('**/v3/loan-details/generate-vcode*', (route) =>
      route.fulfill({ json: { success: false, message: 'GCash is under maintenance', data: null } }),
    );
    await page.getByRole('button', { name: 'Payment Method' }).click();
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'GCash is under maintenance' })).toBeVisible();
    await expect(page).toHaveURL(/\/repay\?/);
    // The button works again.
    await expect(page.getByRole('button', { name: 'Payment', exact: true })).toBeEnabled();
  });

  test('ruling 11 D-31 a payUrl that is not http(s) is refused', async ({ page }) => {
    await page.goto(url('/repay', ORD_174));
    await page.route('**/v3/loan-details/generate-vcode*', (route) =>
      route.fulfill({ json: { success: true, message: '', data: { payUrl: 'javascript:alert(1)' } } }),
    );
    page.on('dialog', () => {
      throw new Error('a javascript: payUrl ran');
    });
    await page.getByRole('button', { name: 'Payment Method' }).click();
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    await expect(page).toHaveURL(/\/repay\?/);
  });

  test('ruling 2 a network failure on Payment: toast, the button works again', async ({ page }) => {
    await page.goto(url('/repay', ORD_174));
    await page.route('**/v3/loan-details/generate-vcode*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Payment Method' }).click();
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Network error, please try again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Payment', exact: true })).toBeEnabled();
  });
});
