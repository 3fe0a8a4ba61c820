// Loan details popups in Chromium against the real server (issue 16 items 6, 7 and 12; S2.20-16,
// S2.20-17, S2.20-19..26, D-12). The demo has no order with every popup at once, nor a javascript:
// h5Url, so those replies are the real ones edited (page.route); everything else is real.
import type { Page } from '@playwright/test';
import { test, expect, toasts } from './support';
import { details, editReply } from './loan-helpers';

const dialogs = (page: Page) => page.getByRole('dialog');

/** The loan-details reply of the order with more popups asked for than the demo has. */
async function allPopups(page: Page): Promise<void> {
  await editReply(page, '/v3/loan-details/loan-details', (body) => ({
    ...body,
    data: {
      ...(body.data as object),
      KindTipsMsg: 'Pay with the contract number shown on the next page.',
      reyMsg: 'Your cash is ready. Withdraw it now?',
      isScore: '1',
      cardNeedPop: 1,
      cardPopTitle: 'Update your bank card',
      cardPopMsg: 'Your card expired.',
    },
  }));
}

test.describe('one popup at a time on loan details (issue 16 item 6)', () => {
  test('S2.20-19..26: Kind tips, withdraw reminder, rating, card: in that order, the next when one closes', async ({
    page,
  }) => {
    await allPopups(page);
    await page.goto(details('ORD-174', 'P-2'));
    const only = async (name: string | RegExp) => {
      await expect(dialogs(page)).toHaveCount(1);
      await expect(page.getByRole('dialog', { name })).toBeVisible();
    };
    await only('Kind tips');
    // Long enough for the rating's 3 s to pass: it waits its turn instead of opening on top.
    await page.waitForTimeout(3500);
    await only('Kind tips');
    await dialogs(page).getByRole('button', { name: 'Confirm' }).click();
    await only('Your cash is ready. Withdraw it now?');
    await page.keyboard.press('Escape');
    await only('Rate our service');
    await dialogs(page).getByRole('button', { name: 'Close' }).click();
    await only('Update your bank card');
    await dialogs(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialogs(page)).toHaveCount(0);
  });
});

test.describe('popups: focus, Escape, the Android back button, names (issue 16 item 12)', () => {
  test('focus moves in and stays; Escape closes the card popup; focus goes back; named by its title', async ({
    page,
  }) => {
    await page.goto(details('ORD-170', 'P-1'));
    const card = page.getByRole('dialog', { name: 'Update your bank card' });
    await expect(card).toBeVisible();
    expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // The internal id (bankCard) is never the name.
    await expect(page.getByRole('dialog', { name: 'bankCard' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialogs(page)).toHaveCount(0);
  });

  test('the Android back button (window.onAndroidBack) closes a closable popup and says so', async ({
    page,
  }) => {
    await page.goto(details('ORD-170', 'P-1'));
    await expect(page.getByRole('dialog', { name: 'Update your bank card' })).toBeVisible();
    const back = () =>
      page.evaluate(() => (window as unknown as { onAndroidBack(): boolean }).onAndroidBack());
    expect(await back()).toBe(true);
    await expect(dialogs(page)).toHaveCount(0);
    // Nothing left to close: the app does its own back.
    expect(await back()).toBe(false);
  });

  test('Kind tips must be answered: neither Escape nor the Android back button closes it', async ({
    page,
  }) => {
    await page.goto(details('ORD-174', 'P-2'));
    const tips = page.getByRole('dialog', { name: 'Kind tips' });
    await expect(tips).toBeVisible();
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(() => (window as unknown as { onAndroidBack(): boolean }).onAndroidBack()),
    ).toBe(true);
    await expect(tips).toBeVisible();
    await tips.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialogs(page)).toHaveCount(0);
  });

  test('focus returns to the button that opened a popup (repayment channels)', async ({ page }) => {
    await page.goto('/repay?orderId=ORD-174&productId=P-2&sessionId=E2E-POP');
    const opener = page.getByRole('button', { name: 'Payment Method' });
    await opener.click();
    const channels = dialogs(page);
    await expect(channels).toHaveCount(1);
    expect(await channels.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(channels).toHaveCount(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

test.describe('showBankTip is set only when the Repayment navigation happens (issue 16 item 7)', () => {
  const flag = (page: Page) => page.evaluate(() => sessionStorage.getItem('showBankTip'));

  test('S2.20-16 D-31 a javascript: h5Url is refused and leaves the flag unset', async ({ page }) => {
    await editReply(page, '/v3/loan-details/loan-details', (body) => ({
      ...body,
      data: { ...(body.data as object), h5Url: 'javascript:alert(1)' },
    }));
    await page.goto(details('ORD-180', 'P-4'));
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/loan/details');
    expect(await flag(page)).toBeNull();
  });

  test('S2.20-16 D-12 an accepted h5Url sets the flag as the page leaves', async ({ page }) => {
    await page.goto(details('ORD-180', 'P-4'));
    await page.getByRole('button', { name: 'Repayment', exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/pay\?/);
    expect(await flag(page)).toBe('1');
  });

  test('S2.20-17 D-12 Rollover sets the flag and opens the delay page', async ({ page }) => {
    await page.goto(details('ORD-174-D', 'P-1'));
    await page.getByRole('button', { name: 'Rollover Repayment' }).click();
    await expect(page).toHaveURL(/\/repay\/delay\?/);
    expect(await flag(page)).toBe('1');
  });
});
