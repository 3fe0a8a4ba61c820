// @vitest-environment node
// Which drawn pages are shared (src/server/ssr/page-cache.ts, lib/page-html.ts): a page drawn
// without anyone's data is drawn once per published set and request shape, then served as kept;
// a request with an identity (session in the query or the lender_session cookie), an experiment's
// arm or a page with data is drawn for itself every time and never kept. The drawing here is a
// counting stand-in, so what is observed is whether the sender drew or served a kept page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { VARIANT_HEADER } from '../../src/server/events/revision.js';
import { createPageSender } from '../../src/server/lib/page-html.js';
import { servedFile } from '../../src/server/publishing/published-set.js';
import type { DrawPage } from '../../src/server/ssr/drawn-page.js';
import { createPageCache } from '../../src/server/ssr/page-cache.js';
import { manifestText, screenText } from './studio-helpers.js';

const PAGE = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120 Mobile';
const ANDROID_OTHER = 'Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 Chrome/119 Mobile';
/** A source as the screens have them (screens/bank.json). */
const SOURCE = { do: 'call', api: 'nepenthes', path: '/nepenthes/bank-card-init', into: 'data.bank' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';

describe('the shared copy of pages drawn without borrower data', () => {
  let app: FastifyInstance;
  let dir: string;
  let version = 1;
  let drawings = 0;
  /** Pages drawn for a session carry it, as a page with its data would. */
  const draw: DrawPage = async (request, reply) => {
    // As the real one (ssr/draw.ts): this header asks for the phone's drawing.
    if (request.headers['x-lender-draw'] === 'phone') return null;
    drawings += 1;
    const session = new URL(request.url, 'http://x').searchParams.get('sessionId');
    if (request.url.includes('arm=1')) reply.header(VARIANT_HEADER, 'exp:b');
    return {
      // fixed=1: the same bytes every time, as a page that reads nothing that changes.
      html: request.url.includes('fixed=1')
        ? '<p>fixed</p>'
        : `<p>drawing ${drawings} for ${session ?? 'nobody'}</p>`,
      answered: request.url.includes('data=1')
        ? { data: { mine: session }, ui: {}, form: {}, vars: {} }
        : null,
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lender-page-cache-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    // The promotion entry is another build file, with another template.
    writeFileSync(join(dir, 'promo.html'), PAGE.replace('<head>', '<head><title>promo</title>'));
    const files = new Map([
      [
        'manifest.json',
        servedFile(
          1,
          manifestText([
            { path: '/hello', screen: 'hello' },
            { path: '/sourced', screen: 'sourced' },
          ]),
        ),
      ],
      ['hello.json', servedFile(1, screenText('hello', 'Go'))],
      ['sourced.json', servedFile(1, screenText('sourced', 'Go', { sources: [SOURCE] }))],
    ]);
    const { sendPage } = createPageSender(
      loadConfig({}),
      { load: async (rel) => files.get(rel) ?? null, manifestTag: () => '', version: () => version },
      async () => undefined,
      draw,
    );
    app = Fastify();
    app.get('/sourced', (request, reply) =>
      sendPage(request, reply, join(dir, 'index.html'), { inline: true }),
    );
    app.get('/hello', (request, reply) =>
      sendPage(request, reply, join(dir, 'index.html'), { inline: true }),
    );
    // As plugins/static-app.ts serves a server-visible promotion address with its template's screen.
    app.get('/promo/landing', (request, reply) =>
      sendPage(request, reply, join(dir, 'promo.html'), { inline: false, current: true, screen: 'hello' }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { accept: 'text/html', 'user-agent': ANDROID, ...headers } });

  it('an anonymous page is drawn once per publication, then served as kept with its tag and 304', async () => {
    const before = drawings;
    const first = await get('/hello?productId=P-1');
    const second = await get('/hello?productId=P-1', { 'user-agent': ANDROID_OTHER });
    expect(drawings - before).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(
      (await get('/hello?productId=P-1', { 'if-none-match': String(first.headers.etag) })).statusCode,
    ).toBe(304);
    // What the drawing reads differs: another query, another platform.
    await get('/hello?productId=P-2');
    await get('/hello?productId=P-1', { 'user-agent': IPHONE });
    expect(drawings - before).toBe(2 + 1);
    // A publication (here or on another instance) moves the version: drawn again, new bytes and tag.
    version += 1;
    const after = await get('/hello?productId=P-1');
    expect(drawings - before).toBe(4);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('main and promotion pages alternating: each drawn once, both kept', async () => {
    const before = drawings;
    for (let i = 0; i < 3; i++) {
      expect((await get('/hello?productId=P-5')).statusCode).toBe(200);
      expect((await get('/promo/landing?id=1')).body).toContain('<title>promo</title>');
    }
    expect(drawings - before).toBe(2);
  });

  it('a document with sources whose drawing answered nothing (a timeout, the API down) is not kept', async () => {
    const before = drawings;
    const first = await get('/sourced');
    const second = await get('/sourced');
    expect(first.body).toContain('drawing');
    expect(drawings - before).toBe(2);
    expect(second.body).not.toBe(first.body);
  });

  it('a request with an identity is drawn for itself every time, never from or into the shared copy', async () => {
    await get('/hello');
    const cookie = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId: 'alice' }))}`;
    const before = drawings;
    const alice = await get('/hello?sessionId=alice');
    const again = await get('/hello?sessionId=alice');
    const kept = await get('/hello', { cookie });
    const device = await get('/hello?deviceId=d-1');
    expect(drawings - before).toBe(4);
    expect(alice.body).toContain('for alice');
    expect(again.body).not.toBe(alice.body);
    expect(kept.statusCode).toBe(200);
    expect(device.statusCode).toBe(200);
    // The anonymous page is still the one kept before, untouched by theirs.
    const anonymous = await get('/hello');
    expect(drawings - before).toBe(4);
    expect(anonymous.body).toContain('for nobody');
  });

  it('a returning borrower’s page without data revalidates by its tag: a 304 on a match, drawn each time', async () => {
    const cookie = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId: 'bob' }))}`;
    const before = drawings;
    const first = await get('/hello?fixed=1', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^"/);
    const again = await get('/hello?fixed=1', { cookie, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(drawings - before).toBe(2);
  });

  it('a page with data or an arm is private, no-store, and never kept', async () => {
    const before = drawings;
    const data = await get('/hello?data=1');
    await get('/hello?data=1');
    const arm = await get('/hello?arm=1');
    await get('/hello?arm=1');
    expect(drawings - before).toBe(4);
    for (const res of [data, arm]) {
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('X-Lender-Draw: phone never gets the kept drawing', async () => {
    await get('/hello?productId=P-9');
    const phone = await get('/hello?productId=P-9', { 'x-lender-draw': 'phone' });
    expect(phone.body).not.toContain('drawing');
  });
});

describe('createPageCache', () => {
  it('keeps at most its bound, the least recently used going first, and empties when the version moves', () => {
    let version = 1;
    const cache = createPageCache<string>(() => version, 2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['A', 'C']);
    version = 2;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('serves a page at most its max age: an older one is dropped (the engine’s clock moves)', () => {
    let now = 1_000;
    const cache = createPageCache<string>(() => 1, 10, { maxAgeMs: 60_000, now: () => now });
    cache.set('a', 'A');
    now += 60_000;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
