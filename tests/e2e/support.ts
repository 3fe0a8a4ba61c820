// Shared helpers for the end-to-end tests: watching for CSP violations and page errors,
// reading what the development bridge was asked to do, and the server's dev endpoints.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

interface Watch {
  cspViolations: string[];
  pageErrors: string[];
}

/** Who draws a spec's pages: the server (issue 26, the default) or the phone (`phoneDraws`). */
export type Draw = 'server' | 'phone';

export const test = base.extend<{ watch: Watch; draw: Draw }>({
  // `test.use({ draw: 'phone' })`: for specs that read the phone's own calls (what it sends, and
  // when), which a page the server drew has already made; the phone's path is what every page
  // falls back to (tests/e2e/server-drawn.spec.ts tests the server's drawing, and
  // tests/server/ssr-hostile.test.ts draws every page on the server).
  draw: ['server', { option: true }],
  // A route handler may still be waiting on route.fetch when a test ends (an events batch sent as
  // the page goes away, on a busy machine): its "Test ended" error would fail the worker after the
  // test passed. Every spec's routes are removed at the end, and late handler errors ignored.
  //
  // A spec that replaces replies in the browser (page.route) gets pages the phone draws: a page the
  // server drew with its own replies (issue 26) would never ask for them. The phone's path is what
  // every page falls back to, so these specs keep testing it; tests/e2e/server-drawn.spec.ts tests
  // the server's.
  //
  // A page the server drew shows its buttons before its code has hydrated them, and a tap then is
  // lost (measured as time-to-tap in the bench): on a busy machine a spec's first click came
  // before hydration (the official site's Privacy tab, load 37). `goto` waits until the page is
  // hydrated (a bounded wait), so a spec's taps are taps on the live page.
  page: async ({ page, javaScriptEnabled, draw }, use) => {
    if (draw === 'phone') await phoneDraws(page);
    const route = page.route.bind(page);
    page.route = (async (...args: Parameters<Page['route']>) => {
      await phoneDraws(page);
      return route(...args);
    }) as Page['route'];
    const goto = page.goto.bind(page);
    page.goto = (async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      // Tolerated here: a spec that holds the page's clock still never lets it hydrate, and its
      // own assertions say what is wrong; a spec that needs the live page awaits `hydrated` itself.
      if (javaScriptEnabled !== false) await hydrated(page).catch(() => undefined);
      return response;
    }) as Page['goto'];
    await use(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
  watch: async ({ page }, use) => {
    const watch: Watch = { cspViolations: [], pageErrors: [] };
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page.on('pageerror', (error) => watch.pageErrors.push(error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
        watch.cspViolations.push(msg.text());
    });
    await use(watch);
  },
});

export { expect };

/** What React or the app says when the server's HTML and the phone's first render differ (issue 26). */
export const HYDRATION =
  /hydrat|did not match|server rendered|Minified React error #(418|419|421|422|423|425)/i;

/** The page's console errors and warnings and its uncaught errors from now on (HYDRATION among them). */
export function collectConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

/**
 * Waits until a page the server drew (it carries `#screen-drawn`) is hydrated, and throws when it
 * never is: its buttons would be drawn but dead. The probe is React's own marks (no public API
 * says "hydrated", and the app's code is not changed for a test): the root's container mark,
 * set by hydrateRoot, and the fiber mark on the root's first element, set as the hydration render
 * claims it. That render (the default lane) is not time-sliced, so its commit, and any mismatch
 * React reports (onRecoverableError, src/app/hydrate.tsx), come in the same task: once this
 * resolves, the console has said all it will about hydration.
 */
export async function hydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        if (!document.getElementById('screen-drawn')) return true;
        const root = document.getElementById('root');
        const marked = (node: Element | null | undefined, mark: string) =>
          !!node && Object.keys(node).some((k) => k.startsWith(mark));
        // React leaves the resource hints it drew (<link rel="preload"> of an image) unmarked.
        const first = [...(root?.children ?? [])].find(
          (e) => !['LINK', 'META', 'STYLE', 'SCRIPT'].includes(e.tagName),
        );
        return marked(root, '__reactContainer') && marked(first, '__reactFiber');
      },
      undefined,
      { polling: 50, timeout: 15_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`the page the server drew never hydrated (${page.url()}): ${String(error)}`);
    });
}

/**
 * The page is drawn by the phone, which calls the screen's sources itself (the server's
 * `X-Lender-Draw: phone`, src/server/ssr/draw.ts): for specs that replace those replies in the
 * browser, which a page the server drew with its own data would never ask for.
 */
export async function phoneDraws(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-lender-draw': 'phone' });
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

export interface BridgeCall {
  name: string;
  payload?: unknown;
}

/** What the development bridge recorded (outside the native app every bridge call lands here). */
export async function bridgeLog(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (window as unknown as { __bridgeLog?: BridgeCall[] }).__bridgeLog ?? []);
}

/**
 * axe's serious and critical findings on the page as it is, each with where it was found (after
 * `label`, when one page is checked in several states).
 */
export async function seriousViolations(page: Page, label?: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    .map((found) => (label ? `${label}: ${found}` : found));
}

/** The toast texts currently shown. */
export function toasts(page: Page) {
  return page.locator('[data-toast="message"]');
}

/**
 * The studio specs' own server (playwright.config.ts): they publish screens, which must not change
 * what the borrower specs running beside them see. It runs as production does: the studio on its
 * own port (STUDIO_BASE_URL), the borrower-facing app on another (STUDIO_PUBLIC_URL).
 */
export const STUDIO_BASE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8790) + 6}`;
export const STUDIO_PUBLIC_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8790) + 1}`;

/**
 * The page's own measurement events (src/host/telemetry.ts, `trackUrl`): a batch leaves on its own
 * timer, 2 s after the page's first events, whatever the test is doing, so on a busy machine it
 * lands inside a check that a page "sends nothing". Such checks leave it out and look into it
 * instead (`eventsCarry`): what the borrower typed or picked never goes out with it.
 */
export const isEventsBatch = (url: string) => new URL(url).pathname === '/api/events';

/** The bodies of the events batches the page sends from now on, to check what they carry. */
export function eventBatches(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (isEventsBatch(r.url())) bodies.push(r.postData() ?? '');
  });
  return bodies;
}

/** The demo accounts `npm start` prints (src/server/accounts/demo.ts); production has none (prod-env.ts). */
export const DEMO = {
  editor: { username: 'editor', password: 'demo-editor-password' },
  publisher: { username: 'publisher', password: 'demo-publisher-password' },
} as const;

/**
 * Holds the context's requests whose address matches `pattern` until `release()`, as a slow
 * network would hold them (then they go to the real server). Through the context, not the page:
 * the fixture's page.route makes the phone draw.
 */
export async function holdRequests(context: BrowserContext, pattern: RegExp): Promise<{ release(): void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
