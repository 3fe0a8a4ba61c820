// @vitest-environment node
// The shared copy of pages the server drew without anyone's data (issue 26 item 5,
// src/server/ssr/page-cache.ts): kept per published set, its ETag that of its bytes, so a
// publication (here, or on another instance on the same database) changes what every borrower gets
// and its tag, and a repeat visit with the tag gets a 304.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { RENDERER } from './ssr-helpers.js';
import {
  TEST_COST,
  editor,
  publishText,
  publisher,
  screenText,
  writeDist,
  writeScreens,
} from './studio-helpers.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const html = { accept: 'text/html' };
/** What the server drew into #root (the test page has a word after #root, before the data tags). */
const rootOf = (body: string) => /<div id="root">([\s\S]*?)<script/.exec(body)?.[1] ?? '';

describe('drawn pages without borrower data, per publication', () => {
  const apps: FastifyInstance[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  function folders() {
    const root = mkdtempSync(join(tmpdir(), 'lender-ssr-cache-'));
    cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
    return {
      root,
      screensDir: writeScreens(join(root, 'screens')),
      distDir: writeDist(join(root, 'dist')),
      uploadsDir: join(root, 'uploads'),
      ssrModule: RENDERER,
      passwordCost: TEST_COST,
    };
  }

  async function start(options: ServerOptions): Promise<FastifyInstance> {
    const app = await buildServer(options);
    apps.push(app);
    return app;
  }

  const page = (app: FastifyInstance, headers: Record<string, string> = {}) =>
    app.inject({ url: '/hello', headers: { ...html, ...headers } });

  it('the same page and tag until a publication changes both; a 304 on a match, a 200 on the old tag', async () => {
    const { root, ...options } = folders();
    const app = await start({ ...options, sqlitePath: join(root, 'one.sqlite'), publishPollMs: 0 });
    const first = await page(app);
    expect(first.statusCode).toBe(200);
    expect(rootOf(first.body)).toContain('>Go<');
    expect(first.headers['cache-control']).toContain('no-cache');
    expect(first.headers['cache-control']).not.toContain('no-store');
    const again = await page(app);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await page(app, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    const approved = await publishText(
      await editor(app),
      await publisher(app),
      'screen',
      'hello',
      screenText('hello', 'Published now'),
    );
    expect(approved.status).toBe(200);
    const after = await page(app, { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(rootOf(after.body)).toContain('>Published now<');
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect((await page(app, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
  });

  /** B serves the page, A publishes, B's page (and its tag) follows within `limit`. */
  async function followsAcross(a: FastifyInstance, b: FastifyInstance, limit: number): Promise<void> {
    const before = await page(b);
    expect(rootOf(before.body)).toContain('>Go<');
    // Kept: B's second answer is the same page.
    expect((await page(b)).headers.etag).toBe(before.headers.etag);
    await publishText(await editor(a), await publisher(a), 'screen', 'hello', screenText('hello', 'From A'));
    await expect
      .poll(async () => rootOf((await page(b)).body), { timeout: limit, interval: 50 })
      .toContain('>From A<');
    const after = await page(b, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  }

  it('SQLite, two servers on one file: a publication through one changes the other’s kept page', async () => {
    const { root, ...options } = folders();
    const shared = { ...options, sqlitePath: join(root, 'shared.sqlite'), publishPollMs: 300 };
    const a = await start(shared);
    const b = await start({ ...shared, uploadsDir: join(root, 'uploads-b') });
    await followsAcross(a, b, 5_000);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: a publication through one changes the other’s kept page (LISTEN/NOTIFY)',
    async () => {
      const { root, ...options } = folders();
      const schema = `ssr_cache_${process.pid}_${Date.now()}`;
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      });
      // The version check runs once a minute: within the test only a notification can do it.
      const shared = {
        ...options,
        databaseUrl: process.env.DATABASE_URL,
        pgSchema: schema,
        publishPollMs: 60_000,
      };
      const a = await start(shared);
      const b = await start({ ...shared, uploadsDir: join(root, 'uploads-b') });
      // Let B's listener connect before the publication.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await followsAcross(a, b, 5_000);
    },
  );
});
