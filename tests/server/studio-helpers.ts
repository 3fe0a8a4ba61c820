// Helpers for the studio and publishing API tests: a server on a small screens folder, configured
// as production runs the studio (NODE_ENV=production: its own listener, a Host allowlist, signed
// borrower sessions, the required secrets, accounts made by the accounts module, no demo account)
// or as the demo does (`npm start`: on the app's port, demo accounts); signed-in clients (cookie +
// CSRF token, as the studio page holds them, sent to whichever listener serves the studio), and
// accounts of any role.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { accountsOf, type Role } from '../../src/server/accounts/accounts.js';
import { buildServer, type ServerOptions } from '../../src/server/app.js';
import { optionsFromEnv } from '../../src/server/config.js';
import { productionProblems } from '../../src/server/ops/production.js';
import { dropSchema, startServer, type Backend, type Reply, type TestServer } from './helpers.js';

/** Cheap password hashes: the tests sign in often (production uses 2^15). */
export const TEST_COST = 4;
export const PASSWORD = 'correct horse battery';

/** A valid screen document with one button, pretty-printed as ops write them. */
export const screenText = (id: string, label: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      schemaVersion: 1,
      id,
      title: id,
      body: [{ type: 'button', label, onTap: [{ do: 'toast', text: 'hi' }] }],
      ...extra,
    },
    null,
    2,
  ) + '\n';

export const manifestText = (routes: { path: string; screen: string }[], promo?: object) =>
  JSON.stringify({ schemaVersion: 1, routes, ...(promo ? { promo } : {}) }, null, 2) + '\n';

export const BASE_ROUTES = [
  { path: '/hello', screen: 'hello' },
  { path: '/other', screen: 'other' },
];

/** screens/ with hello (/hello), other (/other) and the manifest; `extra` files as given ('parts/x.json' too). */
export function writeScreens(dir: string, extra: Record<string, string> = {}): string {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'manifest.json': manifestText(BASE_ROUTES),
    'hello.json': screenText('hello', 'Go'),
    'other.json': screenText('other', 'Other'),
    ...extra,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** A built app's two pages, so page routes answer (tests do not run the real build). */
export function writeDist(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const page of ['index', 'promo', 'studio', 'studio-preview'])
    writeFileSync(
      join(dir, `${page}.html`),
      `<!doctype html><html><head><!--app-config--></head><body><div id="root"></div>${page}</body></html>`,
    );
  return dir;
}

/** The studio's host name on the production-configured servers (LENDER_STUDIO_HOSTS). */
export const STUDIO_HOST = 'studio.lender.test';
/** Secrets as an operator makes them (docs/deploy.md): random, base64url. */
const secret = () => randomBytes(32).toString('base64url');

/**
 * The environment production runs the studio with (docs/deploy.md, "The studio and publishing in
 * production"); main.ts's checks (ops/production.ts) pass on it. `extra` adds or replaces settings.
 */
export function productionStudioEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = {
    NODE_ENV: 'production',
    SQLITE_PATH: 'data/unused.sqlite',
    LENDER_STUDIO: '1',
    LENDER_STUDIO_PORT: '8788',
    LENDER_STUDIO_HOSTS: STUDIO_HOST,
    LENDER_IDENTITY: 'signed',
    LENDER_SESSION_KEY: secret(),
    LENDER_EVENT_SECRET: secret(),
    ...extra,
  };
  const problems = productionProblems(env);
  if (problems.length > 0) throw new Error(`not a production configuration: ${problems.join(' ')}`);
  return env;
}

/** The server's options from that environment, as main.ts reads them (optionsFromEnv). */
export function productionStudioOptions(env = productionStudioEnv()): ServerOptions {
  const { port: _port, host: _host, ...read } = optionsFromEnv(env);
  // The test's own database and folders (startServer's) stay: only what the environment set counts.
  const options = Object.fromEntries(
    Object.entries(read).filter(([name, value]) => value !== undefined && name !== 'sqlitePath'),
  ) as ServerOptions;
  // A test injects requests: the listener's port is never opened (main.ts listens), only present.
  return { ...options, logLevel: 'silent', studioPort: 0 };
}

/** One deployment's database and folders, started as often as a test needs (a release = a restart). */
export interface Site {
  root: string;
  screens: string;
  dist: string;
  options: ServerOptions;
  /** A server on them, configured as production runs the studio (its own listener is not opened). */
  start(extra?: ServerOptions): Promise<FastifyInstance>;
  write(name: string, text: string): void;
  cleanup(): Promise<void>;
}

export function productionSite(backend: Backend): Site {
  const root = mkdtempSync(join(tmpdir(), 'lender-site-'));
  const screens = writeScreens(join(root, 'screens'));
  const dist = writeDist(join(root, 'dist'));
  const schema = `site_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const options: ServerOptions = {
    ...productionStudioOptions(),
    ...(backend === 'sqlite'
      ? { sqlitePath: join(root, 'lender.sqlite') }
      : { databaseUrl: process.env.DATABASE_URL, pgSchema: schema }),
    screensDir: screens,
    distDir: dist,
    uploadsDir: join(root, 'uploads'),
    passwordCost: TEST_COST,
    publishPollMs: 0,
  };
  const running: FastifyInstance[] = [];
  return {
    root,
    screens,
    dist,
    options,
    async start(extra = {}) {
      // The page configuration reads LENDER_STUDIO from the environment (plugins/static-app.ts).
      process.env.LENDER_STUDIO = '1';
      try {
        const app = await buildServer({ ...options, ...extra });
        running.push(app);
        return app;
      } finally {
        delete process.env.LENDER_STUDIO;
      }
    },
    write: (name, text) => writeFileSync(join(screens, name), text),
    async cleanup() {
      for (const app of running) await app.close().catch(() => undefined);
      if (backend === 'postgres') await dropSchema(schema);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The listener that serves the studio, and requests to it as staff send them (an allowed Host). */
export interface StudioListener {
  app: FastifyInstance;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The studio of a server: its own listener in production, the app's port in the demo. */
export function studioOf(app: FastifyInstance): StudioListener {
  const own = app.studioServer;
  if (!own) return { app, inject: (options) => app.inject(options) };
  const host = app.cfg.studioHosts[0]!;
  return {
    app: own,
    inject: (options) => own.inject({ ...options, headers: { host, ...options.headers } }),
  };
}

export interface StudioServer extends TestServer {
  /** A controllable clock: tests move it (schedules, expiries, rate-limit windows). */
  clock: { now: Date; advance(ms: number): void };
  /** Where the studio is served (production: its own listener). */
  studio: StudioListener;
}

/** The accounts a production studio server starts with, made as production makes them. */
export const STAFF: { username: string; roles: Role[] }[] = [
  { username: 'editor', roles: ['editor'] },
  { username: 'publisher', roles: ['publisher'] },
];

/** Makes STAFF's accounts (with PASSWORD) where they do not exist yet: what ops do once per database. */
export async function addStaff(app: FastifyInstance): Promise<void> {
  const accounts = accountsOf(app.db, { now: app.cfg.now, passwordCost: TEST_COST });
  for (const { username, roles } of STAFF)
    if (!(await accounts.byName(username)))
      await accounts.create({ username, roles, password: PASSWORD }, { id: null, name: 'cli:ops' });
}

/**
 * A studio server configured as production runs it: NODE_ENV=production's options, the studio on
 * its own listener behind the Host allowlist, signed borrower sessions, the required secrets, no
 * demo data and no demo account; `editor` and `publisher` made through the accounts module (what
 * `npm run studio:user -- add` calls) with PASSWORD. `startDemoStudio` is the demo's (`npm start`).
 */
export function startStudio(
  backend: Backend,
  extra: ServerOptions = {},
  /** More baseline files, e.g. 'parts/x.json', or a screen in place of hello's. */
  files: Record<string, string> = {},
): Promise<StudioServer> {
  return start(backend, { ...productionStudioOptions(), ...extra }, files, true);
}

/** The demo's studio (`npm start`): on the app's port, loopback host names, the demo accounts. */
export function startDemoStudio(
  backend: Backend,
  extra: ServerOptions = {},
  files: Record<string, string> = {},
): Promise<StudioServer> {
  return start(backend, extra, files, false);
}

async function start(
  backend: Backend,
  options: ServerOptions,
  files: Record<string, string>,
  production: boolean,
): Promise<StudioServer> {
  const clock = {
    now: new Date('2026-12-01T02:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const site = mkdtempSync(join(tmpdir(), 'lender-studio-'));
  // The page configuration reads LENDER_STUDIO from the environment (plugins/static-app.ts).
  const previous = process.env.LENDER_STUDIO;
  if (production) process.env.LENDER_STUDIO = '1';
  let s: TestServer;
  try {
    s = await startServer(backend, {
      screensDir: writeScreens(join(site, 'screens'), files),
      distDir: writeDist(join(site, 'dist')),
      passwordCost: TEST_COST,
      publishPollMs: 0,
      now: () => clock.now,
      ...options,
    });
  } finally {
    if (previous === undefined) delete process.env.LENDER_STUDIO;
    else process.env.LENDER_STUDIO = previous;
  }
  if (production) await addStaff(s.app);
  return {
    ...s,
    dir: site,
    clock,
    studio: studioOf(s.app),
    async close() {
      await s.close();
      rmSync(site, { recursive: true, force: true });
    },
  };
}

/** The session's Set-Cookie line of a sign-in reply (the device cookie comes with it). */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  return ([] as string[]).concat(setCookie ?? []).find((c) => /^(__Secure-)?lender_studio=/.test(c)) ?? '';
}

export interface Client {
  username: string;
  readonly csrf: string;
  readonly cookie: string;
  /** A studio API call as the studio page makes it (cookie, CSRF token, JSON). */
  call(
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Reply }>;
}

/**
 * Signs in as the studio page does. `renew`: sign in again when the session has ended (tests that
 * move the clock by hours, as a person coming back would), instead of answering 401.
 */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { renew?: boolean } = {},
): Promise<Client> {
  const studio = studioOf(app);
  const session = async () => {
    const res = await studio.inject({
      method: 'POST',
      url: '/studio/api/session',
      payload: { username, password },
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    return {
      cookie: sessionCookie(res.headers['set-cookie']).split(';')[0]!,
      csrf: (res.json() as Reply).csrfToken as string,
    };
  };
  let current = await session();
  const client: Client = {
    username,
    get csrf() {
      return current.csrf;
    },
    get cookie() {
      return current.cookie;
    },
    async call(method, path, payload, headers = {}) {
      const send = () =>
        studio.inject({
          method,
          url: `/studio/api${path}`,
          headers: { cookie: current.cookie, 'x-csrf-token': current.csrf, ...headers },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      let reply = await send();
      if (reply.statusCode === 401 && options.renew) {
        current = await session();
        reply = await send();
      }
      const text = reply.body;
      let body: Reply;
      try {
        body = JSON.parse(text) as Reply;
      } catch {
        body = { text };
      }
      return { status: reply.statusCode, body };
    },
  };
  return client;
}

/** An account with these roles (made directly: admin endpoints have their own tests). */
export async function account(app: FastifyInstance, username: string, roles: Role[]): Promise<Client> {
  await accountsOf(app.db, { now: app.cfg.now, passwordCost: TEST_COST }).create(
    { username, roles, password: PASSWORD },
    { id: null, name: 'test' },
  );
  return signIn(app, username, PASSWORD);
}

/** The password of `editor` and `publisher`: the demo's own, or the one startStudio gave them. */
const staffPassword = (app: FastifyInstance, role: 'editor' | 'publisher') =>
  app.cfg.demoAccounts ? `demo-${role}-password` : PASSWORD;

export const editor = (app: FastifyInstance, options: { renew?: boolean } = {}) =>
  signIn(app, 'editor', staffPassword(app, 'editor'), options);
export const publisher = (app: FastifyInstance, options: { renew?: boolean } = {}) =>
  signIn(app, 'publisher', staffPassword(app, 'publisher'), options);

/** The live revision id of a document, as the studio sees it. */
export async function liveId(client: Client, kind: string, name: string): Promise<number | null> {
  const { body } = await client.call('GET', `/documents/${kind}/${name}`);
  return (body.live?.id as number | undefined) ?? null;
}

/** Editor saves, asks for review; publisher approves now. Returns the approval's reply. */
export async function publishText(
  ed: Client,
  pub: Client,
  kind: string,
  name: string,
  text: string,
  approve: Record<string, unknown> = {},
) {
  const doc = await ed.call('GET', `/documents/${kind}/${name}`);
  const parent = doc.body.draft?.headRevisionId ?? doc.body.live?.id ?? null;
  const saved = await ed.call('PUT', `/documents/${kind}/${name}/draft`, { text, parentRevisionId: parent });
  if (saved.status !== 200) throw new Error(`save failed: ${JSON.stringify(saved.body)}`);
  const draftId = saved.body.draft.id as number;
  const review = await ed.call('POST', `/drafts/${draftId}/review`, {});
  if (review.status !== 200) throw new Error(`review failed: ${JSON.stringify(review.body)}`);
  return pub.call('POST', `/drafts/${draftId}/approve`, { revisionId: saved.body.revision.id, ...approve });
}
