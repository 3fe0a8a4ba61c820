// A tap on a page the server drew, before its React part has arrived (issue 26): on a slow phone
// the borrower sees REPAY at the first paint and taps it while the code is still coming. The tap
// was lost; it is now kept by the entry's first chunk and given again once the page is hydrated
// (src/app/earlyTaps.ts). The React part is held here until the tap is made, as a slow network
// would hold it (support.ts holdRequests).
import { test, expect, holdRequests } from './support';
import { url as loanUrl } from './loan-helpers';
import { withSession } from './prod-env';
import { STUDIO_PUBLIC_URL } from './support';

const REACT_PART = /\/assets\/(mountMain|mountPromo|Shell)-[^/?]*\.js(\?|$)/;

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
