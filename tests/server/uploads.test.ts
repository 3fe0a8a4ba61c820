// @vitest-environment node
// Uploads (issue 20 §5; S2.4-05, S2.4-06): a per-borrower quota with a clear message, and a
// clean-up of images no complaint used, older than a configured age: at start, periodically, and
// safely when several instances sweep at once.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
    for (const row of rows) expect(existsSync(join(s.dir, 'uploads', row.name))).toBe(true);
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
    const dir = join(s.dir, 'uploads');
    const { sweepOrphanUploads } = await import('../../src/server/repos/uploads.js');
    const [a, b] = await Promise.all([
      sweepOrphanUploads(s.app.db, dir, cutoff),
      sweepOrphanUploads(s.app.db, dir, cutoff),
    ]);
    expect([...a, ...b]).toEqual([nameOf(orphan)]);

    expect(existsSync(join(dir, nameOf(orphan)))).toBe(false);
    expect((await s.app.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
    for (const kept of [used, fresh]) {
      expect(existsSync(join(dir, nameOf(kept))), kept).toBe(true);
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
    await first.close();
    expect(existsSync(join(dir, 'uploads', nameOf(orphan)))).toBe(true);

    const second = await buildServer(options);
    await second.ready();
    expect(existsSync(join(dir, 'uploads', nameOf(orphan)))).toBe(false);
    await second.close();
  });

  it('periodically', async () => {
    const app = await buildServer({ ...options, sweepIntervalMs: 50 });
    await app.ready();
    const orphan = (await upload(app, 'tick-a')).body.data.url as string;
    await age(app, orphan);
    await expect.poll(() => existsSync(join(dir, 'uploads', nameOf(orphan))), { timeout: 5_000 }).toBe(false);
    await app.close();
  });
});
