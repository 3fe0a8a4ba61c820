// Loan confirm v3 (/loan/confirm, spec §2.18, §4) and its obfuscated-endpoint variant
// (/loan/confirm-v, §2.19, §7.5) against the reference server's demo products.
import type { Page } from '@playwright/test';
import { test, expect, bridgeLog, cspViolations, toasts } from './support';
import {
  SESSION,
  editReply,
  iosBack,
  nativeClose,
  queryOf,
  record,
  reply,
  url,
  watchDialogs,
} from './loan-helpers';

const dialog = (page: Page) => page.getByRole('dialog');
const goLoan = (page: Page, name: string | RegExp = 'Go Loan >') =>
  page.getByRole('button', { name, exact: true });

// These tests read the phone's own calls: their pages are drawn by the phone (support.ts `draw`).
test.use({ draw: 'phone' });

test.describe('loan confirm (v3)', () => {
  test('S2.18-01 S2.18-02 S2.18-03 S2.18-04 S2.18-05 S2.18-07 the offer, Detailed, Plan and the agreements, box checked', async ({
    page,
    watch,
  }) => {
    const confirm = page.waitForRequest((r) => r.url().includes('/v3/loan-confirm/loan-detail-confirm'));
    const contracts = page.waitForRequest((r) => r.url().includes('/v3/contract/contract'));
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    expect((await confirm).postDataJSON()).toEqual({ productId: 'P-2' });
    const list = await contracts;
    expect(list.method()).toBe('GET');
    expect(queryOf(list.url())).toMatchObject({ productId: 'P-2', scene: '3', ...SESSION });

    await expect(page.getByRole('img', { name: 'CashBuddy logo' })).toBeVisible();
    await expect(page.getByText('CashBuddy', { exact: true })).toBeVisible();
    const offer = page.locator('.blk-hero');
    await expect(offer.getByText('₱3000.00')).toBeVisible();
    await expect(offer.getByText('120 days')).toBeVisible();
    await expect(offer.getByText('Daily interest rate 0.04%')).toBeVisible();

    const detailed = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Detailed' }) });
    for (const [label, value] of [
      ['Loan amount', '₱3000.00'],
      ['Interest', '₱144.00'],
      ['Service fee', '₱150.00'],
      ['Amount received', '₱2850.00'],
      ['Total repayment', '₱3144.00'],
    ] as const) {
      await expect(detailed.getByText(label, { exact: true })).toBeVisible();
      await expect(detailed.getByText(value, { exact: true })).toBeVisible();
    }
    const plan = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Plan' }) });
    await expect(plan.getByText('₱3144.00')).toBeVisible();
    await expect(plan.getByText('Principal and interest')).toBeVisible();
    await expect(plan.getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();

    for (const title of ['Loan Agreement', 'Privacy Policy', 'Authorization for Automatic Debit'])
      await expect(page.getByRole('button', { name: title })).toBeVisible();
    await expect(page.getByRole('checkbox')).toBeChecked();
    await expect(goLoan(page)).toBeEnabled();
    // P-2 has no popAgreementUrl: no agreement modal.
    await expect(dialog(page)).toHaveCount(0);
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.18-08 unchecked: Go Loan is grey and inactive; checked again it works', async ({ page }) => {
    const pushes = record(page, '/v3/loan-confirm/loan-detail-push');
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    await page.getByRole('checkbox').uncheck();
    await expect(goLoan(page)).toBeDisabled();
    await expect(goLoan(page)).toHaveCSS('background-color', 'rgb(204, 204, 204)');
    await goLoan(page).click({ force: true });
    await page.waitForTimeout(300);
    expect(pushes).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/loan/confirm');

    await page.getByRole('checkbox').check();
    await expect(goLoan(page)).toBeEnabled();
  });

  test('S2.18-09 S2.18-10 D-50 Go Loan pushes, then replaces the page with lendDetailsUrl + common parameters + from=confirm', async ({
    page,
  }) => {
    await page.goto('about:blank');
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    await expect(goLoan(page)).toBeEnabled();
    const push = page.waitForRequest((r) => r.url().includes('/v3/loan-confirm/loan-detail-push'));
    const pushed = page.waitForResponse((r) => r.url().includes('/v3/loan-confirm/loan-detail-push'));
    await goLoan(page).click();
    expect((await push).postDataJSON()).toEqual({
      amount: 300000,
      periods: 120,
      termUnit: '1',
      productId: 'P-2',
    });
    const { data } = (await (await pushed).json()) as { data: { lendDetailsUrl: string; orderId: string } };
    await expect(page).toHaveURL(/\/loan\/details\?/);
    const target = new URL(page.url());
    const expected = new URL(data.lendDetailsUrl, target.origin);
    expect(target.pathname).toBe(expected.pathname);
    expect(queryOf(page.url())).toEqual({
      ...Object.fromEntries(expected.searchParams),
      ...SESSION,
      // The common parameters carry the productId alias too (P-02).
      product_id: 'P-2',
      from: 'confirm',
    });
    // The parameters the address already had are kept, and from=confirm comes last.
    expect([...target.searchParams.keys()].at(-1)).toBe('from');
    expect(target.searchParams.get('orderId')).toBe(data.orderId);
    await expect(page.locator('.blk-hero').getByRole('heading', { name: 'Under review' })).toBeVisible();
    // Replaced, not pushed: Back does not return to the confirm page.
    await page.goBack();
    await expect(page).toHaveURL('about:blank');
  });

  test('S2.18-06 D-31 tapping an agreement asks contract-jump and opens contract_url', async ({ page }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-2', orderId: 'ORD-110' }));
    const jump = page.waitForRequest((r) => r.url().includes('/v3/contract/contract-jump'));
    await page.getByRole('button', { name: 'Privacy Policy' }).click();
    expect((await jump).postDataJSON()).toEqual({
      productId: 'P-2',
      scene: 3,
      position: 1,
      orderId: 'ORD-110',
    });
    await expect(page).toHaveURL(/\/privacy\?/);
    expect(queryOf(page.url())).toMatchObject({ productId: 'P-2' });
  });

  test('S2.18-11 D-15 agreement modal (popAgreementUrl set): the agreement, Agree closes it', async ({
    page,
  }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-1' }));
    // Our own /agreement page is drawn in place rather than framed (issue 16 item 16).
    const modal = dialog(page).filter({ hasText: 'Loan Agreement' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Loan terms and conditions' })).toBeVisible();
    await page.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(modal).toHaveCount(0);
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.18-11 D-15 agreement modal: Cancel closes the webview', async ({ page }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-1' }));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'closeWebview' }]);
  });

  test('S2.18-12 S2.18-13 P-19 D-14 retention popup on the iOS back action (isPopType 1): Agree stays, Cancel closes the webview', async ({
    page,
  }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-1' }));
    await dialog(page).getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);

    await iosBack(page);
    const retention = dialog(page).filter({ hasText: 'Are you sure you want to leave?' });
    await expect(retention).toBeVisible();
    await expect(retention.getByText('Your loan is approved. Leaving now cancels this offer.')).toBeVisible();
    await retention.getByRole('button', { name: 'Agree', exact: true }).click();
    await expect(retention).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/loan/confirm');
    expect(await bridgeLog(page)).toEqual([]);

    await nativeClose(page);
    await expect(retention).toBeVisible();
    await retention.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'closeWebview' }]);
  });

  test('S2.18-12 D-14 isPopType not 1: the iOS back action closes the webview, no popup', async ({
    page,
  }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    await expect(goLoan(page)).toBeVisible();
    await iosBack(page);
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'closeWebview' }]);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('S2.18-14 rulings 3: a product that is not available (success false) shows the message only', async ({
    page,
  }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-3' }));
    await expect(toasts(page).filter({ hasText: 'This product is not available now' })).toBeVisible();
    await expect(goLoan(page)).toHaveCount(0);
    await expect(page.locator('.blk-hero')).toHaveCount(0);
  });

  test('D-31 D-32 hostile confirm data: HTML shown as text, javascript: lendDetailsUrl and contract_url refused', async ({
    page,
    watch,
  }) => {
    const dialogs = watchDialogs(page);
    await editReply(page, '/v3/loan-confirm/loan-detail-confirm', (body) => ({
      ...body,
      data: {
        ...(body.data as object),
        comProductName: '<b>Cash</b><img src=x onerror=alert(1)>',
        pRateDsc: '<script>alert(2)</script>',
        popAgreementUrl: 'javascript:alert(3)',
      },
    }));
    await reply(page, '/v3/loan-confirm/loan-detail-push', {
      success: true,
      message: 'success',
      data: { lendDetailsUrl: 'javascript:alert(4)', orderId: 'X' },
    });
    await reply(page, '/v3/contract/contract-jump', {
      success: true,
      message: 'success',
      data: { contract_url: 'javascript:alert(5)' },
    });
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    await expect(page.getByText('<b>Cash</b><img src=x onerror=alert(1)>')).toBeVisible();
    await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
    await expect(page.locator('b, img[src="x"]')).toHaveCount(0);
    // The agreement modal with a refused address shows no frame.
    const modal = dialog(page);
    await expect(modal.getByText('This content cannot be shown')).toBeVisible();
    await expect(modal.locator('iframe')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Agree', exact: true }).click();

    await page.getByRole('button', { name: 'Loan Agreement' }).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    await goLoan(page).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' }).first()).toBeVisible();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/loan/confirm');
    expect(dialogs).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });
});

test.describe('loan confirm, obfuscated-endpoint variant', () => {
  test('S2.19-01 S2.19-02 S2.19-03 S2.19-04 S2.19-05 same content from the renamed fields, promo popup, server button label, peso sign', async ({
    page,
    watch,
  }) => {
    const satire = page.waitForRequest((r) => r.url().includes('/gopia/goya/satire'));
    const cultures = page.waitForRequest((r) => r.url().includes('/gopia/goya/cultures'));
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    expect((await satire).postDataJSON()).toEqual({ productId: 'P-2' });
    const list = await cultures;
    expect(list.method()).toBe('GET');
    expect(queryOf(list.url())).toMatchObject({ productId: 'P-2', scene: '3' });

    const promo = dialog(page).filter({ hasText: 'New customers get 7 days interest free!' });
    await expect(promo).toBeVisible();
    await expect(promo.getByRole('button', { name: 'Confirm' })).toBeVisible();
    await promo.getByRole('button', { name: 'Close' }).click();
    await expect(promo).toHaveCount(0);

    await expect(page.getByText('CashBuddy', { exact: true })).toBeVisible();
    const offer = page.locator('.blk-hero');
    await expect(offer.getByText('₱3000.00')).toBeVisible();
    await expect(offer.getByText('120 days')).toBeVisible();
    await expect(offer.getByText('Daily interest rate 0.04%')).toBeVisible();
    await expect(page.getByText('Total repayment')).toBeVisible();
    await expect(page.getByText('Principal and interest')).toBeVisible();
    await expect(page.locator('section').filter({ hasText: 'Plan' }).getByText('₱3144.00')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Authorization for Automatic Debit' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toBeChecked();
    await expect(goLoan(page, 'Get my cash now')).toBeEnabled();
    expect(watch.pageErrors).toEqual([]);
  });

  test('S2.19-03 the promo button closes the popup', async ({ page }) => {
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    const promo = dialog(page).filter({ hasText: 'New customers get 7 days interest free!' });
    await promo.getByRole('button', { name: 'Confirm' }).click();
    await expect(promo).toHaveCount(0);
  });

  test('S2.19-05 D-49 the currency sign follows config.currencySign', async ({ page }) => {
    // The shared test server runs with the default (₱); change the page's config block as a
    // deployment with LENDER_CURRENCY_SIGN=₹ would serve it.
    await page.route(
      (u) => u.pathname === '/loan/confirm-v',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('"currencySign":"₱"', '"currencySign":"₹"');
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('.blk-hero').getByText('₹3000.00')).toBeVisible();
    await expect(page.locator('section').filter({ hasText: 'Plan' }).getByText('₹3144.00')).toBeVisible();
  });

  test('S2.19-02 S2.18-08 depush, then the replace with harvest + common parameters + from=confirm; unchecked blocks it', async ({
    page,
  }) => {
    const pushes = record(page, '/gopia/goya/depush');
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('checkbox').uncheck();
    await expect(goLoan(page, 'Get my cash now')).toBeDisabled();
    await goLoan(page, 'Get my cash now').click({ force: true });
    await page.waitForTimeout(300);
    expect(pushes).toHaveLength(0);
    await page.getByRole('checkbox').check();

    const push = page.waitForRequest((r) => r.url().includes('/gopia/goya/depush'));
    await goLoan(page, 'Get my cash now').click();
    expect((await push).postDataJSON()).toEqual({
      amount: 300000,
      periods: 120,
      termUnit: '1',
      productId: 'P-2',
    });
    await expect(page).toHaveURL(/\/loan\/details\?/);
    expect(queryOf(page.url())).toMatchObject({ productId: 'P-2', ...SESSION, from: 'confirm' });
    expect(queryOf(page.url()).orderId).toMatch(/\S/);
  });

  test('S2.19-02 the agreement jump is a GET to misunderstood and opens beacon', async ({ page }) => {
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    const jump = page.waitForRequest((r) => r.url().includes('/gopia/goya/misunderstood'));
    await page.getByRole('button', { name: 'Loan Agreement' }).click();
    const request = await jump;
    expect(request.method()).toBe('GET');
    expect(queryOf(request.url())).toMatchObject({ productId: 'P-2', scene: '3', position: '0' });
    await expect(page).toHaveURL(/\/agreement\?id=AG-LOAN/);
  });

  test('S2.19-02 S2.19-01 agreement modal (compass) and the retention popup on the iOS back action', async ({
    page,
  }) => {
    await page.goto(url('/loan/confirm-v', { productId: 'P-1' }));
    // One popup at a time (issue 16 item 6): the agreement first, the promotion once it is answered.
    // Our own /agreement page drawn in place, not framed (issue 16 item 16).
    const agreement = dialog(page).filter({ hasText: 'Loan Agreement' });
    await expect(agreement.getByRole('heading', { name: 'Loan terms and conditions' })).toBeVisible();
    await expect(dialog(page)).toHaveCount(1);
    await agreement.getByRole('button', { name: 'Agree', exact: true }).click();
    await dialog(page).filter({ hasText: 'New customers' }).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await iosBack(page);
    const retention = dialog(page).filter({ hasText: 'Are you sure you want to leave?' });
    await expect(retention).toBeVisible();
    await retention.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'closeWebview' }]);
  });

  test('S2.19-02 §8 a reply other than 00 shows the server message (unavailable product)', async ({
    page,
  }) => {
    await page.goto(url('/loan/confirm-v', { productId: 'P-3' }));
    await expect(toasts(page).filter({ hasText: 'This product is not available now' })).toBeVisible();
    await expect(page.locator('.blk-hero')).toHaveCount(0);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('S2.19-02 §8 a refused loan push shows the server message and stays', async ({ page }) => {
    await reply(page, '/gopia/goya/depush', { code: '403', message: 'Amount is out of range', data: null });
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await goLoan(page, 'Get my cash now').click();
    await expect(toasts(page).filter({ hasText: 'Amount is out of range' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/confirm-v');
  });

  test('S2.19-04 without NewButtonMsg the button says Go Loan >; without NewPopMsg no promo', async ({
    page,
  }) => {
    await editReply(page, '/gopia/goya/satire', (body) => ({
      ...body,
      data: { ...(body.data as object), NewButtonMsg: '', NewPopMsg: '' },
    }));
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await expect(goLoan(page)).toBeEnabled();
    await page.waitForTimeout(300);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('D-32 hostile variant data: HTML in the promo and the label shown as text', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await editReply(page, '/gopia/goya/satire', (body) => ({
      ...body,
      data: {
        ...(body.data as object),
        NewPopMsg: '<img src=x onerror=alert(1)>Free!',
        NewButtonMsg: '<b>Go</b>',
      },
    }));
    await page.goto(url('/loan/confirm-v', { productId: 'P-2' }));
    await expect(dialog(page).getByText('<img src=x onerror=alert(1)>Free!')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(goLoan(page, '<b>Go</b>')).toBeVisible();
    await expect(page.locator('b, img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});
