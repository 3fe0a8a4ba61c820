// Toasts never hide what the borrower must tap (issue 16 item 13; P-16, P-17): the buttons of a
// sticky bottom bar and of an open popup, at 320, 375 and 414 px wide. Real toasts: a refused
// address, a refused loan push, a failed payment request, an empty complaint. The server never
// refuses those pushes and payments, nor sends a javascript: h5Url, so those replies are stubbed.
import type { Page } from '@playwright/test';
import { test, expect } from './support';
import { details, editReply, reply, url } from './loan-helpers';

const CONTROLS =
  '.s-sticky-bottom :is(button, a[href], [role="button"]), [role="dialog"] :is(button, a[href], [role="button"])';

/**
 * Controls of the sticky bar and of an open popup that the shown toast covers (their names).
 * Measured in the page in one go, as soon as the toast is there: a toast lasts 3 s, which a
 * loaded machine can spend on a round trip per control.
 */
async function covered(page: Page, text: string): Promise<string[]> {
  const hidden = await page.waitForFunction(
    ({ text, controls }) => {
      const toast = [...document.querySelectorAll('[data-toast="message"]')].find((t) =>
        t.textContent?.includes(text),
      );
      if (!toast) return null;
      const a = toast.getBoundingClientRect();
      if (a.width === 0 || a.height === 0) return null;
      const names: string[] = [];
      for (const control of document.querySelectorAll<HTMLElement>(controls)) {
        const b = control.getBoundingClientRect();
        if (b.width === 0 || b.height === 0) continue;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          names.push(control.innerText.trim() || '(unnamed)');
      }
      return names;
    },
    { text, controls: CONTROLS },
    { polling: 50 },
  );
  return (await hidden.jsonValue()) as string[];
}

const WIDTHS = [320, 375, 414];

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 667 } });

    test('loan details: the refused-link toast leaves REPAY and Rollover visible (S2.20-06, S2.20-16)', async ({
      page,
    }) => {
      await editReply(page, '/v3/loan-details/loan-details', (body) => ({
        ...body,
        data: { ...(body.data as object), h5Url: 'javascript:alert(1)' },
      }));
      await page.goto(details('ORD-174-D', 'P-1'));
      await page.getByRole('button', { name: 'REPAY', exact: true }).click();
      expect(await covered(page, 'This link cannot be opened')).toEqual([]);
    });

    test('loan confirm: a refused push toast leaves Go Loan visible (S2.18-09, ruling 3)', async ({
      page,
    }) => {
      await reply(page, '/v3/loan-confirm/loan-detail-push', {
        success: false,
        message: 'The amount you asked for is above what we can lend you today; please try a smaller amount.',
        data: null,
      });
      await page.goto(url('/loan/confirm', { productId: 'P-2' }));
      await page.getByRole('button', { name: 'Go Loan >' }).click();
      expect(await covered(page, 'The amount you asked for')).toEqual([]);
    });

    test('instalment: a failed payment toast leaves the popup buttons visible (S2.16-07)', async ({
      page,
    }) => {
      await reply(page, '/v3/loan-details/generate-vcode', {
        success: false,
        message: 'This payment channel is busy. Please choose another one.',
        data: null,
      });
      await page.goto(url('/repay', { orderId: 'ORD-174', productId: 'P-2' }));
      await page.getByRole('button', { name: 'Payment Method' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Payment', exact: true }).click();
      expect(await covered(page, 'This payment channel is busy')).toEqual([]);
    });

    test('complaint form: the empty-text toast leaves Send visible (§5)', async ({ page }) => {
      await page.goto(url('/complainPageNext', { problemType: '2', problemSonType: '0', orderNo: 'ORD-21' }));
      await page.getByRole('button', { name: 'Send' }).click();
      expect(await covered(page, 'Please fill in your comments and suggestions')).toEqual([]);
    });
  });
}
