// Borrower pages the server draws (issue 26): the HTML already shows the borrower's data, the
// phone hydrates it without a mismatch and without calling the screen's sources again, and with
// JavaScript off the page still shows its amounts, status and texts (javascript-off.spec.ts). In the
// demo (the borrower specs' server) and in production (signed sessions, the studio specs' server,
// tests/e2e/prod-env.ts).
import type { Page } from '@playwright/test';
import { collectConsole, HYDRATION, hydrated, test, expect, STUDIO_PUBLIC_URL } from './support';
import { url as loanUrl } from './loan-helpers';
import { withSession } from './prod-env';
import { LANDING_QUERY } from './public-helpers';
import { demoTemplates } from '../../src/server/demo/promo';

/** Calls the page makes to `paths` from now on. */
function calls(page: Page, paths: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (paths.includes(path)) seen.push(path);
  });
  return seen;
}

interface Case {
  name: string;
  path: string;
  /** What the server's HTML shows (JavaScript off) and the hydrated page still shows. */
  shows: string[];
  /** The screen's sources: the phone must not call them again. */
  sources: string[];
}

const DEMO: Case[] = [
  {
    name: 'loan details, due today',
    path: loanUrl('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' }),
    shows: ['Due today', 'Loan amount', '₱5000.00', 'Due date', 'REPAY'],
    sources: ['/v3/loan-details/loan-details'],
  },
  {
    name: 'loan details, under review',
    path: loanUrl('/loan/details', { orderId: 'ORD-110', productId: 'P-2' }),
    shows: ['Under review', 'We are reviewing your application.'],
    sources: ['/v3/loan-details/loan-details'],
  },
  {
    name: 'repayment',
    path: loanUrl('/repay', { orderId: 'ORD-174', productId: 'P-2' }),
    shows: ['₱'],
    sources: [],
  },
  { name: 'the official site (landing)', path: '/', shows: ['PesoQuick'], sources: [] },
  // A promotion landing at its server-visible address (issue 26 item 3): drawn with its template's
  // data and the sign-up form's captcha session; the visit is counted once, by the server's draw.
  ...demoTemplates.map((template) => ({
    name: `the promotion landing of template ${template.id}`,
    path: `/promo/landing?id=${template.id}&${LANDING_QUERY}`,
    shows: [template.config.title, template.config.subtitle, template.config.buttonText],
    sources: [
      '/api/v2/youmi/service/channel/channel-template',
      '/api/v2/youmi/promotion/get-sid',
      '/api/v2/youmi/promotion/track-visit',
    ],
  })),
];

async function drawnBody(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return response.text();
}

for (const c of DEMO) {
  test(`${c.name}: drawn by the server, hydrated with no mismatch and no second data call`, async ({
    page,
  }) => {
    const html = await drawnBody(page, c.path);
    expect(html).toContain('id="screen-drawn"');
    expect(html).toMatch(/<div id="root"><.*class="screen"/s);
    const messages = collectConsole(page);
    const repeated = calls(page, c.sources);
    await page.goto(c.path);
    for (const text of c.shows) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    // Hydrated: the page's own code answers a tap (the events batch, the screen view, runs too),
    // and React has said whether the server's HTML matched (in hydration's commit).
    await hydrated(page);
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    expect(repeated).toEqual([]);
  });
}

test('loan details answers taps after hydration: REPAY opens the repayment page', async ({ page }) => {
  const messages = collectConsole(page);
  await page.goto(loanUrl('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' }));
  await page.getByRole('button', { name: 'REPAY', exact: true }).click();
  await expect(page).toHaveURL(/\/repay\?/);
  expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
});

test.describe('in production (signed session)', () => {
  const prod = (path: string) => `${STUDIO_PUBLIC_URL}${withSession(path)}`;
  test('loan details and repayment: drawn with the borrower’s data, hydrated with no mismatch', async ({
    page,
  }) => {
    for (const path of [
      '/loan/details?orderId=ORD-174-D&productId=P-1',
      '/repay?orderId=ORD-174&productId=P-2',
    ]) {
      const html = await drawnBody(page, prod(path));
      expect(html).toContain('id="screen-drawn"');
      const messages = collectConsole(page);
      await page.goto(prod(path));
      await expect(page.locator('main.screen')).toBeVisible();
      await hydrated(page);
      expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
    }
    const html = await drawnBody(page, prod('/loan/details?orderId=ORD-174-D&productId=P-1'));
    expect(html).toContain('₱5000.00');
  });

  test('a forged session gets no one’s data in the HTML', async ({ page }) => {
    const html = await drawnBody(
      page,
      `${STUDIO_PUBLIC_URL}/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=forged`,
    );
    expect(html).not.toContain('₱5000.00');
    expect(html).not.toMatch(/"answered":\{/);
  });
});
