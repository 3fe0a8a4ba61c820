// @vitest-environment node
// The studio's pictures (issue 25): an editor uploads a picture as the property panel does (JSON,
// base64, the CSRF token), the same bytes twice are one asset, the list shows it, borrowers load it
// from /media/<sha-256>.<ext> on the app's port (and the studio's phone from the studio's port) with
// immutable caching, nosniff and the type sniffed at upload; a document using that address passes
// the checker. What is not a PNG, JPEG, GIF or WebP (an SVG, an HTML page called .png), what is too
// large, and a write without the role or the CSRF token are refused, and every upload and every
// refusal is in the audit log. Production's configuration; SQLite and, with DATABASE_URL, PostgreSQL.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSET_MAX_BYTES } from '../../src/wire/studio.js';
import { backends, PNG_1PX, type Reply } from './helpers.js';
import { account, editor, publisher, screenText, startStudio, type StudioServer } from './studio-helpers.js';

const b64 = (data: Buffer) => data.toString('base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
const HTML_AS_PNG = Buffer.from('<!doctype html><script>alert(1)</script>');

describe.each(backends)('studio assets on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('stores an uploaded picture once, lists it and serves it to borrowers and the studio phone', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const first = await ed.call('POST', '/assets', { data: b64(PNG_1PX), name: 'C:\\pics\\banner.png' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const hash = createHash('sha256').update(PNG_1PX).digest('hex');
    expect(first.body).toMatchObject({
      created: true,
      asset: { name: `${hash}.png`, url: `/media/${hash}.png`, mime: 'image/png', label: 'banner.png' },
    });
    // The same bytes again, from someone else, under another name: the same asset, unchanged.
    const pub = await publisher(s.app);
    const again = await pub.call('POST', '/assets', { data: b64(PNG_1PX), name: 'copy.png' });
    expect(again.body).toMatchObject({
      created: false,
      asset: { url: first.body.asset.url, label: 'banner.png' },
    });
    const list = await ed.call('GET', '/assets');
    expect((list.body.assets as Reply[]).map((a) => a.url)).toEqual([first.body.asset.url]);

    for (const [where, inject] of [
      ['borrower port', (url: string) => s.app.inject({ url })],
      ['studio port', (url: string) => s.studio.inject({ url })],
    ] as const) {
      const res = await inject(first.body.asset.url as string);
      expect(res.statusCode, where).toBe(200);
      expect(res.headers['content-type'], where).toBe('image/png');
      expect(res.headers['cache-control'], where).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.rawPayload.equals(PNG_1PX), where).toBe(true);
    }
    // Another extension, an unknown hash, a name that is not a hash: nothing.
    // (asked for as a page too: /media/ is never the app's page)
    for (const url of [
      `/media/${hash}.gif`,
      `/media/${'0'.repeat(64)}.png`,
      '/media/..%2Fsecret.png',
      `/media/x/${hash}.png`,
    ])
      expect((await s.app.inject({ url, headers: { accept: 'text/html' } })).statusCode, url).toBe(404);

    // A borrower's complaint image sits in the same table of bytes: it is never served as an asset.
    const other = createHash('sha256').update('complaint').digest('hex');
    await s.app.db
      .insertInto('stored_files')
      .values({
        name: `${other}.png`,
        mime: 'image/png',
        data: PNG_1PX,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await s.app.inject({ url: `/media/${other}.png` })).statusCode).toBe(404);

    // A screen showing it passes the checker (an app path, same origin).
    const live = (await ed.call('GET', '/documents/screen/hello')).body.live.id as number;
    const text = screenText('hello', 'Go').replace(
      '"body": [',
      `"body": [\n    { "type": "image", "src": "${first.body.asset.url as string}", "alt": "Banner" },`,
    );
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', { text, parentRevisionId: live });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.problems).toEqual([]);

    const audit = (await pub.call('GET', '/audit?action=asset.upload')).body.entries as Reply[];
    expect(audit.map((e) => [e.actor, e.detail.created, e.detail.label])).toEqual([
      ['publisher', false, 'copy.png'],
      ['editor', true, 'banner.png'],
    ]);
  });

  it('refuses what is not a picture it takes, or too large, or without role or token, and audits each', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const png = (extra: number) => Buffer.concat([PNG_1PX, Buffer.alloc(extra)]);
    const cases: [string, unknown, number][] = [
      ['an SVG', { data: b64(SVG), name: 'logo.svg' }, 415],
      ['an HTML page called .png', { data: b64(HTML_AS_PNG), name: 'x.png' }, 415],
      ['not base64', { data: 'not base64!', name: 'x.png' }, 400],
      ['over 1 MB', { data: b64(png(ASSET_MAX_BYTES)), name: 'big.png' }, 413],
    ];
    for (const [what, body, status] of cases) {
      const res = await ed.call('POST', '/assets', body);
      expect(res.status, what).toBe(status);
      expect(res.body.ok, what).toBe(false);
      expect(String(res.body.message), what).not.toBe('');
    }
    const over = await ed.call('POST', '/assets', { data: b64(png(ASSET_MAX_BYTES)), name: 'big.png' });
    expect(over.body.message).toMatch(/^big\.png is 1\.1 MB: pictures may be at most 1 MB$/);
    // Far over the limit: refused before the body is read, audited as well.
    const huge = await ed.call('POST', '/assets', { data: b64(png(3 * ASSET_MAX_BYTES)) });
    expect(huge.status).toBe(413);
    // Told in the editor's words: the pictures' limit, not the route's body limit in bytes.
    expect(huge.body.message).toBe('The picture is too large: pictures may be at most 1 MB');
    // Without the CSRF token; without an editing role; without a session.
    expect(
      (await ed.call('POST', '/assets', { data: b64(PNG_1PX) }, { 'x-csrf-token': 'wrong' })).status,
    ).toBe(403);
    const admin = await account(s.app, 'boss', ['admin']);
    expect((await admin.call('POST', '/assets', { data: b64(PNG_1PX) })).status).toBe(403);
    const anonymous = await s.studio.inject({
      method: 'POST',
      url: '/studio/api/assets',
      payload: { data: b64(PNG_1PX) },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await ed.call('GET', '/assets')).body.assets).toEqual([]);

    const pub = await publisher(s.app);
    const refused = (await pub.call('GET', '/audit?action=refused.*&limit=50')).body.entries as Reply[];
    expect(refused.map((e) => `${e.actor} ${e.action} ${e.detail.status}`).reverse()).toEqual([
      'editor refused.asset 415',
      'editor refused.asset 415',
      'editor refused.asset 400',
      'editor refused.too-large 413',
      'editor refused.too-large 413',
      'editor refused.too-large 413',
      'editor refused.csrf 403',
      'boss refused.role 403',
      // A write without a session is an attempt too (a read's 401 is not recorded).
      'anonymous refused.session 401',
    ]);
    expect(refused.find((e) => e.detail.status === 415)?.detail.reason).toMatch(
      /not a PNG, JPEG, GIF or WebP/,
    );
  });

  it('a body over another route’s limit: 413 naming that route’s limit, not the pictures’', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const res = await ed.call('PUT', '/documents/screen/hello/draft', { text: 'y'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(String(res.body.message)).toBe('The request is too large: this address takes at most 1 MB');
    expect(String(res.body.message)).not.toMatch(/picture/);
    const pub = await publisher(s.app);
    const refused = (await pub.call('GET', '/audit?action=refused.*&limit=5')).body.entries as Reply[];
    expect(refused.map((e) => `${e.action} ${e.detail.status}`)).toEqual(['refused.too-large 413']);
  });
});
