// Gallery shots of the loan screens (issue 5): loan details in every demo status and popup,
// loan confirm (v3 and the variant) with their popups, and the joint-login failure page.
import type { Page } from '@playwright/test';
import type { Shot } from './types';

const Q = 'sessionId=GALLERY';

async function closeModals(page: Page): Promise<void> {
  // Popups that open on load (Kind tips, withdraw, card, agreement, promo) cover the page; close
  // them to show the page itself.
  for (let i = 0; i < 4; i++) {
    const dialog = page.getByRole('dialog').last();
    if (!(await dialog.isVisible().catch(() => false))) return;
    const close = dialog.getByRole('button', { name: /^(Close|Confirm|Agree|Cancel)$/ }).first();
    await close.click();
  }
}

async function loaded(page: Page): Promise<void> {
  await page.locator('.blk-hero, [data-screen] section').first().waitFor();
}

const details = (order: string, product: string) => `/loan/details?orderId=${order}&productId=${product}&${Q}`;

export const shots: Shot[] = [
  // Loan details, one per status branch of §4.
  {
    name: 'loan-details-21-withdraw',
    path: details('ORD-21', 'P-1'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'loan-details-21',
    path: details('ORD-21', 'P-1'),
    fullPage: true,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.locator('.modal-backdrop').click({ position: { x: 5, y: 5 } });
    },
  },
  { name: 'loan-details-110', path: details('ORD-110', 'P-2'), fullPage: true, setup: loaded },
  { name: 'loan-details-110-top', path: details('ORD-110', 'P-2'), setup: loaded },
  { name: 'loan-details-151', path: details('ORD-151', 'P-4'), setup: loaded },
  {
    name: 'loan-details-170-card-popup',
    path: details('ORD-170', 'P-1'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'loan-details-170',
    path: details('ORD-170', 'P-1'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await closeModals(page);
    },
  },
  {
    name: 'loan-details-174-kind-tips',
    path: details('ORD-174', 'P-2'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'loan-details-174',
    path: details('ORD-174', 'P-2'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await closeModals(page);
    },
  },
  { name: 'loan-details-174-rollover', path: details('ORD-174-D', 'P-1'), setup: loaded },
  { name: 'loan-details-180', path: details('ORD-180', 'P-4'), setup: loaded },
  {
    name: 'loan-details-180-rollover',
    path: details('ORD-180-D', 'P-2'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await closeModals(page);
    },
  },
  { name: 'loan-details-200', path: details('ORD-200', 'P-1'), setup: loaded },
  {
    name: 'loan-details-200-rating',
    path: details('ORD-200', 'P-1'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor({ timeout: 8000 });
      await page.getByRole('radio', { name: '3 stars' }).click();
    },
  },
  {
    name: 'loan-details-200-thanks',
    path: details('ORD-200', 'P-1'),
    setup: async (page) => {
      await page.getByRole('dialog').waitFor({ timeout: 8000 });
      await page.getByRole('radio', { name: '3 stars' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you for your feedback!').waitFor();
    },
  },
  // Loan confirm (v3).
  {
    name: 'loan-confirm-agreement',
    path: `/loan/confirm?productId=P-1&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(800);
    },
  },
  {
    name: 'loan-confirm',
    path: `/loan/confirm?productId=P-1&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Agree' }).click();
    },
  },
  {
    name: 'loan-confirm-bottom',
    path: `/loan/confirm?productId=P-1&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Agree' }).click();
      await page.mouse.wheel(0, 2000);
    },
  },
  {
    name: 'loan-confirm-unchecked',
    path: `/loan/confirm?productId=P-2&${Q}`,
    setup: async (page) => {
      await page.getByRole('checkbox').uncheck();
    },
  },
  {
    name: 'loan-confirm-retention',
    path: `/loan/confirm?productId=P-1&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Agree' }).click();
      await page.evaluate(() => (window as unknown as { onIosBack: () => void }).onIosBack());
      await page.getByRole('dialog').waitFor();
    },
  },
  // Loan confirm, obfuscated-endpoint variant.
  {
    name: 'loan-confirm-variant-promo',
    path: `/loan/confirm-v?productId=P-2&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'loan-confirm-variant',
    path: `/loan/confirm-v?productId=P-2&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.getByRole('button', { name: 'Close' }).click();
    },
  },
  {
    name: 'loan-confirm-variant-bottom',
    path: `/loan/confirm-v?productId=P-2&${Q}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor();
      await page.getByRole('button', { name: 'Close' }).click();
      await page.mouse.wheel(0, 2000);
    },
  },
  {
    name: 'loan-confirm-variant-error',
    path: `/loan/confirm-v?productId=P-3&${Q}`,
    setup: async (page) => {
      await page.locator('[data-toast]').first().waitFor();
    },
  },
  // Joint-login failure.
  { name: 'loan-joint-fail', path: `/joint-fail?${Q}`, fullPage: true, setup: loaded },
  { name: 'loan-joint-fail-top', path: `/joint-fail?${Q}`, setup: loaded },
];
