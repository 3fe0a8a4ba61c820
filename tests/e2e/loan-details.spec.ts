// Loan details (/loan/details, spec §2.20, §4) against the reference server's demo orders: every
// status branch, the four popups, recommendations, the redirect and hostile data.
import { test, expect, bridgeLog, cspViolations, phoneDraws, toasts } from './support';
import { SESSION, details, editReply, queryOf, record, reply, watchDialogs } from './loan-helpers';

const header = (page: import('@playwright/test').Page) => page.locator('.blk-hero');
const recommendations = (page: import('@playwright/test').Page) =>
  page.locator('section[role="button"]').filter({ hasText: 'Loan amount' });
const dialog = (page: import('@playwright/test').Page) => page.getByRole('dialog');

test.describe('loan details by order status', () => {
  test('S2.20-01 S2.20-02 S2.20-04 S2.20-05 S2.20-29 loads the order with loading..., header on the status image, product card', async ({
    page,
    watch,
  }) => {
    // Hold the reply until the loading toast has been seen (the phone's own path: a page the server
    // draws carries the order already).
    await phoneDraws(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (u) => u.pathname === '/v3/loan-details/loan-details',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const call = page.waitForRequest((r) => r.url().includes('/v3/loan-details/loan-details'));
    await page.goto(details('ORD-110', 'P-2'));
    const request = await call;
    expect(request.postDataJSON()).toEqual({ productId: 'P-2', orderId: 'ORD-110' });
    expect(queryOf(request.url())).toMatchObject(SESSION);
    await expect(page.locator('[data-toast="loading"]')).toHaveText('loading...');
    release();

    await expect(header(page).getByRole('heading', { name: 'Under review' })).toBeVisible();
    await expect(
      header(page).getByText('We are reviewing your application.', { exact: false }),
    ).toBeVisible();
    await expect(header(page).locator('img')).toHaveAttribute('src', '/assets-demo/status-110.svg');
    await expect(page.locator('[data-toast="loading"]')).toHaveCount(0);

    const card = page.locator('section').filter({ hasText: 'Loan term' });
    await expect(card.getByRole('img', { name: 'CashBuddy logo' })).toBeVisible();
    await expect(card.getByText('CashBuddy', { exact: true })).toBeVisible();
    await expect(card.getByText('₱3000.00')).toBeVisible();
    await expect(card.getByText('120 days')).toBeVisible();
    await expect(page).toHaveTitle('Order Details');
    expect(watch.pageErrors).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('S2.20-10 S2.20-11 D-01 statuses 21, 110, 151: no action button and the recommendations are shown', async ({
    page,
  }) => {
    for (const [order, product, status] of [
      ['ORD-110', 'P-2', 'Under review'],
      ['ORD-151', 'P-4', 'Disbursing'],
      ['ORD-21', 'P-1', 'Loan approved'],
    ] as const) {
      await page.goto(details(order, product));
      await expect(header(page).getByRole('heading', { name: status })).toBeVisible();
      await expect(recommendations(page)).toHaveCount(4);
      await expect(page.getByRole('button', { name: 'Click to view more products' })).toBeVisible();
      for (const label of ['Repayment', 'REPAY', 'Rollover Repayment', 'Borrow Again']) {
        await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
      }
    }
  });

  test('S2.20-08 D-07 status 170: Repayment, no status image, no recommendations', async ({ page }) => {
    await page.goto(details('ORD-170', 'P-1'));
    await expect(header(page).getByRole('heading', { name: 'Repaying' })).toBeVisible();
    await expect(header(page).locator('img')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Repayment', exact: true })).toBeVisible();
    await expect(recommendations(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Click to view more products' })).toHaveCount(0);
  });

  test('D-07 a status without an image of its own shows none even if the server sends one', async ({
    page,
  }) => {
    await editReply(page, '/v3/loan-details/loan-details', (body) => ({
      ...body,
      data: { ...(body.data as object), statusImage: '/assets-demo/status-174.svg' },
    }));
    await page.goto(details('ORD-170', 'P-1'));
    await expect(header(page).getByRole('heading', { name: 'Repaying' })).toBeVisible();
    await expect(header(page).locator('img')).toHaveCount(0);
  });

  test('S2.20-07 S2.20-16 D-12 status 174 without isDelay: Repayment sets showBankTip and opens /repay with common parameters', async ({
    page,
  }) => {
    await page.goto(details('ORD-174', 'P-2'));
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(recommendations(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(page).toHaveURL(/\/repay\?/);
    expect(new URL(page.url()).pathname).toBe('/repay');
    expect(queryOf(page.url())).toMatchObject({ orderId: 'ORD-174', productId: 'P-2', ...SESSION });
    expect(await page.evaluate(() => sessionStorage.getItem('showBankTip'))).toBe('1');
  });

  test('S2.20-06 S2.20-17 D-11 status 174 with isDelay 1: REPAY and Rollover Repayment with the hint', async ({
    page,
  }) => {
    await page.goto(details('ORD-174-D', 'P-1'));
    await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible();
    await expect(page.getByText('Short of money?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Repayment', exact: true })).toHaveCount(0);
    await expect(recommendations(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Rollover Repayment' }).click();
    await expect(page).toHaveURL(/\/repay\/delay\?/);
    expect(queryOf(page.url())).toMatchObject({ orderId: 'ORD-174-D', productId: 'P-1', ...SESSION });
    expect(await page.evaluate(() => sessionStorage.getItem('showBankTip'))).toBe('1');

    await page.goto(details('ORD-174-D', 'P-1'));
    await page.getByRole('button', { name: 'REPAY', exact: true }).click();
    await expect(page).toHaveURL(/\/repay\?/);
    expect(new URL(page.url()).pathname).toBe('/repay');
    expect(queryOf(page.url())).toMatchObject({ orderId: 'ORD-174-D', productId: 'P-1', ...SESSION });
  });

  test('S2.20-06 status 180 with isDelay 1 (ORD-180-D): REPAY and Rollover Repayment', async ({ page }) => {
    await page.goto(details('ORD-180-D', 'P-2'));
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rollover Repayment' })).toBeVisible();
    await expect(recommendations(page)).toHaveCount(0);
  });

  test('S2.20-07 S2.20-16 D-34 status 180 with h5Url: Repayment opens h5Url without the common parameters', async ({
    page,
  }) => {
    await page.goto(details('ORD-180', 'P-4'));
    await expect(header(page).getByRole('heading', { name: 'Overdue 5 days' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/pay\?/);
    const target = new URL(page.url());
    expect(target.pathname + target.search).toBe('/demo/pay?orderId=ORD-180&source=h5');
  });

  test('S2.20-09 D-39 status 200: Borrow Again logs module 30 position 0, then opens the product detail', async ({
    page,
  }) => {
    await page.goto(details('ORD-200', 'P-1'));
    await expect(recommendations(page)).toHaveCount(0);
    const event = page.waitForRequest((r) => r.url().includes('/service/event/save'));
    await page.getByRole('button', { name: 'Borrow Again' }).click();
    expect((await event).postDataJSON()).toEqual({ productId: 'P-1', moduleId: 30, positionId: 0 });
    await expect
      .poll(() => bridgeLog(page))
      .toContainEqual({
        name: 'openPage',
        payload: { url: 'pesoquick://product/detail?productId=P-1', productId: 'P-1' },
      });
  });

  test('P-02 /order is an alias of loan details and product_id fills productId', async ({ page }) => {
    // The call the phone makes: a page the server drew (issue 26) makes none.
    await phoneDraws(page);
    const call = page.waitForRequest((r) => r.url().includes('/v3/loan-details/loan-details'));
    await page.goto(`/order?orderId=ORD-151&product_id=P-4&sessionId=${SESSION.sessionId}`);
    expect((await call).postDataJSON()).toEqual({ productId: 'P-4', orderId: 'ORD-151' });
    await expect(header(page).getByRole('heading', { name: 'Disbursing' })).toBeVisible();
  });

  test('S2.20-28 rulings 3: an unknown order (success false) shows the message and nothing else', async ({
    page,
  }) => {
    await page.goto(details('ORD-NOPE', 'P-1'));
    await expect(toasts(page).filter({ hasText: 'Order not found' })).toBeVisible();
    await expect(header(page)).toHaveCount(0);
    // No part of the loan page shows (the app's own blank-page notice may stand in for it).
    for (const label of ['Repayment', 'REPAY', 'Borrow Again', 'Click to view more products'])
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('loan details recommendations', () => {
  test('S2.20-12 S2.20-13 D-48 each item shows its fields; a disabled one is grey #ccc and inert', async ({
    page,
  }) => {
    const events = record(page, '/service/event/save');
    const defines = record(page, '/gopia/goya/define');
    await page.goto(details('ORD-110', 'P-2'));
    const first = recommendations(page).nth(0);
    await expect(first.getByRole('img', { name: 'PesoQuick logo' })).toBeVisible();
    for (const text of [
      'PesoQuick',
      'Cash in 5 minutes',
      'Apply',
      '₱1000.00-₱20000.00',
      'Loan amount',
      'Daily interest rate 0.05%',
    ])
      await expect(first.getByText(text, { exact: true })).toBeVisible();

    const disabled = recommendations(page).filter({ hasText: 'LoanLite' });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await expect(disabled.getByText('LoanLite')).toHaveCSS('color', 'rgb(204, 204, 204)');
    await expect(disabled.getByText('Sold out')).toHaveCSS('background-color', 'rgb(204, 204, 204)');
    await disabled.click({ force: true });
    await page.waitForTimeout(300);
    expect(events).toHaveLength(0);
    expect(defines).toHaveLength(0);
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.20-14 D-56 rulings 4: a tap logs the position, asks define, and hands a non-http target to the native app', async ({
    page,
  }) => {
    // ORD-110's list: P-1 (http target), P-3 (disabled), P-4 (http), P-5 (disabled); P-2 is the
    // order's own product. Use ORD-21 (P-1), whose list starts with P-2 (an app-scheme target).
    await page.goto(details('ORD-21', 'P-1'));
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    const event = page.waitForRequest((r) => r.url().includes('/service/event/save'));
    const define = page.waitForRequest((r) => r.url().includes('/gopia/goya/define'));
    await recommendations(page).filter({ hasText: 'CashBuddy' }).click();
    expect((await event).postDataJSON()).toEqual({ productId: 'P-2', moduleId: 31, positionId: 0 });
    expect((await define).postDataJSON()).toEqual({ productId: 'P-2', moduleId: 31, position: 0 });
    await expect
      .poll(() => bridgeLog(page))
      .toContainEqual({ name: 'openPage', payload: { url: 'pesoquick://product/detail?productId=P-2' } });
    expect(new URL(page.url()).pathname).toBe('/loan/details');
  });

  test('S2.20-14 S2.20-27 an http target opens in the browser', async ({ page }) => {
    await page.goto(details('ORD-110', 'P-2'));
    const event = page.waitForRequest((r) => r.url().includes('/service/event/save'));
    await recommendations(page).filter({ hasText: 'FastPeso' }).click();
    expect((await event).postDataJSON()).toEqual({ productId: 'P-4', moduleId: 31, positionId: 2 });
    await expect(page).toHaveURL(/\/product\?productId=P-4/);
    // An address of this origin gets the common parameters (S2.20-27); another origin never would.
    expect(queryOf(page.url())).toMatchObject({ productId: 'P-4', ...SESSION });
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('D-31 issue 29 §4: a partner app address the server returned goes to the native app as data', async ({
    page,
  }) => {
    // The reference server's catalogue has no partner app; a lender's backend answers with one.
    const partner = 'intent://apply?productId=P-1#Intent;scheme=partnerloan;package=com.partner.loan;end';
    await reply(page, '/gopia/goya/define', { code: '00', message: 'success', data: partner });
    await page.goto(details('ORD-110', 'P-2'));
    await recommendations(page).filter({ hasText: 'PesoQuick' }).click();
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'openPage', payload: { url: partner } }]);
    await expect(toasts(page)).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/loan/details');
  });

  test('S2.20-14 D-03 a define reply other than 00 shows its message', async ({ page }) => {
    await reply(page, '/gopia/goya/define', {
      code: '403',
      message: 'This product is not available now',
      data: null,
    });
    await page.goto(details('ORD-110', 'P-2'));
    await recommendations(page).filter({ hasText: 'PesoQuick' }).click();
    await expect(toasts(page).filter({ hasText: 'This product is not available now' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/details');
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.20-15 Click to view more products goes home through the bridge', async ({ page }) => {
    await page.goto(details('ORD-151', 'P-4'));
    await page.getByRole('button', { name: 'Click to view more products' }).click();
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'goHome' }]);
  });
});

test.describe('loan details popups', () => {
  test('S2.20-19 D-12 Kind tips: not closed by a tap outside, Confirm closes, not shown again once showBankTip is set', async ({
    page,
  }) => {
    await page.goto(details('ORD-174', 'P-2'));
    const tips = dialog(page).filter({ hasText: 'Kind tips' });
    await expect(tips).toBeVisible();
    await expect(
      tips.getByText('Pay with the contract number shown on the next page.', { exact: false }),
    ).toBeVisible();
    await page.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(tips).toBeVisible();
    await tips.getByRole('button', { name: 'Confirm' }).click();
    await expect(tips).toHaveCount(0);

    // Without the flag it shows on every visit; after going to repay it does not.
    await page.reload();
    await expect(tips).toBeVisible();
    await tips.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(page).toHaveURL(/\/repay\?/);
    await page.goto(details('ORD-174', 'P-2'));
    await expect(header(page).getByRole('heading', { name: 'Due today' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(tips).toHaveCount(0);
  });

  test('S2.20-19 no Kind tips without a tip message', async ({ page }) => {
    await page.goto(details('ORD-174-D', 'P-1'));
    await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('S2.20-20 D-09 withdraw reminder (status 21): Cancel goes home, Withdraw Now opens playeduL', async ({
    page,
  }) => {
    await page.goto(details('ORD-21', 'P-1'));
    const reminder = dialog(page).filter({ hasText: 'Your cash of ₱5000.00 is ready. Withdraw it now?' });
    await expect(reminder).toBeVisible();
    await reminder.getByRole('button', { name: 'Cancel' }).click();
    await expect(reminder).toHaveCount(0);
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'goHome' }]);

    await page.reload();
    await reminder.getByRole('button', { name: 'Withdraw Now' }).click();
    await expect(page).toHaveURL(/\/loan\/confirm\?/);
    expect(queryOf(page.url())).toMatchObject({ productId: 'P-1', ...SESSION });
  });

  test('S2.20-20 D-09 no withdraw reminder without reyMsg', async ({ page }) => {
    await page.goto(details('ORD-110', 'P-2'));
    await expect(header(page).getByRole('heading', { name: 'Under review' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('S2.20-18 D-08 status not 21 with playeduL: replaced by playeduL before any popup', async ({
    page,
  }) => {
    await editReply(page, '/v3/loan-details/loan-details', (body) => ({
      ...body,
      data: {
        ...(body.data as object),
        playeduL: '/loan/confirm?productId=P-2',
        reyMsg: 'Withdraw?',
        KindTipsMsg: 'A tip',
        cardNeedPop: 1,
      },
    }));
    await page.goto('about:blank');
    await page.goto(details('ORD-110', 'P-2'));
    await expect(page).toHaveURL(/\/loan\/confirm\?/);
    expect(queryOf(page.url())).toMatchObject({ productId: 'P-2', ...SESSION });
    await expect(page.getByText('₱3000.00').first()).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    // Replaced, not pushed: Back leaves the loan pages.
    await page.goBack();
    await expect(page).toHaveURL('about:blank');
  });

  test('S2.20-18 status 21 with playeduL does not redirect', async ({ page }) => {
    await page.goto(details('ORD-21', 'P-1'));
    await expect(dialog(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/details');
  });

  test('S2.20-26 card popup: the close icon closes it', async ({ page }) => {
    await page.goto(details('ORD-170', 'P-1'));
    const card = dialog(page).filter({ hasText: 'Update your bank card' });
    await expect(card.getByText('The last transfer to your card failed.', { exact: false })).toBeVisible();
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/loan/details');
  });

  test('S2.20-26 S2.20-27 card popup: Go and bind the card opens /bank with source=loanDetail and closes', async ({
    page,
  }) => {
    await page.goto(details('ORD-170', 'P-1'));
    await dialog(page).getByRole('button', { name: 'Go and bind the card' }).click();
    await expect(page).toHaveURL(/\/bank\?/);
    expect(queryOf(page.url())).toMatchObject({ source: 'loanDetail', ...SESSION });
    await expect(dialog(page).filter({ hasText: 'Update your bank card' })).toHaveCount(0);
  });

  test('S2.20-26 no card popup when cardNeedPop is 0', async ({ page }) => {
    await page.goto(details('ORD-151', 'P-4'));
    await expect(recommendations(page)).toHaveCount(4);
    await page.waitForTimeout(300);
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe('loan details rating (ruling 8)', () => {
  async function openRating(page: import('@playwright/test').Page) {
    await page.clock.install();
    await page.goto(details('ORD-200', 'P-1'));
    await expect(page.getByRole('button', { name: 'Borrow Again' })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1000);
    await expect(dialog(page)).toHaveCount(0);
    await page.clock.fastForward(3000);
    const rating = dialog(page).filter({ has: page.getByRole('radiogroup') });
    await expect(rating).toBeVisible();
    return rating;
  }

  test('S2.20-21 S2.20-23 opens 3 s after load when isScore is 1; Submit with no star: Silakan pilih, nothing sent', async ({
    page,
  }) => {
    const scores = record(page, '/v3/loan-details/google-score');
    const rating = await openRating(page);
    await rating.getByRole('button', { name: 'Submit' }).click();
    await expect(toasts(page).filter({ hasText: 'Silakan pilih' })).toBeVisible();
    await expect(rating).toBeVisible();
    expect(scores).toHaveLength(0);
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.20-22 S2.20-24 D-10 three stars fill 1..3; Submit opens the thank-you modal and sends nothing', async ({
    page,
  }) => {
    const scores = record(page, '/v3/loan-details/google-score');
    const rating = await openRating(page);
    await rating.getByRole('radio', { name: '3 stars' }).click();
    await expect(rating.locator('.is-filled')).toHaveCount(3);
    await expect(rating.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
    await rating.getByRole('button', { name: 'Submit' }).click();
    const thanks = dialog(page).filter({ hasText: 'Thank you for your feedback!' });
    await expect(thanks).toBeVisible();
    await expect(rating).toHaveCount(0);
    await thanks.getByRole('button', { name: 'OK' }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(scores).toHaveLength(0);
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.20-25 five stars: google-score with score 5, then the go-to-rate bridge', async ({ page }) => {
    const rating = await openRating(page);
    await rating.getByRole('radio', { name: '5 stars' }).click();
    await expect(rating.locator('.is-filled')).toHaveCount(5);
    const score = page.waitForRequest((r) => r.url().includes('/v3/loan-details/google-score'));
    await rating.getByRole('button', { name: 'Submit' }).click();
    expect((await score).postDataJSON()).toEqual({ score: 5 });
    await expect.poll(() => bridgeLog(page)).toEqual([{ name: 'goRate' }]);
    await expect(rating).toHaveCount(0);
  });

  test('S2.20-25 rulings 3: google-score success false shows its message and no store rating', async ({
    page,
  }) => {
    await reply(page, '/v3/loan-details/google-score', { success: false, message: 'Please try again later' });
    const rating = await openRating(page);
    await rating.getByRole('radio', { name: '5 stars' }).click();
    await rating.getByRole('button', { name: 'Submit' }).click();
    await expect(toasts(page).filter({ hasText: 'Please try again later' })).toBeVisible();
    expect(await bridgeLog(page)).toEqual([]);
  });

  test('S2.20-21 no rating popup when isScore is not 1', async ({ page }) => {
    await page.clock.install();
    await page.goto(details('ORD-151', 'P-4'));
    await expect(recommendations(page)).toHaveCount(4);
    await page.clock.fastForward(5000);
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe('loan details hostile data', () => {
  test('D-31 D-32 rulings 11 12: HTML is shown as text, javascript: addresses are refused', async ({
    page,
    watch,
  }) => {
    const dialogs = watchDialogs(page);
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    await editReply(page, '/v3/loan-details/loan-details', (body) => {
      const data = body.data as Record<string, unknown>;
      return {
        ...body,
        data: {
          ...data,
          noticeStatusText: html,
          noticeDesText: '<script>alert(2)</script>',
          productName: '<i>Peso</i>',
          productLogo: 'javascript:alert(3)',
          statusImage: 'javascript:alert(4)',
          h5Url: 'javascript:alert(5)',
          KindTipsMsg: '<a href="javascript:alert(6)">tip</a>',
        },
      };
    });
    await page.goto(details('ORD-170', 'P-1'));
    await expect(header(page).getByRole('heading')).toHaveText(html);
    await expect(header(page).getByText('<script>alert(2)</script>')).toBeVisible();
    await expect(header(page).locator('img')).toHaveCount(0);
    await expect(page.locator('b, i, script:not([src]):not([type])')).toHaveCount(0);
    const tips = dialog(page).filter({ hasText: 'Kind tips' });
    await expect(tips.getByText('<a href="javascript:alert(6)">tip</a>')).toBeVisible();
    // One popup at a time (issue 16 item 6): Kind tips first, then the card popup.
    await tips.getByRole('button', { name: 'Confirm' }).click();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('<i>Peso</i>')).toBeVisible();
    await expect(page.locator('img[src^="javascript"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/details');
    expect(dialogs).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
  });

  test('D-31 a javascript: status image is not loaded', async ({ page }) => {
    await editReply(page, '/v3/loan-details/loan-details', (body) => ({
      ...body,
      data: { ...(body.data as object), statusImage: 'javascript:alert(1)' },
    }));
    await page.goto(details('ORD-110', 'P-2'));
    await expect(header(page).getByRole('heading', { name: 'Under review' })).toBeVisible();
    await expect(header(page).locator('img')).toHaveCount(0);
  });

  test('D-31 a javascript: playeduL is never followed (redirect and Withdraw Now)', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await editReply(page, '/v3/loan-details/loan-details', (body) => ({
      ...body,
      data: { ...(body.data as object), playeduL: 'javascript:alert(1)' },
    }));
    await page.goto(details('ORD-21', 'P-1'));
    await dialog(page).getByRole('button', { name: 'Withdraw Now' }).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/details');

    await page.goto(details('ORD-110', 'P-2'));
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/details');
    expect(dialogs).toEqual([]);
  });

  test('D-31 issue 20 §4: a javascript: define target is refused with a toast, never to the location nor to the native app', async ({
    page,
  }) => {
    const dialogs = watchDialogs(page);
    await reply(page, '/gopia/goya/define', { code: '00', message: 'success', data: 'javascript:alert(1)' });
    await page.goto(details('ORD-110', 'P-2'));
    await recommendations(page).filter({ hasText: 'PesoQuick' }).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    expect(await bridgeLog(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/loan/details');
    expect(dialogs).toEqual([]);
  });
});
