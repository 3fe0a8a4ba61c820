// @vitest-environment node
// Uploads (issue 20 §5; S2.4-05, S2.4-06): a per-borrower quota with a clear message, and a
// clean-up of images no complaint used, older than a configured age: at start, periodically, and
// safely when several instances sweep at once. The bytes live in the database with their row
// (issue 29 §5); files kept in UPLOADS_DIR before are read in at start.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { PNG_1PX, backends, multipart, startServer, type Reply, type TestServer } from './helpers.js';

async function upload(app: FastifyInstance, session: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/nepenthes/upload-problem-image?sessionId=${session}`,
    ...multipart('problemImage', 'proof.png', PNG_1PX, 'image/png'),
  });
  return { status: res.statusCode, body: res.json() as Reply };
}

const nameOf = (url: string) => url.replace('/uploads/', '');
const DAY_AGO = () => new Date(Date.now() - 25 * 3_600_000).toISOString();

/** Whether the database holds the upload's bytes, and that they are the image sent. */
async function stored(app: FastifyInstance, url: string): Promise<boolean> {
  const row = await app.db
    .selectFrom('stored_files')
    .select(['data', 'mime'])
    .where('name', '=', nameOf(url))
    .executeTakeFirst();
  if (row) expect(Buffer.from(row.data).equals(PNG_1PX)).toBe(true);
  return row !== undefined;
}

async function age(app: FastifyInstance, url: string) {
  await app.db
    .updateTable('uploads')
    .set({ created_at: DAY_AGO() })
    .where('name', '=', nameOf(url))
    .execute();
}

describe.each(backends)('upload quota (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, { uploadsPerDay: 3 });
  });
  afterAll(async () => s.close());

  it('S2.4-06 a borrower gets its quota of uploads a day, then a clear refusal; others are not affected', async () => {
    const urls = [];
    for (let i = 0; i < 3; i++) {
      const up = await upload(s.app, 'quota-a');
      expect(up.body.code).toBe('00');
      urls.push(up.body.data.url as string);
    }
    const refused = await upload(s.app, 'quota-a');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: '429',
      message: 'You can upload at most 3 images in 24 hours. Please try again later.',
      data: null,
    });
    expect((await upload(s.app, 'quota-b')).body.code).toBe('00');
    // A day later the oldest no longer counts.
    await age(s.app, urls[0]!);
    expect((await upload(s.app, 'quota-a')).body.code).toBe('00');
  });

  it('ten uploads at once against a quota of 3: exactly 3 stored', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => upload(s.app, 'quota-race')));
    expect(replies.filter((r) => r.body.code === '00')).toHaveLength(3);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(7);
    const rows = await s.app.db
      .selectFrom('uploads')
      .select('name')
      .where('borrower_id', '=', 'quota-race')
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(await stored(s.app, `/uploads/${row.name}`)).toBe(true);
    expect(await s.app.db.selectFrom('stored_files').select('name').execute()).toHaveLength(
      (await s.app.db.selectFrom('uploads').select('name').execute()).length,
    );
    // Nothing is written to the uploads folder any more.
    expect(existsSync(join(s.dir, 'uploads')) ? readdirSync(join(s.dir, 'uploads')) : []).toEqual([]);
  });
});

describe.each(backends)('orphaned upload clean-up (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend);
  });
  afterAll(async () => s.close());

  it('removes images no complaint used once older than the age, row and file; keeps the rest', async () => {
    const used = (await upload(s.app, 'sweep-a')).body.data.url as string;
    const orphan = (await upload(s.app, 'sweep-a')).body.data.url as string;
    const fresh = (await upload(s.app, 'sweep-a')).body.data.url as string;
    const saved = await s.app.inject({
      method: 'POST',
      url: '/nepenthes/problem-save?sessionId=sweep-a',
      payload: { problemType: 2, problemDetail: 'with a picture', problemImage: used },
    });
    expect(saved.json().code).toBe('00');
    await age(s.app, used);
    await age(s.app, orphan);

    // Two instances sweeping at once: each orphan is removed once, neither fails.
    const cutoff = new Date(Date.now() - 24 * 3_600_000);
    const { sweepOrphanUploads } = await import('../../src/server/repos/uploads.js');
    const [a, b] = await Promise.all([
      sweepOrphanUploads(s.app.db, cutoff),
      sweepOrphanUploads(s.app.db, cutoff),
    ]);
    expect([...a, ...b]).toEqual([nameOf(orphan)]);

    expect(await stored(s.app, orphan)).toBe(false);
    expect((await s.app.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
    for (const kept of [used, fresh]) {
      expect(await stored(s.app, kept), kept).toBe(true);
      expect((await s.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
    }
    // The complaint still shows its image.
    const detail = await s.app.inject({
      method: 'POST',
      url: '/nepenthes/problem-detail?sessionId=sweep-a',
      payload: { problemId: saved.json().data.problemId },
    });
    expect(detail.json().data.images).toEqual([used]);
  });

  it('an image can only be attached by the borrower who uploaded it', async () => {
    const theirs = (await upload(s.app, 'sweep-owner')).body.data.url as string;
    const res = await s.app.inject({
      method: 'POST',
      url: '/nepenthes/problem-save?sessionId=sweep-thief',
      payload: { problemType: 2, problemDetail: 'not my picture', problemImage: theirs },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/problemImage/);
  });
});

describe('the clean-up runs at start and then periodically', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lender-sweep-'));
  const options = {
    sqlitePath: join(dir, 'lender.sqlite'),
    uploadsDir: join(dir, 'uploads'),
    screensDir: join(dir, 'screens'),
    distDir: join(dir, 'dist'),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('at start', async () => {
    const first = await buildServer(options);
    const orphan = (await upload(first, 'start-a')).body.data.url as string;
    await age(first, orphan);
    expect(await stored(first, orphan)).toBe(true);
    await first.close();

    const second = await buildServer(options);
    await second.ready();
    expect(await stored(second, orphan)).toBe(false);
    await second.close();
  });

  it('periodically', async () => {
    const app = await buildServer({ ...options, sweepIntervalMs: 50 });
    await app.ready();
    const orphan = (await upload(app, 'tick-a')).body.data.url as string;
    await age(app, orphan);
    await expect.poll(() => stored(app, orphan), { timeout: 5_000 }).toBe(false);
    await app.close();
  });

  it('uploads kept as files before (UPLOADS_DIR) are read into the database at start and served', async () => {
    const first = await buildServer(options);
    const url = (await upload(first, 'legacy-a')).body.data.url as string;
    // As a server before issue 29 left it: the row, and the bytes in a file only.
    await first.db.deleteFrom('stored_files').where('name', '=', nameOf(url)).execute();
    mkdirSync(join(dir, 'uploads'), { recursive: true });
    writeFileSync(join(dir, 'uploads', nameOf(url)), PNG_1PX);
    await first.close();

    const second = await buildServer({ ...options, sweepIntervalMs: 0 });
    expect(await stored(second, url)).toBe(true);
    const served = await second.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    await second.close();
  });
});
