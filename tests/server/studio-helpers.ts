// Helpers for the studio and publishing API tests: a server on a small screens folder, signed-in
// clients (cookie + CSRF token, as the studio page holds them), and accounts of any role.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { accountsOf, type Role } from '../../src/server/accounts/accounts.js';
import type { ServerOptions } from '../../src/server/app.js';
import { startServer, type Backend, type Reply, type TestServer } from './helpers.js';

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

export interface StudioServer extends TestServer {
  /** A controllable clock: tests move it (schedules, expiries, rate-limit windows). */
  clock: { now: Date; advance(ms: number): void };
}

export async function startStudio(
  backend: Backend,
  extra: ServerOptions = {},
  /** More baseline files, e.g. 'parts/x.json', or a screen in place of hello's. */
  files: Record<string, string> = {},
): Promise<StudioServer> {
  const clock = {
    now: new Date('2026-12-01T02:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const site = mkdtempSync(join(tmpdir(), 'lender-studio-'));
  const s = await startServer(backend, {
    screensDir: writeScreens(join(site, 'screens'), files),
    distDir: writeDist(join(site, 'dist')),
    passwordCost: TEST_COST,
    publishPollMs: 0,
    now: () => clock.now,
    ...extra,
  });
  return {
    ...s,
    dir: site,
    clock,
    async close() {
      await s.close();
      rmSync(site, { recursive: true, force: true });
    },
  };
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
  const session = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/studio/api/session',
      payload: { username, password },
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    return {
      cookie: String(res.headers['set-cookie']).split(';')[0]!,
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
        app.inject({
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

export const editor = (app: FastifyInstance, options: { renew?: boolean } = {}) =>
  signIn(app, 'editor', 'demo-editor-password', options);
export const publisher = (app: FastifyInstance, options: { renew?: boolean } = {}) =>
  signIn(app, 'publisher', 'demo-publisher-password', options);

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
