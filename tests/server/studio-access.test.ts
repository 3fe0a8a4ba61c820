// @vitest-environment node
// Who may use the studio (issue 17 "People and roles", issue 20 §4): every studio endpoint needs a
// session (401) and the right role (403); writes need the same site and the session's CSRF token;
// a foreign Host is refused; sign-in is limited per account and per address; sessions live in an
// HttpOnly, SameSite cookie, Secure under https; accounts are managed by admins; the studio can
// have a port of its own. The studio runs as production runs it (startStudio: NODE_ENV=production,
// its own listener, the Host allowlist, accounts made by the accounts module); the demo's studio
// on the app's port has its own checks below. Every test runs on SQLite and, with DATABASE_URL, on
// PostgreSQL.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/plugins/studio/guard.js';
import { backends, startServer, type Reply, type TestServer } from './helpers.js';
import {
  PASSWORD,
  STUDIO_HOST,
  TEST_COST,
  account,
  editor,
  publisher,
  screenText,
  sessionCookie,
  signIn,
  startDemoStudio,
  startStudio,
  writeDist,
  writeScreens,
  type Client,
  type StudioServer,
} from './studio-helpers.js';

interface StudioRoute {
  method: string;
  url: string;
  access: Access;
}

/** The studio API's routes, from the studio listener's own route table (a new endpoint is covered at once). */
function studioRoutes(s: StudioServer): StudioRoute[] {
  return s.studio.app.routeTable.flatMap((r) => {
    if (!r.url.startsWith('/studio/api/')) return [];
    const access = ((r.config ?? {}) as { roles?: Access }).roles ?? 'signed-in';
    return (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD')
      .map((method) => ({ method, url: r.url, access }));
  });
}

const concrete = (url: string) =>
  url.replace(':kind', 'screen').replace(':name', 'hello').replace(':id', '1').replace('/studio/api', '');

async function audit(client: Client, query: string) {
  return (await client.call('GET', `/audit?${query}`)).body.entries as {
    action: string;
    detail: Record<string, unknown>;
  }[];
}

describe.each(backends)('studio access on %s', (backend) => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('every studio endpoint answers 401 without a session, and with a forged or expired one', async () => {
    s = await startStudio(backend);
    const routes = studioRoutes(s).filter((r) => r.access !== 'public');
    expect(routes.length).toBeGreaterThan(20);
    for (const cookie of [undefined, 'lender_studio=forged-token-that-is-not-a-session-aaaaaaaaaaaa']) {
      for (const route of routes) {
        const res = await s.studio.inject({
          method: route.method as 'GET',
          url: `/studio/api${concrete(route.url)}`,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().ok).toBe(false);
      }
    }
    // A session past its idle time is over too.
    const ed = await editor(s.app);
    expect((await ed.call('GET', '/documents')).status).toBe(200);
    s.clock.advance(2 * 60 * 60 * 1000 + 1000);
    expect((await ed.call('GET', '/documents')).status).toBe(401);
  });

  it('every role-bound endpoint answers 403 to an account without the role, and the role works', async () => {
    s = await startStudio(backend);
    const clients = {
      editor: await editor(s.app),
      publisher: await publisher(s.app),
      admin: await account(s.app, 'boss', ['admin']),
    };
    const bound = studioRoutes(s).filter((r): r is StudioRoute & { access: readonly string[] } =>
      Array.isArray(r.access),
    );
    expect(bound.length).toBeGreaterThan(10);
    for (const route of bound) {
      const outsider = Object.entries(clients).find(([role]) => !route.access.includes(role));
      expect(outsider, `${route.url} is open to every role`).toBeDefined();
      const res = await outsider![1].call(
        route.method as 'GET',
        concrete(route.url),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.status, `${outsider![0]} ${route.method} ${route.url}`).toBe(403);
      expect(res.body.message).toMatch(/needs the .* role/);
    }
    // Reading is for any account; the editor's save and the publisher's audit view work.
    expect((await clients.admin.call('GET', '/documents')).status).toBe(200);
    expect((await clients.publisher.call('GET', '/audit')).status).toBe(200);
    const saved = await clients.editor.call('PUT', '/documents/screen/hello/draft', {
      text: screenText('hello', 'Hi'),
      parentRevisionId: (await clients.editor.call('GET', '/documents/screen/hello')).body.live.id,
    });
    expect(saved.status).toBe(200);
  });

  it('malformed bodies, ids and queries on every endpoint get a clear 4xx, never a 500', async () => {
    s = await startStudio(backend);
    const all = await account(s.app, 'everything', ['editor', 'publisher', 'admin']);
    const bodies: unknown[] = [
      [],
      'text',
      7,
      { text: 5, parentRevisionId: 'x', message: { a: 1 } },
      { revisionId: '1', publishAt: { at: 1 }, endsAt: 5, endFallback: 'screen:../x', comment: ['x'] },
      { take: 'both', roles: 'admin', disabled: 'yes', password: 12, username: 'ÄÖ', displayName: 9 },
      { text: 'x'.repeat(600 * 1024) },
    ];
    for (const route of studioRoutes(s)) {
      for (const url of [
        concrete(route.url),
        concrete(route.url).replace('/1', '/99999999').replace('/hello', '/nope'),
      ]) {
        const list = route.method === 'GET' ? [undefined] : bodies;
        for (const body of list) {
          const res = await all.call(
            route.method as 'GET',
            `${url}${route.method === 'GET' ? '?limit=abc&before=-1&from=x' : ''}`,
            body,
          );
          expect(res.status, `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(
            500,
          );
          expect(res.body.ok === true || typeof res.body.message === 'string').toBe(true);
        }
      }
    }
  });

  it('refuses cross-site writes: foreign Origin, Sec-Fetch-Site, no or wrong CSRF token, a form body', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    const parent = (await ed.call('GET', '/documents/screen/hello')).body.live.id as number;
    const body = { text: screenText('hello', 'Evil'), parentRevisionId: parent };
    const attempts: [Record<string, string>, number][] = [
      [{ origin: 'https://evil.example' }, 403],
      [{ origin: 'null' }, 403],
      [{ 'sec-fetch-site': 'cross-site' }, 403],
      [{ 'sec-fetch-site': 'same-site' }, 403],
      [{ 'x-csrf-token': '' }, 403],
      [{ 'x-csrf-token': 'x'.repeat(43) }, 403],
    ];
    for (const [headers, status] of attempts) {
      const res = await ed.call('PUT', '/documents/screen/hello/draft', body, headers);
      expect(res.status, JSON.stringify(headers)).toBe(status);
    }
    // A cross-site form cannot send JSON: a form body is refused before anything else.
    const form = await s.studio.inject({
      method: 'PUT',
      url: '/studio/api/documents/screen/hello/draft',
      headers: {
        cookie: ed.cookie,
        'x-csrf-token': ed.csrf,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'text=x',
    });
    expect(form.statusCode).toBe(415);
    // Sign-in from another site is refused too (login CSRF).
    const foreign = await s.studio.inject({
      method: 'POST',
      url: '/studio/api/session',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'editor', password: PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await ed.call('GET', '/documents/screen/hello')).body.draft).toBeNull();
    // The same request from the studio's own origin goes through.
    const own = await ed.call('PUT', '/documents/screen/hello/draft', body, {
      origin: `https://${STUDIO_HOST}`,
    });
    expect(own.status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding) on the pages and the API', async () => {
    s = await startStudio(backend);
    const studio = s.studio.app;
    // Production's allowlist is LENDER_STUDIO_HOSTS: the machine's own names are foreign too.
    for (const host of ['evil.example:8787', 'localhost', '127.0.0.1:8788', `${STUDIO_HOST}.evil.example`])
      for (const url of ['/studio', '/studio/preview', '/studio/api/session']) {
        const res = await studio.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
        expect(res.statusCode, `${host} ${url}`).toBe(421);
        expect(res.body).not.toContain('<script');
      }
    const rebound = await studio.inject({
      method: 'POST',
      url: '/studio/api/session',
      headers: { host: 'attacker.example' },
      payload: { username: 'editor', password: PASSWORD },
    });
    expect(rebound.statusCode).toBe(421);
    for (const host of [STUDIO_HOST, `${STUDIO_HOST}:8788`, STUDIO_HOST.toUpperCase()])
      expect((await studio.inject({ url: '/studio', headers: { host } })).statusCode, host).toBe(200);
    await s.close();
    // The demo's studio answers the loopback names only.
    s = await startDemoStudio(backend);
    for (const host of ['127.0.0.1:8787', 'localhost:9999', '[::1]:8787'])
      expect(
        (await s.app.inject({ method: 'GET', url: '/studio', headers: { host } })).statusCode,
        host,
      ).toBe(200);
    expect((await s.app.inject({ url: '/studio', headers: { host: 'evil.example' } })).statusCode).toBe(421);
  });

  it('refuses reserved ids as screen ids, so a save can never replace the manifest', async () => {
    s = await startStudio(backend);
    const ed = await editor(s.app);
    for (const id of ['manifest', 'scenarios', 'parts']) {
      const res = await ed.call('PUT', `/documents/screen/${id}/draft`, {
        text: screenText(id, 'x'),
        parentRevisionId: null,
      });
      expect(res.status, id).toBe(400);
      expect(res.body.message).toContain('reserved');
    }
    const manifest = await s.app.inject({ url: '/screens/manifest.json' });
    expect(manifest.json().routes).toHaveLength(2);
    // The manifest itself is a document of its own kind.
    expect((await ed.call('GET', '/documents/manifest/manifest')).body.live.text).toBe(manifest.body);
  });

  it('an outsider cannot lock a staff member out: sign-in limits per account and address, per address, per browser, and a slower one per account; an admin unlocks (issue 28 item 6)', async () => {
    s = await startStudio(backend);
    const attempt = async (username: string, password: string, remoteAddress: string, device = '') => {
      const res = await s.studio.inject({
        method: 'POST',
        url: '/studio/api/session',
        remoteAddress,
        headers: device ? { cookie: device } : {},
        payload: { username, password },
      });
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const deviceCookie = cookies.find((c) => /^(__Secure-)?lender_studio_device=/.test(c));
      return {
        status: res.statusCode,
        body: res.json() as Reply,
        res,
        device: deviceCookie?.split(';')[0] ?? '',
      };
    };
    const OFFICE = '10.0.0.1';
    const OUTSIDER = '203.0.113.9';
    // The editor's own browser: signed in once, it keeps a device cookie (sent only to sign-in).
    const first = await attempt('editor', PASSWORD, OFFICE);
    expect(first.status).toBe(200);
    const browser = first.device;

    // An outsider's five wrong passwords limit the account from the outsider's address only.
    for (let i = 0; i < 5; i++)
      expect((await attempt('editor', 'wrong password!', OUTSIDER)).status).toBe(401);
    expect((await attempt('editor', PASSWORD, OFFICE)).status).toBe(200);
    expect(String(first.res.headers['set-cookie'])).toMatch(
      /__Secure-lender_studio_device=[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/studio\/api\/session; HttpOnly; SameSite=Strict; Secure/,
    );
    const limited = await attempt('editor', PASSWORD, OUTSIDER);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ limit: 'perAccountAndAddress', retryAfterSeconds: 900 });
    expect(limited.res.headers['retry-after']).toBe('900');
    expect(limited.body.message).toBe(
      'Too many failed sign-ins for this account from your address: try again in 15 minutes, or ask an admin to unlock the account',
    );
    expect((await attempt('editor', PASSWORD, '10.0.0.2', browser)).status).toBe(200);

    // Guesses spread over many addresses: the slower limit holds back new browsers for the
    // account (30 in an hour), never the browser the editor signed in from.
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++)
        expect((await attempt('editor', `guess ${j}`, `198.51.100.${i}`)).status).toBe(401);
    const spread = await attempt('editor', PASSWORD, '10.0.0.77');
    expect(spread.status).toBe(429);
    expect(spread.body.limit).toBe('perAccount');
    expect((await attempt('editor', PASSWORD, '10.0.0.77', browser)).status).toBe(200);
    expect((await attempt('publisher', PASSWORD, '10.0.0.77')).status).toBe(200);

    // The admin sees it in the account list and unlocks it (audited); a new browser gets in.
    const admin = await account(s.app, 'boss', ['admin']);
    const listed = (await admin.call('GET', '/accounts')).body.accounts.find(
      (a: { username: string }) => a.username === 'editor',
    );
    expect(listed.signIn).toEqual({ failures: 30, limited: true });
    const unlocked = await admin.call('POST', `/accounts/${listed.id}/unlock`, {});
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({
      refusalsForgotten: 30,
      account: { signIn: { failures: 0, limited: false } },
    });
    expect((await attempt('editor', PASSWORD, '10.0.0.77')).status).toBe(200);
    expect((await attempt('editor', PASSWORD, OUTSIDER)).status).toBe(200);

    // From one address, refusals for many names add up (20 in 15 minutes), whatever the account.
    for (let i = 0; i < 20; i++) await attempt(`nobody${i}`, 'guess guess guess', '10.9.8.7');
    expect((await attempt('publisher', PASSWORD, '10.9.8.7')).body.limit).toBe('perAddress');
    expect((await attempt('publisher', PASSWORD, '10.9.8.8')).status).toBe(200);
    s.clock.advance(15 * 60 * 1000 + 1);
    expect((await attempt('publisher', PASSWORD, '10.9.8.7')).status).toBe(200);

    // The editor's browser has a limit of its own: five wrong passwords in it.
    for (let i = 0; i < 5; i++) await attempt('editor', 'typo typo typo', OFFICE, browser);
    expect((await attempt('editor', PASSWORD, OFFICE, browser)).body.limit).toBe('perDevice');
    expect((await attempt('editor', PASSWORD, OFFICE)).status).toBe(200);

    // Every attempt is in the log: refused ones with their reason, limited ones with their limit.
    const pub = await publisher(s.app);
    const failed = await audit(pub, 'action=session.sign-in-failed&limit=500');
    expect(failed.filter((e) => e.detail.reason === 'wrong password')).toHaveLength(35);
    expect(failed.filter((e) => e.detail.reason === 'unknown account')).toHaveLength(20);
    expect((await audit(pub, 'action=session.sign-in-limited')).map((e) => e.detail.limit)).toEqual([
      'perDevice',
      'perAddress',
      'perAccount',
      'perAccountAndAddress',
    ]);
    const unlock = await audit(pub, 'action=account.unlock');
    expect(unlock).toHaveLength(1);
    expect(unlock[0]!.detail).toEqual({ refusalsForgotten: 30 });
  });

  it('keeps the session server-side in an HttpOnly, SameSite=Strict cookie, Secure under https', async () => {
    const signInReply = (target: StudioServer) =>
      target.studio.inject({
        method: 'POST',
        url: '/studio/api/session',
        payload: {
          username: 'editor',
          password: target.app.cfg.demoAccounts ? 'demo-editor-password' : PASSWORD,
        },
      });
    // Production: always Secure (behind its TLS proxy), whatever the request says.
    s = await startStudio(backend);
    const production = await signInReply(s);
    expect(sessionCookie(production.headers['set-cookie'])).toMatch(
      /^__Secure-lender_studio=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/studio; HttpOnly; SameSite=Strict; Secure$/,
    );
    // The token is not stored: the database holds its hash only.
    const cookie = sessionCookie(production.headers['set-cookie']).split(';')[0]!;
    const token = cookie.split('=')[1]!;
    const rows = await s.app.db.selectFrom('studio_sessions').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(token);
    // The page never carries a session or a CSRF token.
    const page = await s.studio.inject({ url: '/studio', headers: { accept: 'text/html', cookie } });
    expect(page.body).not.toContain(production.json().csrfToken);
    expect(page.body).not.toContain(token);
    await s.close();

    // The demo's: plain over http, Secure over https.
    s = await startDemoStudio(backend);
    expect(sessionCookie((await signInReply(s)).headers['set-cookie'])).toMatch(
      /^lender_studio=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/studio; HttpOnly; SameSite=Strict$/,
    );
    await s.close();
    s = await startDemoStudio(backend, { cookieSecure: 'always' });
    expect(sessionCookie((await signInReply(s)).headers['set-cookie'])).toMatch(
      /^__Secure-lender_studio=.*; HttpOnly; SameSite=Strict; Secure$/,
    );
    await s.close();

    // Behind a TLS-terminating proxy that says so (trusted), 'auto' sets Secure.
    s = await startDemoStudio(backend, { trustProxy: 1 });
    const proxied = await s.studio.inject({
      method: 'POST',
      url: '/studio/api/session',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: 'editor', password: 'demo-editor-password' },
    });
    expect(sessionCookie(proxied.headers['set-cookie'])).toContain('; Secure');
    const client: Client = await editor(s.app);
    expect((await client.call('DELETE', '/session')).status).toBe(200);
    expect((await client.call('GET', '/session')).status).toBe(401);
  });

  it('admins manage accounts (audited); a changed account is signed out; the last admin stays', async () => {
    s = await startStudio(backend);
    const admin = await account(s.app, 'boss', ['admin']);
    const created = await admin.call('POST', '/accounts', {
      username: 'Maria.Santos',
      displayName: 'Maria Santos',
      roles: ['editor'],
      password: PASSWORD,
    });
    expect(created.status).toBe(201);
    expect(created.body.account).toMatchObject({
      username: 'maria.santos',
      roles: ['editor'],
      disabled: false,
    });
    expect(
      (
        await admin.call('POST', '/accounts', {
          username: 'maria.santos',
          roles: ['editor'],
          password: PASSWORD,
        })
      ).status,
    ).toBe(409);
    expect(
      (await admin.call('POST', '/accounts', { username: 'weak', roles: ['editor'], password: 'short' })).body
        .message,
    ).toContain('at least 12');
    expect(
      (await admin.call('POST', '/accounts', { username: 'x1', roles: ['root'], password: PASSWORD })).status,
    ).toBe(400);

    const maria = await signIn(s.app, 'maria.santos', PASSWORD);
    const id = created.body.account.id as number;
    expect((await admin.call('PATCH', `/accounts/${id}`, { roles: ['editor', 'publisher'] })).status).toBe(
      200,
    );
    expect((await maria.call('GET', '/session')).status).toBe(401);
    expect((await admin.call('PATCH', `/accounts/${id}`, { disabled: true })).status).toBe(200);
    const refused = await s.studio.inject({
      method: 'POST',
      url: '/studio/api/session',
      payload: { username: 'maria.santos', password: PASSWORD },
    });
    expect(refused.statusCode).toBe(401);

    const self = (await admin.call('GET', '/session')).body.account.id as number;
    const last = await admin.call('PATCH', `/accounts/${self}`, { roles: ['publisher'] });
    expect(last.status).toBe(409);
    const entries = await audit(await publisher(s.app), 'action=account.*');
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['account.create', 'account.update', 'account.update']),
    );
    // Changing one's own password checks the current one and signs out the other sessions.
    const elsewhere = await signIn(s.app, 'boss', PASSWORD);
    expect(
      (await admin.call('POST', '/session/password', { current: 'nope', password: 'a new long password' }))
        .status,
    ).toBe(403);
    expect(
      (await admin.call('POST', '/session/password', { current: PASSWORD, password: 'a new long password' }))
        .status,
    ).toBe(200);
    expect((await elsewhere.call('GET', '/session')).status).toBe(401);
    expect((await admin.call('GET', '/session')).status).toBe(200);
  });
});

describe('demo accounts and the studio switched off', () => {
  const site = join(process.env.TMPDIR ?? '/tmp', `lender-demo-${process.pid}`);
  let previous: string | undefined;
  beforeAll(() => {
    writeScreens(join(site, 'screens'));
    writeDist(join(site, 'dist'));
    previous = process.env.LENDER_STUDIO;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.LENDER_STUDIO;
    else process.env.LENDER_STUDIO = previous;
  });

  it('demo accounts sign in only to the demo server, whatever database it opens', async () => {
    const options = {
      sqlitePath: join(site, 'demo.sqlite'),
      screensDir: join(site, 'screens'),
      distDir: join(site, 'dist'),
      passwordCost: TEST_COST,
      publishPollMs: 0,
    };
    const demo = await startServer('sqlite', { ...options, dev: true });
    await editor(demo.app);
    await demo.app.close();
    process.env.LENDER_STUDIO = '1';
    const production = await startServer('sqlite', { ...options, dev: false });
    try {
      const res = await production.app.inject({
        method: 'POST',
        url: '/studio/api/session',
        payload: { username: 'editor', password: 'demo-editor-password' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await production.close();
      delete process.env.LENDER_STUDIO;
    }
  });

  it('demo accounts go with the demo data: without it (LENDER_SEED_DEMO=0) none is made or signs in', async () => {
    const options = {
      screensDir: join(site, 'screens'),
      distDir: join(site, 'dist'),
      passwordCost: TEST_COST,
      publishPollMs: 0,
      dev: true,
    };
    const signIn = (s: TestServer) =>
      s.app.inject({
        method: 'POST',
        url: '/studio/api/session',
        payload: { username: 'publisher', password: 'demo-publisher-password' },
      });
    // A fresh database without demo data: no demo account at all.
    const bare = await startServer('sqlite', { ...options, seed: false });
    try {
      expect((await signIn(bare)).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
    // One seeded earlier by the demo stops working once the demo data is switched off.
    const sqlitePath = join(site, 'seeded.sqlite');
    const demo = await startServer('sqlite', { ...options, sqlitePath });
    expect((await signIn(demo)).statusCode).toBe(200);
    await demo.close();
    const unseeded = await startServer('sqlite', { ...options, sqlitePath, seed: false });
    try {
      expect((await signIn(unseeded)).statusCode).toBe(401);
    } finally {
      await unseeded.close();
    }
  });

  it('is a 404 in production (LENDER_DEV=0) and with LENDER_STUDIO=0: pages and API', async () => {
    const production = await startServer('sqlite', {
      dev: false,
      passwordCost: TEST_COST,
      distDir: join(site, 'dist'),
    });
    process.env.LENDER_STUDIO = '0';
    const off = await startServer('sqlite', { passwordCost: TEST_COST, distDir: join(site, 'dist') });
    delete process.env.LENDER_STUDIO;
    try {
      for (const s of [production, off]) {
        expect((await s.app.inject({ url: '/studio', headers: { accept: 'text/html' } })).statusCode).toBe(
          404,
        );
        const signInRes = await s.app.inject({
          method: 'POST',
          url: '/studio/api/session',
          payload: { username: 'editor', password: 'demo-editor-password' },
        });
        expect(signInRes.statusCode).toBe(404);
      }
    } finally {
      await production.close();
      await off.close();
    }
  });

  it('on a port of its own, the borrower listener never serves the studio', async () => {
    const s = await startServer('sqlite', {
      studioPort: 0,
      screensDir: join(site, 'screens'),
      distDir: join(site, 'dist'),
      passwordCost: TEST_COST,
      publishPollMs: 0,
    });
    try {
      for (const url of ['/studio', '/studio/api/session'])
        expect((await s.app.inject({ url, headers: { accept: 'text/html' } })).statusCode, url).toBe(404);
      const studio = s.app.studioServer!;
      expect(studio).toBeDefined();
      expect((await studio.inject({ url: '/studio' })).statusCode).toBe(200);
      const signedIn = await signIn(studio, 'editor', 'demo-editor-password');
      expect((await signedIn.call('GET', '/documents')).body.documents.length).toBe(3);
      // ...and the studio's listener serves no borrower page or document.
      for (const url of ['/hello', '/screens/hello.json', '/v3/loan-details/loan-details'])
        expect((await studio.inject({ url, headers: { accept: 'text/html' } })).statusCode, url).toBe(404);
    } finally {
      await s.close();
    }
  });
});
