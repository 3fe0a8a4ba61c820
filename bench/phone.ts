/**
 * npm run bench:phone — loading on a borrower's phone. The reference server serves a production
 * build (DIST_DIR); Chromium loads each page with network throttling (150 ms RTT, 1.6 Mbps down,
 * 750 kbps up) and a 4x CPU slowdown through the DevTools protocol, beside the bare React 19 page
 * (bench/peers/baseline, served with the same caching and compression rules) in the same run.
 * Reports FCP, LCP, when the page first answers a tap, bytes, the request chain before the screen
 * draws, and a repeat visit.
 */
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { APP_DIST, buildApp, buildPage, ROOT, ssrModuleOf } from './lib/build';
import { launchChromium } from './lib/browser';
import { saveFigures } from './lib/figures';
import { writeSection } from './lib/results';
import { serveStatic, startReferenceServer } from './lib/serve';
import { kb, median, seconds, stamp } from './lib/stats';

const APP_PORT = Number(process.env.BENCH_PORT ?? 8824);
const BARE_PORT = APP_PORT + 1;
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5);
const BARE_OUT = '/tmp/bench-phone-bare';

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;

interface Target {
  name: string;
  path: string;
  app: boolean;
}

const SESSION = 'orderId=ORD-174-D&productId=P-1';
const TARGETS: Target[] = [
  { name: 'loan details', path: `/loan/details?${SESSION}`, app: true },
  { name: 'instalment repayment', path: `/repay?${SESSION}`, app: true },
  // The campaigns' address, which the server can draw (issue 26 item 3).
  { name: 'landing (promotion)', path: '/promo/landing?id=1', app: true },
  { name: 'bare React 19 page', path: '/?show', app: false },
];

interface Req {
  id: string;
  url: string;
  method: string;
  type: string;
  start: number;
  end?: number;
  bytes: number;
  fromCache: boolean;
  parent: string | null;
}

interface Visit {
  fcp: number;
  lcp: number;
  /** When React first owned the page's drawn element: from then on a tap is answered. */
  tap: number;
  lcpElement: string;
  bytes: number;
  requests: number;
  fromNetwork: number;
  chain: string[];
  blockingFromNetwork: string[];
  data: string[];
}

const label = (r: Req) => `${r.method === 'GET' ? '' : `${r.method} `}${short(r.url)}`;

const short = (url: string) => {
  const u = new URL(url);
  return (u.pathname + u.search)
    .replace(/^\/assets\//, '')
    .replace(/\?.*$/, (q) => (q.length > 1 ? '?…' : ''));
};

/** Records every request of the page with the request that caused it (its initiator). */
function recordRequests(cdp: CDPSession): { requests: Map<string, Req>; document: { id: string | null } } {
  const requests = new Map<string, Req>();
  const byUrl = new Map<string, string>();
  const document = { id: null as string | null };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    const initiator = e.initiator;
    const sourceUrl =
      initiator.url ??
      initiator.stack?.callFrames[0]?.url ??
      initiator.stack?.parent?.callFrames[0]?.url ??
      undefined;
    const parent = sourceUrl ? (byUrl.get(sourceUrl.split('#')[0]!) ?? null) : null;
    const req: Req = {
      id: e.requestId,
      url: e.request.url,
      method: e.request.method,
      type: e.type ?? 'Other',
      start: e.timestamp,
      bytes: 0,
      fromCache: false,
      parent: e.type === 'Document' ? null : (parent ?? document.id),
    };
    if (e.type === 'Document') document.id = e.requestId;
    requests.set(e.requestId, req);
    byUrl.set(e.request.url.split('#')[0]!, e.requestId);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const req = requests.get(e.requestId);
    if (req) req.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const req = requests.get(e.requestId);
    if (req && (e.response.fromDiskCache || e.response.fromPrefetchCache)) req.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const req = requests.get(e.requestId);
    if (!req) return;
    req.end = e.timestamp;
    req.bytes = e.encodedDataLength;
  });
  return { requests, document };
}

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/**
 * Marks (window.__tap, page clock) the first frame in which React owns the page's <main> (the
 * app's screen, the bare page's page): hydrated when the server drew it, rendered when the phone
 * did. Before that a tap on a drawn button does nothing. A string, not a function: the bench runs
 * through tsx, whose helpers the page does not have.
 */
const TAP_PROBE = `(() => {
  const owned = () => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  };
  const check = () => (owned() ? (window.__tap = performance.now()) : requestAnimationFrame(check));
  requestAnimationFrame(check);
})();`;

async function paintTimes(page: Page): Promise<{ fcp: number; lcp: number; lcpElement: string }> {
  return page.evaluate(
    () =>
      new Promise<{ fcp: number; lcp: number; lcpElement: string }>((resolve) => {
        let lcp = 0;
        let lcpElement = '';
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            if (entry.startTime < lcp) continue;
            lcp = entry.startTime;
            const el = entry.element;
            lcpElement = el
              ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`
              : '';
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        setTimeout(() => resolve({ fcp, lcp, lcpElement }), 50);
      }),
  );
}

/** One visit: load, wait until the network is quiet and nothing new is painted, read the figures. */
async function visit(page: Page, url: string, recorder: ReturnType<typeof recordRequests>): Promise<Visit> {
  recorder.requests.clear();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await page.waitForTimeout(1500);
  const { fcp, lcp, lcpElement } = await paintTimes(page);
  const tap = await page.evaluate(() => (window as unknown as { __tap?: number }).__tap ?? Number.NaN);
  const all = [...recorder.requests.values()];
  const docId = all.find((r) => r.type === 'Document')?.id;
  // Monotonic CDP timestamps (seconds) against the page clock: the document request starts the visit.
  const docStart = all.find((r) => r.id === docId)?.start ?? 0;
  const navStart = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.startTime ?? 0);
  const lcpAt = docStart + (lcp - navStart) / 1000;
  const fcpAt = docStart + (fcp - navStart) / 1000;
  const depth = (r: Req): number =>
    r.parent && r.parent !== r.id ? 1 + depth(recorder.requests.get(r.parent) ?? r) : 0;
  // Requests that finished before the largest paint: the ones the screen could have waited on.
  const before = all.filter((r) => r.type !== 'Document' && r.end !== undefined && r.end <= lcpAt + 0.001);
  const deepest = Math.max(0, ...before.map(depth));
  const last = before.filter((r) => depth(r) === deepest);
  const chain: string[] = [];
  for (
    let r = last[0] ? recorder.requests.get(last[0].parent ?? '') : undefined;
    r && r.type !== 'Document';
    r = r.parent ? recorder.requests.get(r.parent) : undefined
  )
    chain.unshift(label(r));
  if (last.length) chain.push(last.map(label).join(' + '));
  // What a drawing could not start without: code, styles and the screen document, when they
  // came over the network and finished before the first paint. API data is never cached.
  const blocking = all.filter(
    (r) =>
      !r.fromCache &&
      r.end !== undefined &&
      r.end <= fcpAt + 0.001 &&
      (['Script', 'Stylesheet'].includes(r.type) || r.url.includes('/screens/')),
  );
  const data = all.filter((r) => ['Fetch', 'XHR'].includes(r.type) && !r.url.includes('/screens/'));
  return {
    fcp,
    lcp,
    tap,
    lcpElement,
    bytes: all.reduce((sum, r) => sum + (r.fromCache ? 0 : r.bytes), 0),
    requests: all.length,
    fromNetwork: all.filter((r) => !r.fromCache).length,
    chain,
    blockingFromNetwork: blocking.map(label),
    data: data.map(label),
  };
}

interface Result {
  first: Visit[];
  repeat: Visit[];
}

async function measure(
  browser: Browser,
  base: Record<'app' | 'bare', string>,
): Promise<Record<string, Result>> {
  const results: Record<string, Result> = Object.fromEntries(
    TARGETS.map((t) => [t.name, { first: [], repeat: [] }]),
  );
  for (let run = 0; run < RUNS; run++) {
    const order = TARGETS.map((_, i) => TARGETS[(i + run) % TARGETS.length]!);
    for (const target of order) {
      // A fresh profile per run: the first visit has an empty cache, the second has what the first left.
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 11; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      });
      await context.addInitScript({ content: TAP_PROBE });
      const page = await context.newPage();
      const cdp = await throttle(page);
      const recorder = recordRequests(cdp);
      const url = `${target.app ? base.app : base.bare}${target.path}`;
      results[target.name]!.first.push(await visit(page, url, recorder));
      await page.goto('about:blank');
      results[target.name]!.repeat.push(await visit(page, url, recorder));
      await context.close();
    }
  }
  return results;
}

function figures(results: Record<string, Result>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const target of TARGETS) {
    const r = results[target.name]!;
    out[`${target.name}.fcp`] = median(r.first.map((v) => v.fcp));
    out[`${target.name}.lcp`] = median(r.first.map((v) => v.lcp));
    out[`${target.name}.tap`] = median(r.first.map((v) => v.tap));
    out[`${target.name}.bytes`] = median(r.first.map((v) => v.bytes));
    out[`${target.name}.chain`] = Math.max(...r.first.map((v) => v.chain.length));
    out[`${target.name}.repeatLcp`] = median(r.repeat.map((v) => v.lcp));
  }
  return out;
}

const range = (xs: number[]) =>
  `${(Math.min(...xs) / 1000).toFixed(2)}–${(Math.max(...xs) / 1000).toFixed(2)}`;

function summary(results: Record<string, Result>): string {
  const bare = results['bare React 19 page']!;
  const bareLcp = median(bare.first.map((v) => v.lcp));
  const lines = [
    '| page | FCP | LCP (range) | LCP − bare | answers a tap | bytes | requests | chain after the HTML (before LCP) | repeat: FCP | repeat: LCP | repeat: bytes from network | repeat: code/styles/document from network before first paint | repeat: live API calls |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---|',
  ];
  const verdicts: string[] = [];
  for (const target of TARGETS) {
    const r = results[target.name]!;
    const lcp = median(r.first.map((v) => v.lcp));
    const chains = r.first.map((v) => v.chain);
    const longest = chains.reduce((a, b) => (b.length > a.length ? b : a), [] as string[]);
    const repeatBlocking = [...new Set(r.repeat.flatMap((v) => v.blockingFromNetwork))];
    const repeatData = [...new Set(r.repeat.flatMap((v) => v.data))];
    lines.push(
      `| ${target.name} | ${seconds(median(r.first.map((v) => v.fcp)))} | ${seconds(lcp)} (${range(
        r.first.map((v) => v.lcp),
      )}) | ${
        target.app ? `${lcp - bareLcp >= 0 ? '+' : ''}${seconds(lcp - bareLcp)}` : '—'
      } | ${seconds(median(r.first.map((v) => v.tap)))} | ${kb(median(r.first.map((v) => v.bytes)))} | ${median(r.first.map((v) => v.requests))} | ${longest.length}: ${
        longest.join(' → ') || '(none)'
      } | ${seconds(median(r.repeat.map((v) => v.fcp)))} | ${seconds(median(r.repeat.map((v) => v.lcp)))} | ${kb(
        median(r.repeat.map((v) => v.bytes)),
      )} | ${repeatBlocking.join(', ') || 'none'} | ${repeatData.join(', ') || 'none'} |`,
    );
    if (target.app)
      verdicts.push(
        `- ${target.name}: LCP ${(lcp / bareLcp).toFixed(2)}× the bare page's (${lcp <= 0.6 * bareLcp ? 'within' : 'NOT within'} 0.6×, issue 26); ` +
          `chain ${longest.length <= 1 ? 'at most' : 'MORE than'} 1 after the HTML (${longest.length}); repeat visit ${
            repeatBlocking.length === 0
              ? 'draws from the device cache (no code, style or document request before the first paint)'
              : `still waits on ${repeatBlocking.join(', ')}`
          }.`,
      );
  }
  const elements = TARGETS.map(
    (t) => `${t.name}: ${[...new Set(results[t.name]!.first.map((v) => v.lcpElement || '?'))].join(' / ')}`,
  );
  return `${lines.join('\n')}\n\nThe largest paint was: ${elements.join('; ')}.\n\nTargets:\n${verdicts.join('\n')}`;
}

async function main(): Promise<void> {
  const started = Date.now();
  await buildApp(APP_DIST);
  await buildPage(join(ROOT, 'bench/peers/baseline'), BARE_OUT);
  const browser = await launchChromium();
  const bare = await serveStatic(BARE_OUT, BARE_PORT);
  const app = await startReferenceServer(ROOT, APP_PORT, {
    DIST_DIR: APP_DIST,
    LENDER_SSR_MODULE: ssrModuleOf(APP_DIST),
  });
  let results: Record<string, Result>;
  try {
    results = await measure(browser, { app: app.url, bare: `http://127.0.0.1:${BARE_PORT}` });
  } finally {
    await app.stop();
    bare.close();
    await browser.close();
  }
  const body = `
${stamp()}, median of ${RUNS} visits per page, pages alternating; ${Math.round((Date.now() - started) / 1000)} s.

Chromium with DevTools-protocol throttling: ${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up
(Network.emulateNetworkConditions) and ${CPU_SLOWDOWN}x CPU slowdown (Emulation.setCPUThrottlingRate),
a 360×740 phone viewport. The app is the production build served by the reference server
(\`DIST_DIR\`, precompressed assets); the bare React 19 page is bench/peers/baseline (React + Router +
axios, the same content as plain JSX) served by a static server with the same caching rules and gzip.
FCP and LCP come from the page's own paint timing (PerformanceObserver); "answers a tap" is the
first frame in which React owns the page's <main> (hydrated, or drawn by the phone);
bytes are what crossed the
network (encoded, headers included). The chain is the longest run of requests, each started by the
one before it (DevTools initiators), among those finished before the LCP. "Repeat" is a second
visit in the same profile (HTTP cache and localStorage kept).

${summary(results)}
`;
  saveFigures('phone', figures(results));
  writeSection('Loading on a borrower’s phone', body);
  console.log(body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
