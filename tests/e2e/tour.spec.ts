// The acceptance tour (issue 16): every route of screens/manifest.json (aliases included) and every
// promotion template, opened in Chromium against the real server with the demo data, twice: with
// the server's integer amounts, and with every money field served as a preformatted string (the
// server never sends those, so that pass edits its replies). On each page: no page error, no
// console error, no request to a route that does not exist, no doubled currency sign, and never
// two popups open at once.
import { readFileSync } from 'node:fs';
import type { ConsoleMessage, Page, Response } from '@playwright/test';
import { routeProblem } from '../../renderer/validate/crossref';
import type { ScreensManifest } from '../../renderer/types.gen';
import { test, expect } from './support';
import { doubledSign, servePreformatted } from './money-helpers';

const manifest = JSON.parse(readFileSync('screens/manifest.json', 'utf8')) as ScreensManifest;

const SESSION = { sessionId: 'E2E-TOUR', deviceId: 'dev-tour', appVersion: '1.0.0' };
/** Stands for the id of the complaint the tour's borrower files first (complaints are private). */
const FILED = 'FILED';

/** The demo data each page needs to show something (docs/api.md, "Demo data"). */
const QUERY: Record<string, Record<string, string>> = {
  'loan-details': { orderId: 'ORD-174-D', productId: 'P-1' },
  'loan-confirm': { productId: 'P-1' },
  'loan-confirm-variant': { productId: 'P-1' },
  product: { productId: 'P-1' },
  'repay-installment': { orderId: 'ORD-174', productId: 'P-2' },
  'repay-delay': { orderId: 'ORD-174-D', productId: 'P-1' },
  'repay-legacy': { orderId: 'ORD-174' },
  'repay-code': { showType: '1', payCode: '7700174000001', repayAmount: '313500' },
  bank: { productId: 'P-1' },
  complaint: { orderId: 'ORD-21' },
  'complaint-form': { problemType: '2', problemSonType: '0', orderNo: 'ORD-21' },
  'complaint-detail': { problemId: FILED },
  demo: { orderId: 'ORD-174-D', productId: 'P-1' },
};

/** Pages the server renders itself (not screens): the stand-in payment provider. */
const SERVER_PAGES = ['/demo/pay'];

interface Stop {
  name: string;
  url: string;
}

function stops(): Stop[] {
  const out: Stop[] = [];
  for (const route of manifest.routes) {
    const query = new URLSearchParams({ ...QUERY[route.screen], ...SESSION }).toString();
    for (const path of [route.path, ...(route.aliases ?? [])])
      out.push({ name: `${path} (${route.screen})`, url: `${path}?${query}` });
  }
  for (const [page, entry] of Object.entries(manifest.promo ?? {})) {
    for (const id of Object.keys(entry?.templates ?? {})) {
      const query = new URLSearchParams({ [entry?.param ?? 'id']: id, app_from: 'tour', user_from: 'fb' });
      out.push({ name: `promo ${page} ${id}`, url: `/promo/#/${page}?${query.toString()}` });
    }
  }
  return out;
}

interface Seen {
  consoleErrors: string[];
  missing: string[];
  stop(): void;
}

function watchPage(page: Page): Seen {
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error') seen.consoleErrors.push(msg.text());
  };
  const onResponse = (response: Response) => {
    if (response.status() === 404) seen.missing.push(`${response.request().method()} ${response.url()}`);
  };
  const seen: Seen = {
    consoleErrors: [],
    missing: [],
    stop: () => {
      page.off('console', onConsole);
      page.off('response', onResponse);
    },
  };
  page.on('console', onConsole);
  page.on('response', onResponse);
  return seen;
}

/** The most popups the page had open at the same time (sampled on every change). */
async function countPopups(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __mostPopups: number };
    w.__mostPopups = 0;
    const count = () => {
      w.__mostPopups = Math.max(w.__mostPopups, document.querySelectorAll('.modal-backdrop').length);
    };
    new MutationObserver(count).observe(document, { childList: true, subtree: true });
  });
}

/** App addresses the page links to or has gone to that are not pages of the product. */
async function deadAddresses(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
  );
  return [page.url(), ...hrefs]
    .filter((href) => href.startsWith(origin))
    .map((href) => {
      const url = new URL(href);
      return url.pathname === '/promo/' ? `/promo/${url.hash}` : url.pathname + url.search;
    })
    .filter((address) => {
      const path = address.split(/[?#]/)[0]!;
      if (SERVER_PAGES.includes(path) || /\.[a-z0-9]{2,5}$/i.test(path)) return false;
      return routeProblem(address, manifest) !== null;
    });
}

let filed = '';

test.beforeAll(async ({ request }) => {
  const reply = await request.post(`/nepenthes/problem-save?${new URLSearchParams(SESSION).toString()}`, {
    form: {
      problemType: 2,
      problemSonType: 0,
      problemDetail: 'Filed by the tour',
      problemImage: '',
      orderNo: 'ORD-21',
    },
  });
  filed = String(((await reply.json()) as { data: { problemId: number } }).data.problemId);
});

/** Opens the page and checks everything the tour checks; `mode` says how amounts are served. */
async function visit(page: Page, url: string, mode: 'numbers' | 'strings', pageErrors: string[]) {
  const seen = watchPage(page);
  await page.goto(url.replace(FILED, filed), { waitUntil: 'networkidle' });
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('.app-loading')).toHaveCount(0);
  await page.waitForTimeout(300);
  const text = await page.evaluate(() => document.body.innerText);
  const where = `${mode}: ${url}`;
  expect(
    await page.locator('[data-page="not-found"], [data-page="error"]').count(),
    `${where}\n${text}`,
  ).toBe(0);
  expect(pageErrors, `page errors (${where})`).toEqual([]);
  expect(seen.consoleErrors, `console errors (${where})`).toEqual([]);
  expect(seen.missing, `requests to routes that do not exist (${where})`).toEqual([]);
  expect(await deadAddresses(page), `links to pages that do not exist (${where})`).toEqual([]);
  expect(doubledSign(text), `doubled currency signs (${where})`).toEqual([]);
  const most = await page.evaluate(() => (window as unknown as { __mostPopups: number }).__mostPopups);
  expect(most, `popups open at once (${where})`).toBeLessThanOrEqual(1);
  seen.stop();
}

test.describe('the tour: every route and promotion template', () => {
  // Thirty independent pages: both workers take them.
  test.describe.configure({ mode: 'parallel' });
  for (const stop of stops()) {
    test(stop.name, async ({ page, watch }) => {
      await countPopups(page);
      await visit(page, stop.url, 'numbers', watch.pageErrors);
      await servePreformatted(page);
      await visit(page, stop.url, 'strings', watch.pageErrors);
    });
  }
});
