// @vitest-environment node
// screens/ as the baseline (issue 17): a fresh database is seeded from it; at each start a changed
// file becomes a new revision, published when the studio had not changed the document, otherwise
// a conflict a publisher settles (with the diff); `screens:export` writes the published state back.
// Restarts on one database: a SQLite file, or a PostgreSQL schema kept between starts. The studio
// runs as production runs it (its own listener, accounts made once by ops: studio-helpers.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportPublished } from '../../src/server/publishing/export.js';
import { backends, type Backend } from './helpers.js';
import {
  BASE_ROUTES,
  addStaff,
  editor,
  manifestText,
  productionSite,
  publishText,
  publisher,
  screenText,
  type Site,
} from './studio-helpers.js';

// Each test starts servers that import the baseline screens (seconds each on a loaded 2-core
// machine); the 2 s and schedule assertions are inside the tests, not in this limit.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

/** A deployment as production runs it, its staff accounts made once by ops. */
function site(backend: Backend): Site {
  const base = productionSite(backend);
  return {
    ...base,
    async start(extra = {}) {
      const app = await base.start(extra);
      await addStaff(app);
      return app;
    },
  };
}

const label = async (app: FastifyInstance, id = 'hello') => {
  const res = await app.inject({ url: `/screens/${id}.json` });
  return res.statusCode === 200 ? (res.json().body[0].label as string) : null;
};

describe.each(backends)('baseline import on %s', (backend) => {
  let s: Site;
  afterEach(async () => s?.cleanup());

  it('seeds a fresh database from screens/, and a restart with the same files changes nothing', async () => {
    s = site(backend);
    const first = await s.start();
    expect(first.content.imported).toEqual({
      published: ['screen:hello', 'screen:other', 'manifest:manifest'],
      conflicts: [],
    });
    expect(await label(first)).toBe('Go');
    const pub = await publisher(first);
    const log = (await pub.call('GET', '/audit?action=baseline.publish')).body.entries;
    expect(log.map((e: { target: string }) => e.target).sort()).toEqual([
      'manifest:manifest',
      'screen:hello',
      'screen:other',
    ]);
    await first.close();
    const again = await s.start();
    expect(again.content.imported).toEqual({ published: [], conflicts: [] });
    const revisions = (await (await publisher(again)).call('GET', '/documents/screen/hello/revisions')).body
      .revisions;
    expect(revisions).toHaveLength(1);
  });

  it('a release that changes a document the studio left alone publishes it at start', async () => {
    s = site(backend);
    await (await s.start()).close();
    s.write('hello.json', screenText('hello', 'Released'));
    // A new screen and its new route, in one release: both go live together.
    s.write('extra.json', screenText('extra', 'Extra'));
    s.write('manifest.json', manifestText([...BASE_ROUTES, { path: '/extra', screen: 'extra' }]));
    const app = await s.start();
    expect(app.content.imported.conflicts).toEqual([]);
    expect(app.content.imported.published.sort()).toEqual([
      'manifest:manifest',
      'screen:extra',
      'screen:hello',
    ]);
    expect(await label(app)).toBe('Released');
    expect(await label(app, 'extra')).toBe('Extra');
    const publications = (await (await publisher(app)).call('GET', '/documents/screen/hello/publications'))
      .body.publications;
    expect(publications.map((p: { reason: string }) => p.reason)).toEqual(['baseline', 'baseline']);
  });

  it('a release that changes a document ops changed waits as a conflict, with the diff, until a publisher settles it', async () => {
    s = site(backend);
    let app = await s.start();
    await publishText(
      await editor(app),
      await publisher(app),
      'screen',
      'hello',
      screenText('hello', 'Ops wording'),
    );
    await app.close();

    s.write('hello.json', screenText('hello', 'Release wording'));
    app = await s.start();
    expect(app.content.imported).toEqual({ published: [], conflicts: ['screen:hello'] });
    // Nothing is lost, nothing is overwritten: borrowers keep what ops published.
    expect(await label(app)).toBe('Ops wording');
    let pub = await publisher(app);
    const [conflict] = (await pub.call('GET', '/conflicts')).body.conflicts;
    expect(conflict).toMatchObject({ kind: 'screen', name: 'hello', status: 'open', reason: 'live-changed' });
    expect(conflict.diff).toContain('-      "label": "Ops wording"');
    expect(conflict.diff).toContain('+      "label": "Release wording"');
    expect(conflict.previousBaseline.text).toBe(screenText('hello', 'Go'));
    expect(
      (await pub.call('GET', '/documents')).body.documents.find((d: { name: string }) => d.name === 'hello'),
    ).toMatchObject({ conflictId: conflict.id });
    expect(
      (await (await editor(app)).call('POST', `/conflicts/${conflict.id}/resolve`, { take: 'baseline' }))
        .status,
    ).toBe(403);
    const kept = await pub.call('POST', `/conflicts/${conflict.id}/resolve`, { take: 'live' });
    expect(kept.status).toBe(200);
    expect(await label(app)).toBe('Ops wording');
    await app.close();

    // The next release changes it again: a new conflict; this time the release wins.
    s.write('hello.json', screenText('hello', 'Release wording, v2'));
    app = await s.start();
    pub = await publisher(app);
    const [next] = (await pub.call('GET', '/conflicts')).body.conflicts;
    expect(next.id).not.toBe(conflict.id);
    const taken = await pub.call('POST', `/conflicts/${next.id}/resolve`, {
      take: 'baseline',
      message: 'legal asked',
    });
    expect(taken.status).toBe(200);
    expect(await label(app)).toBe('Release wording, v2');
    expect((await pub.call('POST', `/conflicts/${next.id}/resolve`, { take: 'live' })).status).toBe(409);
    const audit = (await pub.call('GET', '/audit?action=conflict.resolve')).body.entries;
    expect(audit.map((e: { detail: { take: string } }) => e.detail.take)).toEqual(['baseline', 'live']);
    expect((await pub.call('GET', '/audit?action=baseline.conflict')).body.entries).toHaveLength(2);
  });

  it('a release document the checker refuses is not published, even on a fresh database', async () => {
    s = site(backend);
    s.write('broken.json', screenText('broken', 'x').replace('"toast"', '"toastt"'));
    s.write('manifest.json', manifestText([...BASE_ROUTES, { path: '/broken', screen: 'broken' }]));
    const app = await s.start();
    // The manifest names a screen that is not published: it waits too, and the old routes stay.
    expect(app.content.imported.conflicts.sort()).toEqual(['manifest:manifest', 'screen:broken']);
    expect(await label(app, 'broken')).toBeNull();
    expect(await label(app)).toBe('Go');
    const conflicts = (await (await publisher(app)).call('GET', '/conflicts')).body.conflicts;
    const broken = conflicts.find((c: { name: string }) => c.name === 'broken');
    expect(broken.reason).toBe('errors');
    expect(broken.problems[0].message).toContain('toastt');
    expect((await app.inject({ url: '/screens/manifest.json' })).statusCode).toBe(404);
  });

  it('screens:export writes the published state back; the next start finds nothing to import', async () => {
    s = site(backend);
    let app = await s.start();
    await publishText(
      await editor(app),
      await publisher(app),
      'screen',
      'hello',
      screenText('hello', 'From the studio'),
    );
    const result = await exportPublished(app.db, s.screens);
    expect(result).toEqual({ written: ['hello.json'], same: 2 });
    expect(readFileSync(join(s.screens, 'hello.json'), 'utf8')).toBe(screenText('hello', 'From the studio'));
    await app.close();
    app = await s.start();
    expect(app.content.imported).toEqual({ published: [], conflicts: [] });
    // A later release change is then published as usual.
    await app.close();
    s.write('hello.json', screenText('hello', 'Next release'));
    app = await s.start();
    expect(app.content.imported.published).toEqual(['screen:hello']);
  });

  it.runIf(backend === 'sqlite')('npm run screens:export runs against the configured database', async () => {
    s = site(backend);
    const app = await s.start();
    await publishText(
      await editor(app),
      await publisher(app),
      'screen',
      'other',
      screenText('other', 'Exported'),
    );
    await app.close();
    const run = spawnSync('npx', ['tsx', 'scripts/screens-export.ts', s.screens], {
      env: { ...process.env, SQLITE_PATH: s.options.sqlitePath, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('1 file written, 2 unchanged');
    expect(JSON.parse(readFileSync(join(s.screens, 'other.json'), 'utf8')).body[0].label).toBe('Exported');
  });
});
