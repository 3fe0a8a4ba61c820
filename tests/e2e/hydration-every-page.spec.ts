// No hydration mismatch on any page the server draws (issue 26, acceptance "No hydration
// mismatch"): every route of the manifest, every scenario of screens/scenarios (their params are
// the demo server's orders, so each is drawn from the data the scenario describes: each loan
// status, a repayment with and without a pay code, an order not found), the demo's other loan
// statuses, and every promotion template (drawn-pages.ts, in server-drawn.spec.ts). Each page must
// be drawn by the server (else the check would be empty), hydrate, and say nothing about hydration.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectConsole, HYDRATION, hydrated, test, expect } from './support';
import { url } from './loan-helpers';

const SCREENS = join(import.meta.dirname, '..', '..', 'screens');
const read = (file: string) => JSON.parse(readFileSync(join(SCREENS, file), 'utf8'));

interface Route {
  path: string;
  screen: string;
}
const routes = (read('manifest.json') as { routes: Route[] }).routes;
/** Every route gets a borrower's order: a route that does not read it ignores it. */
const ORDER = { orderId: 'ORD-174-D', productId: 'P-1' };

const cases: { name: string; path: string }[] = routes.map((route) => ({
  name: `route ${route.path} (${route.screen})`,
  path: route.path === '/' ? '/' : url(route.path, ORDER),
}));

const pathOf = (screen: string) => routes.find((r) => r.screen === screen)?.path;
for (const file of readdirSync(join(SCREENS, 'scenarios'))) {
  const screen = file.replace(/\.json$/, '');
  const { scenarios } = read(join('scenarios', file)) as {
    scenarios: { name: string; params?: Record<string, string> }[];
  };
  const path = pathOf(screen);
  if (!path) throw new Error(`scenarios/${file}: no route shows ${screen}`);
  for (const scenario of scenarios)
    cases.push({ name: `${screen}, scenario “${scenario.name}”`, path: url(path, scenario.params ?? {}) });
}

// The demo's loan statuses that no scenario names (110 under review, 151 disbursing, and 180
// overdue with a rollover).
const MORE_ORDERS: [string, string][] = [
  ['ORD-110', 'P-2'],
  ['ORD-151', 'P-4'],
  ['ORD-180-D', 'P-2'],
];
for (const [orderId, productId] of MORE_ORDERS)
  cases.push({ name: `loan details, order ${orderId}`, path: url('/loan/details', { orderId, productId }) });

// Addresses without a page: the entry's not-found page, drawn by the server (a 404) and hydrated.
cases.push(
  { name: 'an address no route has', path: '/no-such-page' },
  { name: 'a landing whose template id is unknown (ruling 15)', path: '/promo/landing?id=999' },
);

for (const c of cases) {
  test(`${c.name}: drawn by the server and hydrated with no mismatch`, async ({ page }) => {
    const messages = collectConsole(page);
    await page.goto(c.path);
    await expect(page.locator('#screen-drawn')).toHaveCount(1);
    await hydrated(page);
    expect(messages.filter((m) => HYDRATION.test(m))).toEqual([]);
  });
}
