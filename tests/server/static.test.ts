// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlCsp } from '../../src/server/lib/security-headers.js';
import { startServer, type TestServer } from './helpers.js';
import { TEST_COST, editor, publishText, publisher } from './studio-helpers.js';

const DOC = { schemaVersion: 1, id: 'loan-details', title: 'Order Details', body: [] };

/** The page CSP with the default allowedOrigins (config/default.json). */
const HTML_CSP = htmlCsp(['https://play.google.com']);

const html = { accept: 'text/html,application/xhtml+xml' };

describe('screens, built app and headers', () => {
  let s: TestServer;
  let screens: string;
  const site = mkdtempSync(join(tmpdir(), 'lender-site-'));
  beforeAll(async () => {
    screens = join(site, 'screens');
    mkdirSync(join(screens, 'promo'), { recursive: true });
    writeFileSync(
      join(screens, 'manifest.json'),
      JSON.stringify({ schemaVersion: 1, routes: [{ path: '/loan/details', screen: 'loan-details' }] }),
    );
    writeFileSync(join(screens, 'loan-details.json'), JSON.stringify(DOC));
    // A sub-folder is not where screen documents live: never imported, never served.
    writeFileSync(join(screens, 'promo', 'landing.json'), '{"id":"landing"}');
    const dist = join(site, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(join(dist, 'promo.html'), '<!doctype html><title>promo</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    s = await startServer('sqlite', {
      distDir: dist,
      screensDir: screens,
      passwordCost: TEST_COST,
      publishPollMs: 0,
    });
  });
  afterAll(async () => {
    await s.close();
    rmSync(site, { recursive: true, force: true });
  });

  describe('screen documents', () => {
    it('serves a document with a strong ETag and no-cache, and 304 on If-None-Match', async () => {
      const first = await s.app.inject({ method: 'GET', url: '/screens/loan-details.json' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toContain('application/json');
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(first.json()).toEqual(DOC);
      const again = await s.app.inject({
        method: 'GET',
        url: '/screens/loan-details.json',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const weak = await s.app.inject({
        method: 'GET',
        url: '/screens/loan-details.json',
        headers: { 'if-none-match': `"x", W/${etag}` },
      });
      expect(weak.statusCode).toBe(304);
    });

    it('serves a publication on the next load without a restart', async () => {
      const before = await s.app.inject({ method: 'GET', url: '/screens/manifest.json' });
      const approved = await publishText(
        await editor(s.app),
        await publisher(s.app),
        'manifest',
        'manifest',
        JSON.stringify({
          schemaVersion: 1,
          routes: [
            { path: '/loan/details', screen: 'loan-details' },
            { path: '/order', screen: 'loan-details' },
          ],
        }),
      );
      expect(approved.status).toBe(200);
      const after = await s.app.inject({
        method: 'GET',
        url: '/screens/manifest.json',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json().routes[1].path).toBe('/order');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('serves top-level documents only, and refuses traversal and non-JSON names', async () => {
      for (const url of [
        '/screens/promo/landing.json',
        '/screens/../package.json',
        '/screens/%2e%2e/package.json',
        '/screens/..%2Fpackage.json',
        '/screens/x.js',
        '/screens/missing.json',
      ]) {
        expect((await s.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });
  });

  describe('built app', () => {
    it('serves hashed assets as immutable for a year', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves index.html uncached with the security headers', async () => {
      // A route's page (200), and paths this manifest has no route for (404, the same page, whose
      // app shows its not-found page): the headers are the same.
      for (const [url, status] of [
        ['/loan/details', 200],
        ['/', 404],
        ['/index.html', 404],
      ] as const) {
        const res = await s.app.inject({ method: 'GET', url, headers: html });
        expect(res.statusCode, url).toBe(status);
        expect(res.body).toContain('id="root"');
        // No first-party id yet: the reply mints one, so no shared cache may keep it (issue 19).
        expect(res.headers['cache-control']).toBe('private, no-cache');
        expect(String(res.headers['set-cookie'])).toMatch(/^lender_vid=/);
        expect(res.headers['content-security-policy']).toBe(HTML_CSP);
        expect(res.headers['referrer-policy']).toBe('strict-origin');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('falls back to index.html for app routes, promo.html under /promo', async () => {
      for (const [url, status] of [
        ['/loan/details?orderId=ORD-174-D&productId=P-1', 200],
        ['/order?orderId=ORD-174-D', 200],
        // Not routes of this test's manifest: the page with a 404.
        ['/complainDetails?problemId=1', 404],
        ['/testPreview', 404],
        ['/service', 404],
        ['/service?sessionId=s1', 404],
      ] as const) {
        const res = await s.app.inject({ method: 'GET', url, headers: html });
        expect(res.statusCode, url).toBe(status);
        expect(res.body).toContain('id="root"');
        expect(res.headers['content-security-policy']).toBe(HTML_CSP);
      }
      const head = await s.app.inject({ method: 'HEAD', url: '/loan/details', headers: html });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');
      const promo = await s.app.inject({ method: 'GET', url: '/promo/', headers: html });
      expect(promo.body).toContain('<title>promo</title>');
      expect(promo.headers['cache-control']).toBe('private, no-cache');
      const cookie = String(promo.headers['set-cookie']).split(';')[0]!;
      const returning = await s.app.inject({ method: 'GET', url: '/promo/', headers: { ...html, cookie } });
      expect(returning.headers['cache-control']).toBe('no-cache');
      expect(returning.headers['set-cookie']).toBeUndefined();
    });

    it('does not answer API, screen, upload or asset misses with the app', async () => {
      for (const url of [
        '/v3/unknown',
        '/nepenthes/unknown',
        '/screens/none.json',
        '/uploads/none.png',
        '/assets/missing.js',
        '/api/v2/youmi/x',
        '/service/unknown',
      ]) {
        const res = await s.app.inject({ method: 'GET', url, headers: html });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
      }
      // Without Accept: text/html an unknown path is a JSON 404 too, and so is an app route.
      for (const url of ['/somewhere', '/loan/details', '/promo/']) {
        const res = await s.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
      }
    });
  });

  it('serves the demo images as SVG that cannot run script', async () => {
    for (const name of [
      'logo-1.svg',
      'status-21.svg',
      'status-110.svg',
      'status-151.svg',
      'status-174.svg',
      'status-180.svg',
      'status-200.svg',
      'channel-gcash.svg',
    ]) {
      const res = await s.app.inject({ method: 'GET', url: `/assets-demo/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).not.toMatch(/<script/i);
    }
    expect((await s.app.inject({ method: 'GET', url: '/assets-demo/status-170.svg' })).statusCode).toBe(404);
  });
});

describe('without a build', () => {
  it('answers app routes with a not-built page, APIs still work', async () => {
    const s = await startServer('sqlite');
    try {
      const res = await s.app.inject({ method: 'GET', url: '/loan/details', headers: html });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect(res.headers['content-security-policy']).toBe(HTML_CSP);
      expect(
        (await s.app.inject({ method: 'POST', url: '/nepenthes/contact-kf-info', payload: { overall: 30 } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await s.close();
    }
  });
});
