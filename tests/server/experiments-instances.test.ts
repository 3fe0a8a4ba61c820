// @vitest-environment node
// The kill switch reaches every instance (issue 19): two server instances on one database; an
// experiment started through one is served by both with the same arm per borrower, and a stop
// through one returns every borrower of the other to the control within 2 s. On PostgreSQL by
// LISTEN/NOTIFY (the periodic check is set far beyond the test); on SQLite, two servers on one
// file, by the periodic check. The studio runs as production runs it (its own listener).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { dropSchema } from './helpers.js';
import {
  TEST_COST,
  addStaff,
  editor,
  productionStudioOptions,
  publisher,
  screenText,
  writeDist,
  writeScreens,
} from './studio-helpers.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

async function arm(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ url: '/screens/hello.json', headers: { cookie } });
  return String(res.headers['x-screen-variant'] ?? '');
}

describe('the kill switch on two instances', () => {
  const apps: FastifyInstance[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => undefined);
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  function folders() {
    const root = mkdtempSync(join(tmpdir(), 'lender-exp-instances-'));
    cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
    return {
      root,
      dirs: {
        screensDir: writeScreens(join(root, 'screens')),
        distDir: writeDist(join(root, 'dist')),
        uploadsDir: join(root, 'uploads'),
      },
    };
  }

  /** An instance as production runs it (the page configuration reads LENDER_STUDIO). */
  async function instance(options: ServerOptions): Promise<FastifyInstance> {
    process.env.LENDER_STUDIO = '1';
    try {
      const app = await buildServer(options);
      apps.push(app);
      return app;
    } finally {
      delete process.env.LENDER_STUDIO;
    }
  }

  async function scenario(options: ServerOptions): Promise<void> {
    // One deployment: the same settings, secrets included, on every instance.
    const deployment = { ...productionStudioOptions(), ...options };
    const a = await instance(deployment);
    const b = await instance(deployment);
    await addStaff(a);
    // Let the second instance's listener connect.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ed = await editor(a);
    const doc = await ed.call('GET', '/documents/screen/hello');
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Try it'),
      parentRevisionId: doc.body.live.id,
    });
    const pub = await publisher(a);
    const started = await pub.call('POST', '/experiments', {
      kind: 'experiment',
      screen: 'hello',
      goal: 'signup',
      arms: [
        { revisionId: null, weight: 50 },
        { revisionId: saved.body.revision.id, weight: 50 },
      ],
    });
    expect(started.status).toBe(201);
    const id = started.body.experiment.id as number;
    const cookies = Array.from({ length: 24 }, (_, i) => `lender_vid=${String(i).padStart(22, 'x')}`);
    // Within 2 s the other instance serves the experiment, each borrower in the same arm as here.
    const startedAt = Date.now();
    while ((await arm(b, cookies[0]!)) === '' && Date.now() - startedAt < 5000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - startedAt).toBeLessThan(2000);
    for (const cookie of cookies) expect(await arm(b, cookie)).toBe(await arm(a, cookie));
    const arms = await Promise.all(cookies.map((c) => arm(b, c)));
    expect(new Set(arms)).toEqual(new Set([`e${id}:a`, `e${id}:b`]));

    // The kill switch, pressed on the first instance: the second serves everyone the control.
    expect((await pub.call('POST', `/experiments/${id}/stop`, {})).status).toBe(200);
    const stoppedAt = Date.now();
    const controlEverywhere = async () =>
      (await Promise.all(cookies.map((c) => arm(b, c)))).every((v) => v === '');
    while (!(await controlEverywhere()) && Date.now() - stoppedAt < 5000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    for (const cookie of cookies) {
      const res = await b.inject({ url: '/screens/hello.json', headers: { cookie } });
      expect(res.json().body[0].label).toBe('Go');
    }
  }

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: NOTIFY carries the start and the stop within 2 s',
    async () => {
      const { dirs } = folders();
      const schema = `exp_instances_${process.pid}_${Date.now()}`;
      cleanups.push(() => dropSchema(schema));
      await scenario({
        databaseUrl: process.env.DATABASE_URL,
        pgSchema: schema,
        ...dirs,
        passwordCost: TEST_COST,
        // The safety net checks once a minute: within the test only a notification can do it.
        publishPollMs: 60_000,
      });
    },
  );

  it('SQLite: two servers on one file; the periodic check carries the stop within 2 s', async () => {
    const { root, dirs } = folders();
    await scenario({
      sqlitePath: join(root, 'shared.sqlite'),
      ...dirs,
      passwordCost: TEST_COST,
      publishPollMs: 500,
    });
  });
});
