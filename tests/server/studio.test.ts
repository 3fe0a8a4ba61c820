// @vitest-environment node
// The screen studio's pages and save endpoints (issue 9).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.js';

const TOKEN = 'test-token-123';
const html = { accept: 'text/html' };

const screen = (label: string) =>
  JSON.stringify(
    {
      schemaVersion: 1,
      id: 'hello',
      title: 'Hello',
      body: [{ type: 'button', label, onTap: [{ do: 'toast', text: 'hi' }] }],
    },
    null,
    2,
  ) + '\n';

/** A server on a temporary screens folder (the studio writes there) and history folder. */
async function start(extra: Parameters<typeof startServer>[1] = {}): Promise<TestServer & { root: string }> {
  const root = mkdtempSync(join(tmpdir(), 'lender-studio-'));
  const screens = join(root, 'screens');
  mkdirSync(screens, { recursive: true });
  writeFileSync(
    join(screens, 'manifest.json'),
    JSON.stringify({ schemaVersion: 1, routes: [{ path: '/hello', screen: 'hello' }] }),
  );
  writeFileSync(join(screens, 'hello.json'), screen('Go'));
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  for (const page of ['index', 'studio', 'studio-preview'])
    writeFileSync(
      join(dist, `${page}.html`),
      `<!doctype html><html><head><!--app-config--></head><body>${page}</body></html>`,
    );
  const s = await startServer('sqlite', {
    studioToken: TOKEN,
    screensDir: screens,
    distDir: dist,
    screenHistoryDir: join(root, 'history'),
    ...extra,
  });
  return {
    ...s,
    root,
    async close() {
      await s.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

describe('screen studio', () => {
  let s: TestServer & { root: string };
  let file: string;
  const put = (text: string, headers: Record<string, string> = { 'x-studio-token': TOKEN }) =>
    s.app.inject({ method: 'PUT', url: '/dev/studio/screens/hello', headers, payload: { text } });
  const auth = { 'x-studio-token': TOKEN };

  beforeEach(async () => {
    s = await start();
    file = join(s.root, 'screens', 'hello.json');
  });
  afterEach(async () => s.close());

  it('serves the studio page with the config and the save token, and the preview page without the token', async () => {
    const studio = await s.app.inject({ method: 'GET', url: '/studio', headers: html });
    expect(studio.statusCode).toBe(200);
    expect(studio.body).toContain('studio</body>');
    expect(studio.body).toContain('"studio":true');
    expect(studio.body).toContain(`<script type="application/json" id="studio-token">"${TOKEN}"</script>`);
    expect(studio.headers['content-security-policy']).toContain("script-src 'self'");
    const preview = await s.app.inject({ method: 'GET', url: '/studio/preview', headers: html });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('studio-preview</body>');
    expect(preview.body).not.toContain(TOKEN);
    // The borrower's pages never carry it.
    const app = await s.app.inject({ method: 'GET', url: '/loan/details', headers: html });
    expect(app.body).not.toContain(TOKEN);
  });

  it('refuses every studio call without the right token', async () => {
    expect((await put(screen('New'), {})).statusCode).toBe(401);
    expect((await put(screen('New'), { 'x-studio-token': 'wrong' })).statusCode).toBe(401);
    const list = await s.app.inject({ method: 'GET', url: '/dev/studio/history/hello' });
    expect(list.statusCode).toBe(401);
    expect(readFileSync(file, 'utf8')).toBe(screen('Go'));
  });

  it('saves a valid document: borrowers get it on their next load, and the old version is kept', async () => {
    const before = await s.app.inject({ method: 'GET', url: '/screens/hello.json' });
    const saved = await put(screen('Pay now'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ok: true, kept: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(readFileSync(file, 'utf8')).toBe(screen('Pay now'));
    const after = await s.app.inject({ method: 'GET', url: '/screens/hello.json' });
    expect(after.json().body[0].label).toBe('Pay now');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(saved.json().etag).toBe(after.headers.etag);

    const list = await s.app.inject({ method: 'GET', url: '/dev/studio/history/hello', headers: auth });
    expect(list.json().versions).toHaveLength(1);
    const [entry] = list.json().versions;
    expect(entry.version).toBe(saved.json().kept);
    const old = await s.app.inject({
      method: 'GET',
      url: `/dev/studio/history/hello/${entry.version}`,
      headers: auth,
    });
    expect(old.json().text).toBe(screen('Go'));
    expect(readdirSync(join(s.root, 'history', 'hello'))).toEqual([`${entry.version}.json`]);
  });

  it('refuses a document that fails validation, with line, column and message, and leaves the file alone', async () => {
    const broken = screen('Go').replace('"toast"', '"toastt"');
    const reply = await put(broken);
    expect(reply.statusCode).toBe(400);
    const body = reply.json();
    expect(body.ok).toBe(false);
    expect(body.problems[0]).toMatchObject({ line: 11, column: 11, pointer: '/body/0/onTap/0' });
    expect(body.problems[0].message).toContain("'toastt'");
    const syntax = await put('{ "schemaVersion": 1, ');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().problems[0].message).toMatch(/^JSON syntax/);
    const wrongId = await put(screen('Go').replace('"id": "hello"', '"id": "other"'));
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.json().problems[0].message).toContain("make it 'hello'");
    expect(readFileSync(file, 'utf8')).toBe(screen('Go'));
  });

  it('refuses a save over a version someone else saved (If-Match)', async () => {
    const etag = String((await s.app.inject({ method: 'GET', url: '/screens/hello.json' })).headers.etag);
    expect((await put(screen('First'), { ...auth, 'if-match': etag })).statusCode).toBe(200);
    const stale = await put(screen('Second'), { ...auth, 'if-match': etag });
    expect(stale.statusCode).toBe(409);
    expect(readFileSync(file, 'utf8')).toBe(screen('First'));
  });

  it('restores an earlier version, keeping the one it replaces', async () => {
    const kept = (await put(screen('Pay now'))).json().kept as string;
    const restored = await s.app.inject({
      method: 'POST',
      url: `/dev/studio/history/hello/${kept}/restore`,
      headers: auth,
    });
    expect(restored.statusCode).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(screen('Go'));
    const list = await s.app.inject({ method: 'GET', url: '/dev/studio/history/hello', headers: auth });
    expect(list.json().versions).toHaveLength(2);
  });

  it('answers 404 for unknown screens, bad ids and unknown versions', async () => {
    const unknown = await s.app.inject({
      method: 'PUT',
      url: '/dev/studio/screens/nope',
      headers: auth,
      payload: { text: screen('Go') },
    });
    expect(unknown.statusCode).toBe(404);
    for (const url of [
      '/dev/studio/history/..%2Fscreens',
      '/dev/studio/history/hello/..%2F..%2Fmanifest',
      '/dev/studio/history/hello/2020-01-01T00-00-00-000Z',
    ]) {
      expect((await s.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
    }
  });
});

describe('screen studio switched off', () => {
  it('is a 404 in production (LENDER_DEV=0) and when LENDER_STUDIO=0', async () => {
    const production = await start({ dev: false });
    const previous = process.env.LENDER_STUDIO;
    process.env.LENDER_STUDIO = '0';
    const off = await start();
    if (previous === undefined) delete process.env.LENDER_STUDIO;
    else process.env.LENDER_STUDIO = previous;
    try {
      for (const s of [production, off]) {
        expect((await s.app.inject({ method: 'GET', url: '/studio', headers: html })).statusCode).toBe(404);
        const save = await s.app.inject({
          method: 'PUT',
          url: '/dev/studio/screens/hello',
          headers: { 'x-studio-token': TOKEN },
          payload: { text: screen('x') },
        });
        expect(save.statusCode).toBe(404);
      }
    } finally {
      await production.close();
      await off.close();
    }
  });
});
