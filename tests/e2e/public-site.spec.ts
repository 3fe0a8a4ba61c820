// The official site, About us and the legal pages (spec §2.8-§2.11, §5, §9; checklist S2.8-S2.11,
// D-33, C-29, C-40..C-47), against the reference server.
import type { Page } from '@playwright/test';
import { test, expect, eventBatches, isEventsBatch, toasts } from './support';

const LENDER = 'PesoQuick Lending Corporation';
const ADDRESS = '12F Ayala Tower, 6750 Ayala Avenue, Makati City, Metro Manila, Philippines';

/** Requests the page makes to the server's APIs (not pages, documents, assets or its events). */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (
      !/^\/(screens|assets|assets-demo|favicon)/.test(path) &&
      r.resourceType() !== 'document' &&
      !isEventsBatch(r.url())
    )
      seen.push(path);
  });
  return seen;
}

test.describe('official site (S2.9)', () => {
  test('S2.9-01/05: the five navigation tabs and the 2025 copyright', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Home',
      'About us',
      'Contact us',
      'Privacy Policy',
      'Loan terms and conditions',
    ]);
    await expect(page.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`Copyright © 2025 ${LENDER}. All rights reserved.`)).toBeVisible();
    await page.getByRole('tab', { name: 'About us' }).click();
    await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  });

  test('S2.9-02/§5: the contact form needs all four fields and sends nothing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Contact us' }).click();
    const sent = apiRequests(page);
    const events = eventBatches(page);
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await expect(toasts(page)).toHaveText('Please provide complete information!');
    await page.getByLabel('Name').fill('Juan dela Cruz');
    await page.getByLabel('Telephone').fill('09171234567');
    await page.getByLabel('E-mail').fill('juan@example.com');
    await submit.click();
    await expect(toasts(page)).toHaveText('Please provide complete information!');
    // Spaces only do not count as an answer.
    await page.getByLabel('Remark').fill('   ');
    await submit.click();
    await expect(toasts(page)).toHaveText('Please provide complete information!');
    await page.getByLabel('Remark').fill('Please call me back.');
    await submit.click();
    await expect(toasts(page)).toHaveText('Successful!');
    expect(sent).toEqual([]);
    for (const typed of ['Juan dela Cruz', '09171234567', 'juan@example.com', 'Please call me back.'])
      expect(events.filter((body) => body.includes(typed))).toEqual([]);
  });

  test('S2.9-03/D-33: the Privacy tab shows the configured policy page: by default our own /privacy, in place', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Privacy Policy' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: '1. Lender information' })).toBeVisible();
    // Our own pages are drawn in place, never framed (issue 16 items 15 and 16).
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('S2.9-04: the Loan tab shows the loan agreement page in place', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Loan terms and conditions' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Loan terms and conditions' })).toBeVisible();
    await expect(panel.getByText(LENDER).first()).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test.describe('About us and the legal pages', () => {
  test('S2.8-01/02: About us has its sections and the customer-service e-mail from configuration', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About us');
    for (const heading of ['Our mission', 'Our advantages', 'Our team', 'Contact us'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@pesoquick.example' })).toHaveAttribute(
      'href',
      'mailto:support@pesoquick.example',
    );
  });

  test('S2.10-01/02: the privacy policy covers every section and names the lender with its address', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page).toHaveTitle('Privacy Policy');
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      '1. Lender information',
      '2. Collection of information',
      '3. Representation',
      '4. Use of information',
      '5. Disclosure of information',
      '6. Cookies',
      '7. Device information',
      '8. Minors',
      '9. Password security',
      '10. Changes to this policy',
      '11. Opt-out',
      '12. Grievance officer',
    ]);
    await expect(page.getByText(`is ${LENDER}.`)).toBeVisible();
    await expect(page.getByText(`Address: ${ADDRESS}`)).toBeVisible();
    await expect(page.getByText(/under 18 years of age/)).toBeVisible();
  });

  test('S2.11-01/C-40..C-47: the loan terms under Philippine law, lender from configuration, the key terms', async ({
    page,
  }) => {
    await page.goto('/agreement?id=AG-LOAN&productId=P-1');
    await expect(page).toHaveTitle('Loan terms and conditions');
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const expected of [
      `${LENDER}, with its office at ${ADDRESS}`,
      'Website: https://pesoquick.example',
      'laws of the Republic of the Philippines',
      'from 91 to 365 calendar days',
      'within 1 to 3 calendar days after acceptance',
      'decision within 1 day',
      'Filipino over 18 years of age',
      '₱1000.00 (new clients) or ₱800.00 (repeat clients)',
      '5% per day on days 1-30',
      '4% per day on days 31-90',
      '2% per day from day 91',
      'only after half of the loan term has elapsed, and no sooner than 7 calendar days after disbursement',
      'prolong the loan for the same period after paying the interest and penalties due',
      'change of name or address to the Lender within 3 days',
      'within 10 days of the judgment',
      '7 business days in advance',
      'deemed received on the second business day',
      'deemed received one hour after sending',
    ])
      expect(text).toContain(expected);
  });
});
