// @vitest-environment node
// The studio where production runs it (issue 28 item 2): NODE_ENV=production's options, the studio
// on its own listener (LENDER_STUDIO_PORT) behind the Host allowlist (LENDER_STUDIO_HOSTS), signed
// borrower sessions and the required secrets, no demo account: the staff accounts are made by the
// account commands (`npm run studio:user -- add`). Every route in the studio listener's own route
// table must answer a successful call there (the experiments API answered 500 on that listener,
// and no test saw it, because the tests ran the studio on the app's port as the demo does). The
// demo's studio, on the app's port, keeps a smoke of its own. SQLite and, with DATABASE_URL,
// PostgreSQL.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runUserCommand } from '../../src/server/accounts/cli.js';
import { backends, PNG_1PX, type Backend, type Reply } from './helpers.js';
import {
  STUDIO_HOST,
  editor,
  productionSite,
  screenText,
  startDemoStudio,
  studioOf,
  type Site,
  type StudioServer,
} from './studio-helpers.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const PASSWORDS = {
  editor: 'editor password 1234',
  publisher: 'publisher password 1234',
  boss: 'admin password 1234',
};
type Who = keyof typeof PASSWORDS;

/** A route pattern of the table as a matcher of concrete paths ('/drafts/:id' matches '/drafts/7'). */
function matcher(url: string): RegExp {
  const escaped = url.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:\w+/g, '[^/]+').replace(/\*/g, '.*')}$`);
}

/** A deployment as production runs it, with a built asset for the studio's pages to load. */
function site(backend: Backend): Site {
  const s = productionSite(backend);
  mkdirSync(join(s.dist, 'assets'));
  writeFileSync(join(s.dist, 'assets', 'studio-abc123.js'), 'export {};\n');
  return s;
}

describe.each(backends)('the studio in the production configuration on %s', (backend) => {
  let s: Site | undefined;
  afterEach(async () => {
    await s?.cleanup();
    s = undefined;
  });

  it('every route of the studio listener answers a successful call, and none a 5xx', async () => {
    s = site(backend);
    let app = await s.start();
    expect(app.cfg).toMatchObject({ production: true, dev: false, demoAccounts: false, identity: 'signed' });
    expect(app.studioServer, 'the studio has a listener of its own').toBeDefined();
    // The staff accounts, made as an operator makes them (npm run studio:user -- add ...).
    for (const [name, role] of [
      ['editor', 'editor'],
      ['publisher', 'publisher'],
      ['boss', 'admin'],
    ] as const) {
      const out: string[] = [];
      const code = await runUserCommand(app.db, ['add', name, '--role', role], {
        out: (line) => out.push(line),
        password: async () => PASSWORDS[name],
      });
      expect(code, out.join('\n')).toBe(0);
    }

    const calls: { method: string; path: string; status: number; body: string }[] = [];
    const sessions = new Map<Who, { cookie: string; csrf: string }>();
    /** A request to the studio listener as staff send it, recorded. */
    async function send(options: InjectOptions & { method: string; url: string }, who?: Who) {
      const session = who ? sessions.get(who) : undefined;
      const res = await studioOf(app).inject({
        ...options,
        headers: {
          ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
          ...options.headers,
        },
      });
      calls.push({
        method: options.method,
        path: options.url.split('?')[0]!,
        status: res.statusCode,
        body: res.body,
      });
      return res;
    }
    async function call(who: Who, method: string, path: string, payload?: unknown): Promise<Reply> {
      const res = await send(
        {
          method,
          url: `/studio/api${path}`,
          ...(payload === undefined ? {} : { payload: payload as object }),
        },
        who,
      );
      expect(res.statusCode, `${who} ${method} ${path}: ${res.body}`).toBeLessThan(300);
      return res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : {};
    }
    async function signIn(who: Who): Promise<void> {
      const res = await send({
        method: 'POST',
        url: '/studio/api/session',
        payload: { username: who, password: PASSWORDS[who] },
      });
      expect(res.statusCode, res.body).toBe(200);
      sessions.set(who, {
        cookie: String(res.headers['set-cookie']).split(';')[0]!,
        csrf: (res.json() as Reply).csrfToken as string,
      });
    }

    // The pages and the assets they load.
    for (const url of ['/studio', '/studio/', '/studio/preview', '/assets/studio-abc123.js'])
      expect((await send({ method: 'GET', url })).statusCode, url).toBe(200);
    // The scenarios' pictures (screens/scenarios point at /assets-demo/), which the studio's phone
    // loads from this listener: they were 404 here, so a product's logo showed as an empty circle.
    const logo = await send({ method: 'GET', url: '/assets-demo/logo-1.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await send({ method: 'GET', url: '/assets-demo/nothing.svg' })).statusCode).toBe(404);
    for (const who of ['editor', 'publisher', 'boss'] as const) await signIn(who);
    expect((await call('editor', 'GET', '/session')).account.username).toBe('editor');

    // Documents, drafts, review, preview link, schedule, publication, its end, rollback.
    // The studio page's probe while it shows that the database is unavailable (issue 30).
    expect((await call('editor', 'GET', '/status')).database).toBe('ok');
    await call('editor', 'GET', '/documents');
    await call('editor', 'GET', '/library');
    const live = (await call('editor', 'GET', '/documents/screen/hello')).live.id as number;
    await call('editor', 'GET', '/documents/screen/hello/revisions');
    await call('editor', 'GET', '/documents/screen/hello/publications');
    await call('editor', 'GET', '/scenarios/hello');
    const saved = await call('editor', 'PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Promo'),
      parentRevisionId: live,
      message: 'promo wording',
    });
    const draftId = saved.draft.id as number;
    const revisionId = saved.revision.id as number;
    await call('editor', 'GET', `/revisions/${revisionId}`);
    await call('editor', 'GET', '/drafts');
    await call('editor', 'GET', `/drafts/${draftId}`);
    const link = await call('editor', 'POST', `/drafts/${draftId}/preview-link`, {});
    await call('editor', 'POST', `/drafts/${draftId}/review`, {});
    const later = new Date(app.cfg.now().getTime() + 86_400_000).toISOString();
    await call('publisher', 'POST', `/drafts/${draftId}/approve`, { revisionId, publishAt: later });
    expect((await call('publisher', 'GET', '/schedules')).publications).toHaveLength(1);
    await call('publisher', 'POST', `/drafts/${draftId}/unschedule`, {});
    const approved = await call('publisher', 'POST', `/drafts/${draftId}/approve`, { revisionId });
    const publication = approved.publicationId as number;
    await call('publisher', 'PUT', `/publications/${publication}/end`, {
      endsAt: later,
      endFallback: 'previous',
    });
    await call('publisher', 'POST', '/documents/screen/hello/rollback', { revisionId: live });
    // A second draft: sent back, then discarded.
    const other = await call('editor', 'PUT', '/documents/screen/other/draft', {
      text: screenText('other', 'Else'),
      parentRevisionId: (await call('editor', 'GET', '/documents/screen/other')).live.id,
    });
    await call('editor', 'POST', `/drafts/${other.draft.id}/review`, {});
    await call('publisher', 'POST', `/drafts/${other.draft.id}/send-back`, { comment: 'not now' });
    await call('editor', 'POST', `/drafts/${other.draft.id}/discard`, {});

    // Rollouts and experiments: start, look, ramp, stop (the kill switch); another one promoted.
    const tryIt = await call('editor', 'PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Try it'),
      parentRevisionId: (await call('editor', 'GET', '/documents/screen/hello')).live.id,
    });
    const arm = tryIt.revision.id as number;
    const rollout = await call('publisher', 'POST', '/experiments', {
      kind: 'rollout',
      screen: 'hello',
      revisionId: arm,
      percent: 20,
      goal: 'block_error',
    });
    await call('publisher', 'GET', '/experiments');
    await call('publisher', 'GET', `/experiments/${rollout.experiment.id}`);
    await call('publisher', 'GET', `/experiments/${rollout.experiment.id}/results`);
    await call('publisher', 'POST', `/experiments/${rollout.experiment.id}/ramp`, { percent: 50 });
    await call('publisher', 'POST', `/experiments/${rollout.experiment.id}/stop`, {});
    const test = await call('publisher', 'POST', '/experiments', {
      kind: 'experiment',
      screen: 'hello',
      name: 'Wording',
      goal: 'signup',
      planned: 100,
      arms: [
        { revisionId: null, weight: 50 },
        { revisionId: arm, weight: 50 },
      ],
    });
    await call('publisher', 'POST', `/experiments/${test.experiment.id}/promote`, { arm: 'b' });

    // A picture uploaded for the panel's image field, listed, and served to the studio's phone
    // (this listener) and to borrowers (the app's) at the address written into documents.
    const picture = await call('editor', 'POST', '/assets', {
      data: PNG_1PX.toString('base64'),
      name: 'b.png',
    });
    expect((await call('editor', 'GET', '/assets')).assets).toHaveLength(1);
    const media = picture.asset.url as string;
    expect((await send({ method: 'GET', url: media })).statusCode).toBe(200);
    expect((await app.inject({ url: media })).headers['content-type']).toBe('image/png');

    // The audit log and its export; accounts; one's own password; signing out.
    await call('publisher', 'GET', '/audit');
    await call('publisher', 'GET', '/audit.csv');
    await call('boss', 'GET', '/accounts');
    const made = await call('boss', 'POST', '/accounts', {
      username: 'maria',
      roles: ['editor'],
      password: 'maria password 1234',
    });
    await call('boss', 'PATCH', `/accounts/${made.account.id}`, { displayName: 'Maria Santos' });
    await call('boss', 'POST', `/accounts/${made.account.id}/unlock`, {});
    await call('editor', 'POST', '/session/password', {
      current: PASSWORDS.editor,
      password: 'editor password 5678',
    });
    await call('editor', 'DELETE', '/session');

    // A release that changes what ops changed: a conflict, settled by a publisher after the restart.
    await app.close();
    s.write('hello.json', screenText('hello', 'Release wording'));
    app = await s.start();
    for (const who of ['publisher'] as const) await signIn(who);
    const [conflict] = (await call('publisher', 'GET', '/conflicts')).conflicts;
    await call('publisher', 'POST', `/conflicts/${conflict.id}/resolve`, { take: 'live' });

    // Every route of the studio listener's own table had a successful call; none answered 5xx.
    expect(calls.filter((c) => c.status >= 500)).toEqual([]);
    const routes = app.studioServer!.routeTable.flatMap((r) =>
      (Array.isArray(r.method) ? r.method : [r.method])
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${r.url}`),
    );
    const patterns = routes.map((route) => ({ route, test: matcher(route.slice(route.indexOf(' ') + 1)) }));
    const succeeded = new Set<string>();
    for (const c of calls.filter((x) => x.status < 300)) {
      const candidates = patterns.filter((p) => p.route.startsWith(`${c.method} `) && p.test.test(c.path));
      // The most specific: a route without a wildcard, then the one with the fewest parameters.
      const best = candidates.sort(
        (a, b) =>
          Number(a.route.includes('*')) - Number(b.route.includes('*')) ||
          (a.route.match(/:/g)?.length ?? 0) - (b.route.match(/:/g)?.length ?? 0),
      )[0];
      if (best) succeeded.add(best.route);
    }
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !succeeded.has(route))).toEqual([]);

    // The preview link the editor made opens on the borrower-facing listener, not the studio's.
    expect(link.path).toMatch(/^\/preview\//);
    expect(
      (await app.studioServer!.inject({ url: link.path, headers: { host: STUDIO_HOST } })).statusCode,
    ).toBe(404);
  });
});

describe.each(backends)("the demo's studio on the app's port (npm start) on %s", (backend) => {
  let s: StudioServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('serves its pages and API beside the app, to the demo accounts', async () => {
    s = await startDemoStudio(backend);
    expect(s.app.studioServer).toBeUndefined();
    expect(s.app.cfg).toMatchObject({ production: false, demoAccounts: true });
    expect((await s.app.inject({ url: '/studio' })).statusCode).toBe(200);
    const ed = await editor(s.app);
    expect((await ed.call('GET', '/documents')).status).toBe(200);
    expect((await ed.call('GET', '/experiments')).status).toBe(200);
    const live = (await ed.call('GET', '/documents/screen/hello')).body.live.id as number;
    const saved = await ed.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Demo'),
      parentRevisionId: live,
    });
    expect(saved.status).toBe(200);
  });
});
