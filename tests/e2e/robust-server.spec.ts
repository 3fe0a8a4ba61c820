// Hostile server (issue 10): every screen of screens/manifest.json (read now, so new routes are
// covered) is opened in Chromium through the real app and server while every API call of every
// family gets a hostile reply, made from the real reply: (1) malformed data: missing fields,
// wrong types, nulls, HTML and javascript: strings, expression-shaped objects, empty lists;
// (2) 10 000-item lists; (3) transport failures: no answer (timeout, page.clock), 500, invalid
// JSON, HTML, null, an array. Each time the page shows the shell and some text, answers and
// takes a tap, runs nothing that came with the data, and every pending call settles.
import type { Page, Route } from '@playwright/test';
import {
  API_PATH,
  TRANSPORT,
  familyOf,
  huge,
  malformed,
  pages,
  successEnvelope,
  transportReply,
  type Hostility,
} from './hostile-replies';
import { test, expect, bridgeLog, cspViolations } from './support';

interface Watch {
  calls: number;
  /** Calls intercepted and not answered yet (the hung ones of the timeout group included). */
  pending: number;
  hung: Route[];
  dialogs: string[];
  popups: string[];
  navigations: string[];
}

/** Answers every API call of the page with the hostility's reply. */
async function arm(page: Page, hostility: Hostility): Promise<Watch> {
  const watch: Watch = { calls: 0, pending: 0, hung: [], dialogs: [], popups: [], navigations: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('popup', (popup) => watch.popups.push(popup.url()));
  page.on('framenavigated', (frame) => watch.navigations.push(frame.url()));
  await page.route(
    (url) => API_PATH.test(url.pathname),
    async (route) => {
      const request = route.request();
      if (!['xhr', 'fetch'].includes(request.resourceType())) return route.continue();
      const n = watch.calls++;
      if (hostility === 'transport') {
        const kind = TRANSPORT[n % TRANSPORT.length]!;
        if (kind === 'hang') return void watch.hung.push(route);
        return route.fulfill(transportReply(kind));
      }
      watch.pending++;
      try {
        await answerPoisoned(route, hostility);
      } finally {
        watch.pending--;
      }
    },
  );
  return watch;
}

/** The real reply, fetched from the server, with its data poisoned. */
async function answerPoisoned(route: Route, hostility: Hostility): Promise<void> {
  const request = route.request();
  let real: unknown = null;
  try {
    real = await (await route.fetch()).json();
  } catch {
    // No usable real reply: the poisoned data is made up from nothing.
  }
  const data = real && typeof real === 'object' ? (real as { data?: unknown }).data : undefined;
  const family = familyOf(new URL(request.url()).pathname);
  const poisoned = hostility === 'huge' ? huge(data) : malformed(data);
  return route.fulfill({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify(successEnvelope(family, real, poisoned)),
  });
}

const onOurOrigin = (page: Page, base: string) => new URL(page.url()).origin === new URL(base).origin;

/**
 * Settles what is pending: every intercepted call answered (checked twice, since on-load calls
 * follow the sources); the timeout group moves the clock past the 60 s client timeout instead.
 */
async function settle(page: Page, hostility: Hostility, watch: Watch): Promise<void> {
  if (hostility === 'transport') await page.clock.runFor(61_000);
  else {
    for (let quiet = 0; quiet < 2;) {
      await page.waitForTimeout(100);
      quiet = watch.pending === 0 ? quiet + 1 : 0;
    }
  }
  await expect(page.locator('[data-toast="loading"]'), 'a loading toast is left open').toHaveCount(0);
  await expect(page.locator('#root [aria-busy="true"]'), 'something stays busy').toHaveCount(0);
}

/** The shell and some text; the page answers within a few seconds. */
async function expectAlive(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  const text = await page.locator('body').innerText({ timeout: 5_000 });
  expect(text.trim().length, 'the page shows some text').toBeGreaterThan(0);
  const started = Date.now();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  expect(Date.now() - started, 'the page answers within 3 s').toBeLessThan(3_000);
}

const SCRIPTABLE = /^\s*(javascript|vbscript|data:text\/html)/i;

/** Nothing that came with the data ran, or is in the page ready to run. */
async function expectNothingRan(page: Page, watch: Watch): Promise<void> {
  expect(watch.dialogs, 'no dialog opened').toEqual([]);
  expect(watch.navigations.filter((u) => SCRIPTABLE.test(u))).toEqual([]);
  expect(watch.popups.filter((u) => SCRIPTABLE.test(u))).toEqual([]);
  const found = await page.evaluate((scriptable) => {
    const re = new RegExp(scriptable, 'i');
    // Data blocks (the page's configuration, a preloaded document) are not code; anything
    // runnable must be one of the build's own files.
    const runnable = (t: string) => t === '' || t === 'module' || /javascript|ecmascript/i.test(t);
    const scripts = [...document.scripts]
      .filter((s) => runnable(s.type) && !/\/assets\/[\w-]+\.js$/.test(s.src))
      .map((s) => s.outerHTML.slice(0, 120));
    const handlers = document.evaluate(
      'count(//@*[starts-with(name(), "on")])',
      document,
      null,
      XPathResult.NUMBER_TYPE,
      null,
    ).numberValue;
    const urls = [...document.querySelectorAll('[href],[src],[action],[formaction],[data]')]
      .flatMap((e) => ['href', 'src', 'action', 'formaction', 'data'].map((a) => e.getAttribute(a) ?? ''))
      .filter((u) => re.test(u));
    const frames = [...document.querySelectorAll('iframe')].filter((f) => !f.hasAttribute('sandbox')).length;
    return { pwned: (window as { __pwned?: unknown }).__pwned ?? null, scripts, handlers, urls, frames };
  }, SCRIPTABLE.source);
  expect(found).toEqual({ pwned: null, scripts: [], handlers: 0, urls: [], frames: 0 });
  expect(await cspViolations(page), 'no CSP violation (an injected handler would cause one)').toEqual([]);
  const bridged = JSON.stringify(await bridgeLog(page));
  expect(bridged).not.toMatch(/"\s*(javascript|vbscript|data:text\/html)/i);
}

/** Taps the first enabled button of the open popup, else of the screen, if there is one. */
async function tapSomething(page: Page): Promise<boolean> {
  const dialog = page.getByRole('dialog').last();
  const scope = (await dialog.isVisible()) ? dialog : page.locator('main:visible').first();
  const button = scope.locator('button:visible:not([disabled])').first();
  if ((await button.count()) === 0) return false;
  await button.click({ timeout: 5_000 });
  return true;
}

const HOSTILITIES: Hostility[] = ['malformed', 'huge', 'transport'];

test.describe.configure({ mode: 'parallel' });

for (const { screen, url } of pages()) {
  for (const hostility of HOSTILITIES) {
    test(`${screen} with ${hostility} replies: shows what it can, runs nothing, settles`, async ({
      page,
      baseURL,
      watch: pageWatch,
    }) => {
      const watch = await arm(page, hostility);
      if (hostility === 'transport') await page.clock.install();
      await page.goto(url);
      await expect(page.locator('main:visible').first()).toBeVisible();
      await settle(page, hostility, watch);
      await expectAlive(page);
      await expectNothingRan(page, watch);

      // A tap that leaves for another site (a download link) ends what can be checked here.
      if ((await tapSomething(page)) && onOurOrigin(page, baseURL!)) {
        await settle(page, hostility, watch);
        await expectAlive(page);
        await expectNothingRan(page, watch);
      }
      expect(pageWatch.pageErrors, 'no uncaught error in the page').toEqual([]);
      for (const route of watch.hung) await route.abort().catch(() => undefined);
    });
  }
}
