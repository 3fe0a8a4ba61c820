// @vitest-environment node
// Liveness and readiness (ops/health.ts, ops/readiness.ts), and the request id on every reply.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadiness } from '../../src/server/ops/readiness.js';
import { backends, startServer, type TestServer } from './helpers.js';

const SCREENS = join(import.meta.dirname, '../../screens');

describe('the readiness registry', () => {
  it('runs the checks once for callers that ask at the same time', async () => {
    const readiness = createReadiness();
    let calls = 0;
    readiness.add('slow', async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
    });
    const reports = await Promise.all([readiness.run(), readiness.run(), readiness.run()]);
    expect(calls).toBe(1);
    expect(reports.every((r) => r.ready)).toBe(true);
    await readiness.run();
    expect(calls).toBe(2);
  });

  it('fails a check that throws, says no or never answers, and keeps the reason for the log', async () => {
    const readiness = createReadiness();
    readiness.add('throws', () => {
      throw new Error('disk gone');
    });
    readiness.add('no', () => false);
    readiness.add('hangs', () => new Promise(() => {}), { timeoutMs: 50 });
    readiness.add('fine', () => undefined);
    const report = await readiness.run();
    expect(report.ready).toBe(false);
    expect(report.checks).toEqual({ throws: 'failed', no: 'failed', hangs: 'failed', fine: 'ok' });
    expect(report.reasons.throws).toBe('disk gone');
    expect(report.reasons.hangs).toMatch(/no answer within 50 ms/);
    readiness.remove('throws');
    readiness.add('no', () => true); // the same name replaces
    readiness.remove('hangs');
    expect((await readiness.run()).ready).toBe(true);
  });
});

// The first server of a file also loads the server's modules, and these import the baseline screens.
const START_TIMEOUT = 60_000;

describe.each(backends)('health endpoints (%s)', (backend) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  }, START_TIMEOUT);

  it(
    'answers /healthz and /readyz with the database and the screens checked',
    async () => {
      s = await startServer(backend, { screensDir: SCREENS });
      const live = await s.app.inject({ method: 'GET', url: '/healthz', headers: { accept: 'text/html' } });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', screens: 'ok' } });
    },
    START_TIMEOUT,
  );

  it(
    'is not ready without the screens manifest, and says which check failed but not why',
    async () => {
      s = await startServer(backend); // its screens folder is empty
      const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', checks: { database: 'ok', screens: 'failed' } });
      expect(ready.body).not.toContain(s.dir);
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
    START_TIMEOUT,
  );

  it(
    'is not ready when the database is gone, while liveness stays up',
    async () => {
      s = await startServer(backend, { screensDir: SCREENS });
      await s.app.db.destroy();
      const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'failed', screens: 'ok' } });
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
    START_TIMEOUT,
  );

  it(
    'takes checks from other areas and turns "draining" on shutdown',
    async () => {
      s = await startServer(backend, { screensDir: SCREENS });
      let loaded = false;
      s.app.readiness.add('published', () => loaded);
      expect((await s.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({
        status: 'not ready',
        checks: { published: 'failed' },
      });
      loaded = true;
      expect((await s.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      s.app.readiness.drain();
      const draining = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'draining' });
    },
    START_TIMEOUT,
  );
});

describe('request ids', () => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('echoes a sane X-Request-Id and replaces anything else with a fresh id', async () => {
    s = await startServer('sqlite', { screensDir: SCREENS });
    const given = await s.app.inject({
      method: 'GET',
      url: '/screens/manifest.json',
      headers: { 'x-request-id': 'lb-7f3a.01' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.01');
    const ids = new Set<string>();
    for (const bad of ['two words', 'x'.repeat(200), '<script>', '']) {
      const res = await s.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });
});
