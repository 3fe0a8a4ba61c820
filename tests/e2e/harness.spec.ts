// The end-to-end harness itself (issue 27 item 6): a route handler still waiting on route.fetch
// when its test ends (the tour's /product page once had an events batch in flight on a loaded
// machine) must not fail the run after the test passed. support.ts removes every spec's routes at
// the end and ignores late handler errors; without it, this spec's worker fails with
// "route.fetch: Test ended".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './support';

let slow: Server;
let slowUrl = '';

test.beforeAll(async () => {
  // Answers after 3 s: the test is over by then.
  slow = createServer((_request, response) => setTimeout(() => response.end('{}'), 3000));
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  slow.closeAllConnections();
  await new Promise<void>((resolve) => slow.close(() => resolve()));
});

test('a route still fetching when the test ends does not fail the run', async ({ page }) => {
  let started = false;
  await page.route('**/api/slow-batch', async (route) => {
    started = true;
    await route.fulfill({ response: await route.fetch({ url: slowUrl }) });
  });
  await page.goto('/testPreview', { waitUntil: 'commit' });
  await page.evaluate(() => {
    void fetch('/api/slow-batch', { method: 'POST', body: '[]' }).catch(() => {});
  });
  await expect.poll(() => started).toBe(true);
});
