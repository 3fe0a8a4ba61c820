// Issue 26's "JavaScript off" acceptance: with JavaScript disabled, loan details, repayment, the
// promotion landing at its server-visible address (/promo/landing?id=…) and the official site show
// their content: amounts, status and texts. What each must show is not copied from the HTML: it is
// taken from the server's own data, the replies the phone gets when it draws the page itself
// (`X-Lender-Draw: phone`) and the published document, then looked for on the page the server drew.
import type { Browser, Page } from '@playwright/test';
import { expect, phoneDraws, test } from './support';
import { url as loanUrl } from './loan-helpers';
import { LANDING_QUERY } from './public-helpers';
import { demoTemplates } from '../../src/server/demo/promo';

// The replies' shapes are the API's (docs/api.md); a missing field fails the test where it is read.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reply = { data: Record<string, any> };

/** Pesos as the app shows an amount in centavos (D-06: ₱ and two decimals). */
const peso = (centavos: number) => `₱${(centavos / 100).toFixed(2)}`;

interface Case {
  name: string;
  path: string;
  /** The screen's sources, whose replies say what the page must show. */
  sources: string[];
  shows(replies: Record<string, Reply>): string[];
}

const CASES: Case[] = [
  ...[
    { orderId: 'ORD-174-D', productId: 'P-1', status: 'due today' },
    { orderId: 'ORD-110', productId: 'P-2', status: 'under review' },
  ].map(({ status, ...order }): Case => ({
    name: `loan details, ${status}`,
    path: loanUrl('/loan/details', order),
    sources: ['/v3/loan-details/loan-details'],
    shows: (r) => {
      const reply = r['/v3/loan-details/loan-details']!.data;
      const rows = (reply.userOrderDetail?.detail ?? []) as { text: string; value: string }[];
      return [reply.noticeStatusText, reply.noticeDesText, ...rows.flatMap((row) => [row.text, row.value])];
    },
  })),
  {
    name: 'repayment',
    path: loanUrl('/repay', { orderId: 'ORD-174', productId: 'P-2' }),
    sources: ['/v3/installment/loan-play-detail'],
    shows: (r) => {
      const plan = r['/v3/installment/loan-play-detail']!.data;
      return [
        peso(plan.repayAmount),
        `Repayment date ${plan.repayDate}`,
        plan.productName,
        plan.defDetail.payCode,
        plan.detail[0].text,
        plan.detail[0].value,
      ];
    },
  },
  ...demoTemplates.map(({ id }): Case => ({
    name: `the landing of template ${id}, at /promo/landing?id=${id}`,
    path: `/promo/landing?id=${id}&${LANDING_QUERY}`,
    sources: ['/api/v2/youmi/service/channel/channel-template'],
    shows: (r) => {
      const config = r['/api/v2/youmi/service/channel/channel-template']!.data.config;
      return [config.title, config.subtitle, config.buttonText];
    },
  })),
];

/** The replies of `sources` when the phone draws `path` itself. */
async function repliesOf(browser: Browser, path: string, sources: string[]): Promise<Record<string, Reply>> {
  // A context of this test's options but one: the phone runs its script.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await phoneDraws(page);
  const replies: Record<string, Reply> = {};
  page.on('response', (response) => {
    const at = new URL(response.url()).pathname;
    if (sources.includes(at)) void response.json().then((body: Reply) => (replies[at] = body));
  });
  await page.goto(path);
  await expect.poll(() => Object.keys(replies).sort()).toEqual([...sources].sort());
  await context.close();
  return replies;
}

async function expectShown(page: Page, texts: string[]): Promise<void> {
  for (const text of texts) {
    expect(typeof text === 'string' && text.length > 0, `a text to look for: ${String(text)}`).toBe(true);
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const c of CASES) {
    test(`${c.name} shows its amounts, status and texts`, async ({ page, browser }) => {
      const texts = c.shows(await repliesOf(browser, c.path, c.sources));
      await page.goto(c.path);
      await expectShown(page, texts);
      // The screen's own title, not the template's "Loading…".
      await expect(page).not.toHaveTitle(/Loading/);
    });
  }

  test('ruling 15: an unknown template id and an address no route has say so, as 404s', async ({ page }) => {
    const landing = await page.goto('/promo/landing?id=999');
    expect(landing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found');
    await expect(
      page.getByText('This promotion is not available. Please check the link you were sent.'),
    ).toBeVisible();
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the official site shows its texts', async ({ page }) => {
    const doc = (await (await page.request.get('/screens/official-site.json')).json()) as {
      body: { id?: string; tabs?: { title: string; body: { id?: string; title?: string }[] }[] }[];
    };
    const nav = doc.body.find((block) => block.id === 'nav')!;
    const home = nav.tabs![0]!;
    const hero = home.body.find((block) => block.id === 'homeHero')!;
    await page.goto('/');
    await expectShown(page, [...nav.tabs!.map((tab) => tab.title), hero.title!]);
  });
});
