// @vitest-environment node
// Every instance serves the same thing (issue 17): two server instances on one database; a
// publication through one is served by the other within 2 seconds, with no restart. On
// PostgreSQL by LISTEN/NOTIFY (the periodic version check is set far beyond the test, so it cannot
// be what worked); on SQLite, two processes' worth of servers on one file, by the version check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { PNG_1PX, multipart, type Reply } from './helpers.js';
import {
  BASE_ROUTES,
  TEST_COST,
  editor,
  manifestText,
  publishText,
  publisher,
  screenText,
  writeDist,
  writeScreens,
} from './studio-helpers.js';

// Each test starts servers that import the baseline screens (seconds each on a loaded 2-core
// machine); the 2 s and schedule assertions are inside the tests, not in this limit.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const html = { accept: 'text/html' };

async function served(app: FastifyInstance): Promise<{ label: string; etag: string; page: string }> {
  const doc = await app.inject({ url: '/screens/hello.json' });
  const page = await app.inject({ url: '/hello', headers: html });
  return {
    label: doc.json().body[0].label as string,
    etag: String(doc.headers.etag),
    page: String(page.headers.etag),
  };
}

/** Milliseconds until `app` serves `label`, checking every 20 ms, or Infinity after `limit`. */
async function timeUntil(app: FastifyInstance, label: string, limit = 5000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limit) {
    if ((await served(app)).label === label) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

/**
 * Issue 29 §5: a second instance has everything the first has. A borrower uploads a complaint
 * picture through A and B serves it and takes the complaint with it (neither shares a folder
 * with the other); a landing template id mapped in the studio through A is a landing on B, where
 * a borrower registers on it. `a` and `b` run on one database, each with its own uploads folder.
 */
async function secondInstanceHasEverything(a: FastifyInstance, b: FastifyInstance): Promise<void> {
  const session = `two-${Date.now()}`;
  const up = await a.inject({
    method: 'POST',
    url: `/nepenthes/upload-problem-image?sessionId=${session}`,
    ...multipart('problemImage', 'proof.png', PNG_1PX, 'image/png'),
  });
  const url = (up.json() as Reply).data.url as string;
  const image = await b.inject({ url });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
  const saved = await b.inject({
    method: 'POST',
    url: `/nepenthes/problem-save?sessionId=${session}`,
    payload: { problemType: 2, problemDetail: 'see the picture', problemImage: url },
  });
  expect((saved.json() as Reply).code).toBe('00');

  // Template 7 exists nowhere but in the manifest published through A's studio.
  const base = '/api/v2/youmi';
  const template = () => b.inject({ url: `${base}/service/channel/channel-template?templateId=7` });
  expect((await template()).statusCode).toBe(404);
  const approved = await publishText(
    await editor(a),
    await publisher(a),
    'manifest',
    'manifest',
    manifestText(BASE_ROUTES, { landing: { templates: { '7': 'hello' } } }),
  );
  expect(approved.status).toBe(200);
  await expect.poll(async () => (await template()).statusCode, { timeout: 2000 }).toBe(200);
  expect((await template()).json()).toMatchObject({ code: '00', data: { id: 7, config: {} } });
  // A borrower registers on it through B.
  const phone = `1390000${String(Date.now()).slice(-4)}`;
  const sid = ((await b.inject({ url: `${base}/promotion/get-sid` })).json() as Reply).data.sid as string;
  await b.inject({ url: `${base}/promotion/get-captcha?sid=${sid}` });
  const capcode = ((await b.inject({ url: `/dev/captcha?sid=${sid}` })).json() as Reply).data.text as string;
  const sms = await b.inject({
    method: 'POST',
    url: `${base}/promotion/get-sms`,
    payload: { phone, capcode, sid },
  });
  expect((sms.json() as Reply).code, sms.body).toBe(0);
  const smsCode = ((await b.inject({ url: `/dev/sms-code?phone=${phone}` })).json() as Reply).data.smsCode;
  const registered = await b.inject({
    method: 'POST',
    url: `${base}/promotion/register`,
    payload: {
      phone,
      capcode,
      sid,
      smsCode,
      id: '7',
      appName: 'pesoquick',
      merchantNumber: '0',
      userName: phone,
    },
  });
  expect((registered.json() as Reply).code, registered.body).toBe(0);
  const row = await b.db
    .selectFrom('registrations')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  expect(String(row.template_id)).toBe('7');
}

describe('two instances on one database', () => {
  const apps: FastifyInstance[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  function folders(): Pick<ServerOptions, 'screensDir' | 'distDir' | 'uploadsDir'> & { root: string } {
    const root = mkdtempSync(join(tmpdir(), 'lender-instances-'));
    cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
    return {
      root,
      screensDir: writeScreens(join(root, 'screens')),
      distDir: writeDist(join(root, 'dist')),
      uploadsDir: join(root, 'uploads'),
    };
  }

  /** Servers on a private PostgreSQL schema of this test (dropped after it). */
  function onPostgres(
    dirs: Omit<ReturnType<typeof folders>, 'root'>,
    extra: ServerOptions = {},
  ): ServerOptions {
    const schema = `instances_${process.pid}_${Date.now()}`;
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    });
    return {
      databaseUrl: process.env.DATABASE_URL,
      pgSchema: schema,
      ...dirs,
      passwordCost: TEST_COST,
      ...extra,
    };
  }

  /** Servers on one SQLite file, finding each other's publications by the version check. */
  const onSqlite = ({ root, ...dirs }: ReturnType<typeof folders>): ServerOptions => ({
    sqlitePath: join(root, 'shared.sqlite'),
    ...dirs,
    passwordCost: TEST_COST,
    publishPollMs: 500,
  });

  /** A and B on the same database; B on another machine, with nothing of A's folders. */
  async function elsewhere(options: ServerOptions, root: string) {
    const a = await buildServer(options);
    apps.push(a);
    const b = await buildServer({ ...options, uploadsDir: join(root, 'uploads-b') });
    apps.push(b);
    return { a, b };
  }

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: publish through one, the other serves it within 2 s (LISTEN/NOTIFY), pages included',
    async () => {
      const { root: _root, ...dirs } = folders();
      // The safety net checks once a minute: within the test only a notification can do it.
      const options = onPostgres(dirs, { publishPollMs: 60_000 });
      const a = await buildServer(options);
      apps.push(a);
      const b = await buildServer(options);
      apps.push(b);
      // Both import the same baseline at start: once.
      expect(b.content.imported).toEqual({ published: [], conflicts: [] });
      const before = await served(b);
      expect(before.label).toBe('Go');
      // Let the second instance's listener connect before the publication.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const approved = await publishText(
        await editor(a),
        await publisher(a),
        'screen',
        'hello',
        screenText('hello', 'Everywhere'),
      );
      expect(approved.status).toBe(200);
      expect((await served(a)).label).toBe('Everywhere');
      const elapsed = await timeUntil(b, 'Everywhere');
      expect(elapsed).toBeLessThan(2000);
      const after = await served(b);
      expect(after.etag).toBe((await served(a)).etag);
      expect(after.etag).not.toBe(before.etag);
      expect(after.page).not.toBe(before.page);
    },
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: an upload through one is served by the other; a template mapped in the studio is a landing on both (issue 29 §5)',
    async () => {
      const { root, ...dirs } = folders();
      const { a, b } = await elsewhere(onPostgres(dirs), root);
      await secondInstanceHasEverything(a, b);
    },
  );

  it('SQLite: an upload through one is served by the other; a template mapped in the studio is a landing on both (issue 29 §5)', async () => {
    const dirs = folders();
    const { a, b } = await elsewhere(onSqlite(dirs), dirs.root);
    await secondInstanceHasEverything(a, b);
  });

  it('SQLite: two servers on one file; the periodic version check brings the other within 2 s', async () => {
    const options = onSqlite(folders());
    const a = await buildServer(options);
    apps.push(a);
    const b = await buildServer(options);
    apps.push(b);
    expect((await served(b)).label).toBe('Go');
    await publishText(
      await editor(a),
      await publisher(a),
      'screen',
      'hello',
      screenText('hello', 'Shared file'),
    );
    expect(await timeUntil(b, 'Shared file')).toBeLessThan(2000);
  });
});
