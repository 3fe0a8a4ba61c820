// @vitest-environment node
// The page carries its screen document (issue 10: no request chain for the first screen) and the
// published manifest (issue 17: routes at run time), gzipped with an ETag; documents themselves are
// gzipped too. What pages carry is the published set: edits arrive by publication.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STAMP, createScreenChecker } from '../../src/server/lib/inline-screen.js';
import { htmlCsp } from '../../src/server/lib/security-headers.js';
import { startServer, type TestServer } from './helpers.js';
import { TEST_COST, editor, publishText, publisher } from './studio-helpers.js';

/** The page CSP with the default allowedOrigins (config/default.json). */
/** What the app's engine sends with a document request (src/app/loadScreen.ts). */
const ENGINE = { 'x-engine-version': '1.1' };
const HTML_CSP = htmlCsp(['https://play.google.com']);

const html = { accept: 'text/html' };
const REAL = new URL('../../screens/', import.meta.url).pathname;
const PAGE = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';

/** The JSON of the page's screen-doc element, or null. */
function inlined(
  body: string,
): { id: string; etag: string; stamp: string; doc: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="screen-doc">([\s\S]*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1]!) : null;
}

describe('the page and its screen document', () => {
  let s: TestServer;
  const site = mkdtempSync(join(tmpdir(), 'lender-page-'));
  const screens = join(site, 'screens');
  beforeAll(async () => {
    cpSync(REAL, screens, { recursive: true });
    const dist = join(site, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), PAGE);
    writeFileSync(join(dist, 'promo.html'), PAGE);
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

  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers: { ...html, ...headers } });

  it('puts the route’s validated document in the page, stamped with the validators’ fingerprint', async () => {
    const res = await get('/loan/details?orderId=ORD-174-D&productId=P-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(HTML_CSP);
    const doc = inlined(res.body);
    expect(doc).toMatchObject({ id: 'loan-details', stamp: SERVER_STAMP });
    // The same document the app's engine fetches (it says its version: issue 18, expanded).
    const file = await s.app.inject({ url: '/screens/loan-details.json', headers: ENGINE });
    expect(doc!.doc).toEqual(JSON.parse(file.body));
    expect(doc!.etag).toBe(file.headers.etag);
    // After the app's own markup, so the browser finds the scripts first.
    expect(res.body.indexOf('id="screen-doc"')).toBeGreaterThan(res.body.indexOf('id="root"'));
  });

  it('matches routes as the router does (aliases, case, a trailing slash)', async () => {
    for (const url of ['/order', '/Loan/Details/', '/about'])
      expect(inlined((await get(url)).body), url).not.toBeNull();
    for (const url of ['/nowhere', '/promo/', '/error'])
      expect(inlined((await get(url)).body), url).toBeNull();
  });

  const publish = async (text: string) => {
    const approved = await publishText(await editor(s.app), await publisher(s.app), 'screen', 'about', text);
    expect(approved.status).toBe(200);
  };

  it('carries the published manifest, and follows a publication on the next request', async () => {
    const good = await get('/about');
    const manifest = /<script type="application\/json" id="screen-manifest">([\s\S]*?)<\/script>/.exec(
      good.body,
    );
    expect(JSON.parse(manifest![1]!).routes).toContainEqual({ path: '/about', screen: 'about' });
    await publish(JSON.stringify({ schemaVersion: 1, id: 'about', title: 'About', body: [] }, null, 1));
    const after = await get('/about');
    expect(inlined(after.body)?.doc).toMatchObject({ body: [] });
    expect(after.headers.etag).not.toBe(good.headers.etag);
  });

  it('the promotion page carries the current version of every promotion screen, and a publication changes it at once (issue 29 §1)', async () => {
    const current = (body: string) =>
      JSON.parse(
        /<script type="application\/json" id="screen-current">([\s\S]*?)<\/script>/.exec(body)![1]!,
      ) as Record<string, string>;
    const before = await get('/promo/');
    expect(inlined(before.body)).toBeNull();
    const map = current(before.body);
    expect(Object.keys(map).sort()).toEqual([
      'promo-agreement',
      'promo-download',
      'promo-landing-bold',
      'promo-landing-classic',
    ]);
    for (const [id, tag] of Object.entries(map)) {
      const doc = await s.app.inject({ url: `/screens/${id}.json` });
      expect(`"${tag}"`).toBe(doc.headers.etag);
    }
    const text = (await s.app.inject({ url: '/screens/promo-agreement.json' })).body;
    const changed = JSON.parse(text) as { title: string };
    changed.title = 'Agreement (new)';
    const approved = await publishText(
      await editor(s.app),
      await publisher(s.app),
      'screen',
      'promo-agreement',
      JSON.stringify(changed, null, 2),
    );
    expect(approved.status).toBe(200);
    const after = await get('/promo/');
    expect(current(after.body)['promo-agreement']).not.toBe(map['promo-agreement']);
    expect(current(after.body)['promo-landing-classic']).toBe(map['promo-landing-classic']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('escapes document text so it cannot end the data element', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    await publish(
      JSON.stringify({ schemaVersion: 1, id: 'about', title: evil, body: [{ type: 'text', text: evil }] }),
    );
    const body = (await get('/about')).body;
    expect(body).not.toContain('<script>alert');
    expect(inlined(body)?.doc).toMatchObject({ title: evil });
  });

  it('is gzipped when accepted, with an ETag a repeat visit revalidates with a 304', async () => {
    const plain = await get('/order');
    const zipped = await get('/order', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const etag = String(zipped.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/order', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/order', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304);
  });

  it('serves screen documents gzipped when accepted, with a strong tag of that representation (docs/api.md)', async () => {
    const plain = await s.app.inject({ url: '/screens/loan-details.json' });
    const zipped = await s.app.inject({
      url: '/screens/loan-details.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    // Strong, as docs/api.md says, and not the identity bytes' tag (RFC 9110 §8.8.1).
    expect(String(zipped.headers.etag)).toMatch(/^"[^"]+"$/);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const refused = await s.app.inject({
      url: '/screens/loan-details.json',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const revalidated = await s.app.inject({
      url: '/screens/loan-details.json',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(zipped.headers.etag);
    // A proxy that compressed an identity reply itself sends its weakened tag back; the page's
    // inline document carries the content's tag: both still get a 304.
    for (const tag of [`W/${String(plain.headers.etag)}`, String(plain.headers.etag)]) {
      const through = await s.app.inject({
        url: '/screens/loan-details.json',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': tag },
      });
      expect(through.statusCode).toBe(304);
    }
  });
  it('marks documents its validators accept with their fingerprint, and only those', async () => {
    const good = await s.app.inject({ url: '/screens/loan-details.json', headers: ENGINE });
    expect(good.headers['x-screen-checked']).toBe(SERVER_STAMP);
    expect(
      (await s.app.inject({ url: '/screens/manifest.json' })).headers['x-screen-checked'],
    ).toBeUndefined();
    // Nothing invalid can be published; the verdict is still the validators' own (a document
    // published under an older checker, say): an invalid one, or one under another screen's name,
    // gets no mark and is not put in a page.
    const check = createScreenChecker();
    const file = (doc: unknown) => {
      const body = Buffer.from(JSON.stringify(doc));
      return { etag: `"${body.length}-${Math.random()}"`, body, gzip: () => body };
    };
    expect(check('about', file({ schemaVersion: 1, id: 'about', title: 'x', body: [] }))).not.toBeNull();
    expect(check('about', file({ schemaVersion: 1, id: 'about', body: 7 }))).toBeNull();
    expect(check('about', file({ schemaVersion: 1, id: 'x', title: 'x', body: [] }))).toBeNull();
  });
});
