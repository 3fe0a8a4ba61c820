// Gallery shots of the repayment screens (issue 6): instalment and extension pages with their
// popups, the pay code pages, the payment guide and the legacy card repayment.
import type { Page } from '@playwright/test';
import type { Shot } from './types';

const Q = 'sessionId=GALLERY';
const repay = (order: string, product: string) => `/repay?orderId=${order}&productId=${product}&${Q}`;
const delay = (order: string, product: string) => `/repay/delay?orderId=${order}&productId=${product}&${Q}`;
const legacy = (order: string, extra = '') => `/repay/choose?orderId=${order}&productId=P-1${extra}&${Q}`;

const loaded = (page: Page) => page.getByRole('button', { name: 'Payment Method' }).waitFor();

/** The Payment Method bar is sticky, so long pages are shown scrolled to the end, not full page. */
async function scrolledToEnd(page: Page): Promise<void> {
  await loaded(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

async function openChannels(page: Page): Promise<void> {
  await loaded(page);
  await page.getByRole('button', { name: 'Payment Method' }).click();
  await page.getByRole('dialog', { name: 'Payment Method' }).waitFor();
}

async function openBarcode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Barcode' }).click();
  await page.getByRole('dialog', { name: 'Payment barcode' }).getByRole('img').waitFor();
}

async function verificationStep(page: Page): Promise<void> {
  await page.clock.install();
  await page.getByRole('radio').first().click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('dialog', { name: 'Verification code' }).waitFor();
  await page.clock.pauseAt(Date.now() + 13_000);
}

export const shots: Shot[] = [
  // Instalment repayment (§2.16).
  { name: 'repay-installment', path: repay('ORD-174', 'P-2'), setup: loaded },
  {
    name: 'repay-installment-unfolded',
    path: repay('ORD-174', 'P-2'),
    setup: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: 'more' }).click();
      await page.getByRole('button', { name: 'hide' }).scrollIntoViewIfNeeded();
    },
  },
  { name: 'repay-installment-end', path: repay('ORD-174', 'P-2'), setup: scrolledToEnd },
  { name: 'repay-installment-no-code', path: repay('ORD-170', 'P-1'), setup: loaded },
  { name: 'repay-installment-channels', path: repay('ORD-174', 'P-2'), setup: openChannels },
  {
    name: 'repay-installment-channel-chosen',
    path: repay('ORD-174', 'P-2'),
    setup: async (page) => {
      await openChannels(page);
      await page.getByRole('radio', { name: /7-Eleven/ }).click();
    },
  },
  {
    name: 'repay-installment-barcode',
    path: repay('ORD-174', 'P-2'),
    setup: async (page) => {
      await loaded(page);
      await openBarcode(page);
    },
  },
  {
    name: 'repay-installment-copied',
    path: repay('ORD-174', 'P-2'),
    setup: async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await loaded(page);
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.locator('[data-toast]').waitFor();
    },
  },
  {
    name: 'repay-installment-unavailable',
    path: repay('ORD-200', 'P-1'),
    setup: (page) => page.getByText('Repayment information is not available').waitFor(),
  },
  // Extension repayment (§2.17).
  { name: 'repay-delay', path: delay('ORD-174-D', 'P-1'), setup: loaded },
  { name: 'repay-delay-end', path: delay('ORD-180-D', 'P-2'), setup: scrolledToEnd },
  { name: 'repay-delay-channels', path: delay('ORD-174-D', 'P-1'), setup: openChannels },
  {
    name: 'repay-delay-barcode',
    path: delay('ORD-174-D', 'P-1'),
    setup: async (page) => {
      await loaded(page);
      await openBarcode(page);
    },
  },
  // Pay code pages (§2.14, §2.15).
  {
    name: 'repay-code-type1',
    path: `/repaymentOfCode?showType=1&payCode=7700174000001&repayAmount=313500&${Q}`,
  },
  {
    name: 'repay-code-qr',
    path: `/repaymentOfCode?showType=2&payCode=7700174000001&repayAmount=313500&${Q}`,
    fullPage: true,
    setup: (page) => page.getByRole('img', { name: 'Repayment QR code' }).waitFor(),
  },
  {
    name: 'repay-code-v2',
    path: repay('ORD-174', 'P-2'),
    fullPage: true,
    setup: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: '7700174000001' }).click();
      await page.getByText('Contract No.', { exact: true }).waitFor();
    },
  },
  {
    name: 'repay-code-v2-delay',
    path: delay('ORD-180-D', 'P-2'),
    setup: async (page) => {
      await loaded(page);
      await page.getByRole('button', { name: '7700180000002' }).click();
      await page.getByText('Contract No.', { exact: true }).waitFor();
    },
  },
  {
    name: 'repay-code-v2-missing',
    path: `/repaymentOfCode2?${Q}`,
    setup: (page) => page.getByText('No payment code to show').waitFor(),
  },
  // Payment guide (§2.13).
  { name: 'repay-guide', path: `/repay/guide?${Q}`, fullPage: true },
  {
    name: 'repay-guide-zoom',
    path: `/repay/guide?${Q}`,
    setup: async (page) => {
      await page.getByRole('button', { name: 'GCash: the Bills screen with Loans selected' }).click();
      await page.getByRole('dialog').getByRole('img').waitFor();
    },
  },
  // Legacy card repayment (SL-01..SL-10).
  { name: 'repay-legacy', path: legacy('ORD-170'), setup: (page) => page.getByRole('radio').first().waitFor() },
  {
    name: 'repay-legacy-no-card',
    path: legacy('ORD-170'),
    setup: async (page) => {
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.locator('[data-toast]').waitFor();
    },
  },
  { name: 'repay-legacy-verify', path: legacy('ORD-170'), setup: verificationStep },
  {
    name: 'repay-legacy-wrong-code',
    path: legacy('ORD-170'),
    setup: async (page) => {
      await verificationStep(page);
      await page.getByRole('textbox', { name: 'Verification code' }).fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.locator('[data-toast]').waitFor();
    },
  },
];
