// A tap on a page the server drew, before its React part has arrived (issue 26): on a slow phone
// the borrower sees REPAY at the first paint and taps it while the code is still coming. The tap
// was lost; it is now kept by the page's inline keeper from the first paint (src/wire/earlyTaps.ts,
// allowed by the CSP's hash), taken over by the entry and given again once the page is hydrated
// (src/app/earlyTaps.ts). The code is held here until the tap is made, as a slow network would
// hold it (support.ts holdRequests): the React part, or every script, the entry's own included.
import { collectConsole, test, expect, holdRequests } from './support';
import { url as loanUrl } from './loan-helpers';
import { withSession } from './prod-env';
import { STUDIO_PUBLIC_URL } from './support';

const REACT_PART = /\/assets\/(mountMain|mountPromo|Shell)-[^/?]*\.js(\?|$)/;
const ALL_CODE = /\/assets\/[^/?]*\.js(\?|$)/;

for (const [where, path] of [
  ['demo', loanUrl('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' })],
  [
    'production (signed session)',
    `${STUDIO_PUBLIC_URL}${withSession('/loan/details?orderId=ORD-174-D&productId=P-1')}`,
  ],
] as const)
  test(`${where}: REPAY tapped before the page is hydrated opens the repayment page once it is`, async ({
    context,
  }) => {
    const reactPart = await holdRequests(context, REACT_PART);
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'commit' });
    // The entry's first chunk has run: taps on the drawing are kept from here.
    await expect(page.locator('#root[data-early-taps]')).toHaveCount(1);
    await page.getByRole('button', { name: 'REPAY', exact: true }).click();
    await expect(page).toHaveURL(/\/loan\/details\?/);
    reactPart.release();
    await expect(page).toHaveURL(/\/repay\?/);
    await expect(page.locator('main.screen[data-screen="repay-installment"]')).toBeVisible();
  });

for (const [where, path, button, arrives] of [
  ['demo', loanUrl('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' }), 'REPAY', /\/repay\?/],
  [
    'production (signed session)',
    `${STUDIO_PUBLIC_URL}${withSession('/loan/details?orderId=ORD-174-D&productId=P-1')}`,
    'REPAY',
    /\/repay\?/,
  ],
] as const)
  test(`${where}: ${button} tapped at the first paint, before any of the page's code has come, opens its page once it has`, async ({
    context,
  }) => {
    const code = await holdRequests(context, ALL_CODE);
    const page = await context.newPage();
    const messages = collectConsole(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
    // No code of the page has run: the entry has not taken the keeper over.
    await expect(page.locator('#root[data-early-taps]')).toHaveCount(0);
    expect(
      await page.evaluate(() => typeof (window as unknown as Record<string, unknown>).__lenderEarlyTaps),
    ).toBe('object');
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page).toHaveURL(/\/loan\/details\?/);
    code.release();
    await expect(page).toHaveURL(arrives);
    // The keeper ran under the page's CSP (its hash): the browser refused nothing.
    expect(messages.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
  });
