// CI (npm run test:prod): the production install as an operator does it, on the Node.js LTS that
// docs/deploy.md names (`.nvmrc`; installed from the npm registry when the machine runs another
// Node, scripts/lts-node.ts). Copies the build (dist/, dist-ssr/, dist-server/), screens/, package.json and
// the lock file to a fresh folder, installs with `npm ci --omit=dev` under that Node (native
// modules compiled against its headers), starts `node dist-server/main.mjs` in production mode on PostgreSQL
// (DATABASE_URL; a private schema, dropped afterwards) and checks that it answers: readiness, a
// page, a screen document, API calls under a signed session (none without one), JSON logs, and a
// clean exit on SIGTERM.
// Needs `npm run build` first (npm test does it).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { signSession } from '../src/server/identity/signed.js';
import { ltsNode } from './lts-node.js';
import { spawnServer, type ServerProcess } from './lib/server-process.js';

const root = resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('prod-smoke: DATABASE_URL must point at a PostgreSQL database');
for (const built of ['dist/index.html', 'dist-ssr/render.mjs', 'dist-server/main.mjs'])
  if (!existsSync(join(root, built)))
    throw new Error(`prod-smoke: ${built} is missing; run npm run build first`);

const started = Date.now();
const step = (what: string) =>
  console.log(`prod-smoke [${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
function check(ok: unknown, what: string): void {
  if (!ok) throw new Error(`prod-smoke: ${what}`);
}

const dir = mkdtempSync(join(tmpdir(), 'lender-prod-'));
const schema = `prod_smoke_${process.pid}`;
// Production accepts signed session ids only (src/server/identity/): the smoke signs its own.
const sessionKey = randomBytes(32).toString('base64');
const session = signSession(sessionKey, 'smoke-borrower', new Date(Date.now() + 3_600_000));
let server: ServerProcess | undefined;
const out = () => server?.stdout() ?? '';

async function dropSchema(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

try {
  const runtime = ltsNode(step);
  step(`the production runtime: Node ${runtime.version} (${runtime.node})`);
  for (const part of ['dist', 'dist-server', 'dist-ssr', 'screens', 'package.json', 'package-lock.json'])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  step(`installing the runtime dependencies in ${dir} (npm ci --omit=dev, Node ${runtime.version})`);
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, ...runtime.env },
  });
  for (const tool of ['tsx', 'vite', 'esbuild', 'autocannon', 'react', 'typescript'])
    check(!existsSync(join(dir, 'node_modules', tool)), `a development package was installed: ${tool}`);
  // The native module was built for this Node (a build against another Node's headers fails here).
  execFileSync(
    runtime.node,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { cwd: dir, stdio: 'inherit' },
  );
  step(`better-sqlite3 loads under Node ${runtime.version}`);

  step(`starting node dist-server/main.mjs (Node ${runtime.version}, NODE_ENV=production, PostgreSQL)`);
  server = spawnServer({
    node: runtime.node,
    entry: 'dist-server/main.mjs',
    cwd: dir,
    echo: 'stderr',
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      HOST: '127.0.0.1',
      PORT: '0',
      // Demo data, so the loan call below has a product to apply for.
      LENDER_SEED_DEMO: '1',
      LENDER_SESSION_KEY: sessionKey,
      LENDER_DRAIN_MS: '500',
      LENDER_EVENT_SECRET: randomBytes(32).toString('base64url'),
    },
  });
  const base = await server.address(60_000).catch(() => '');
  check(base, `the server did not print its address:\n${out()}`);

  let ready = 0;
  for (let i = 0; i < 120 && ready !== 200; i++) {
    ready = (await fetch(`${base}/readyz`)).status;
    if (ready !== 200) await new Promise((r) => setTimeout(r, 500));
  }
  check(ready === 200, `/readyz answered ${ready}`);
  step(`ready at ${base}`);

  check((await fetch(`${base}/healthz`)).status === 200, '/healthz');

  const page = await fetch(`${base}/loan/details?orderId=ORD-174-D&productId=P-1`, {
    headers: { accept: 'text/html' },
  });
  const html = await page.text();
  check(page.status === 200 && html.includes('id="app-config"'), `the page: ${page.status}`);
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  check(script && (await fetch(`${base}${script}`)).status === 200, `the page's script ${script}`);

  const doc = await fetch(`${base}/screens/loan-details.json`);
  check(
    doc.status === 200 && ((await doc.json()) as { id?: string }).id === 'loan-details',
    'a screen document',
  );

  const call = (path: string, body: unknown, sessionId?: string) =>
    fetch(`${base}${path}${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const anonymous = await call('/v3/loan-details/loan-details', { orderId: 'ORD-174-D' });
  check(anonymous.status === 401, `the loan details call without a session: ${anonymous.status}`);
  const push = await call(
    '/v3/loan-confirm/loan-detail-push',
    { amount: 500000, periods: 91, termUnit: '1', productId: 'P-1' },
    session,
  );
  const pushed = (await push.json()) as { success?: boolean; data?: { orderId?: string } };
  check(push.status === 200 && pushed.success === true, `the loan application: ${push.status}`);
  const api = await call('/v3/loan-details/loan-details', { orderId: pushed.data?.orderId }, session);
  const details = (await api.json()) as { success?: boolean };
  check(api.status === 200 && details.success === true, `the loan details call: ${api.status}`);

  server.child.kill('SIGTERM');
  const code = await server.exited;
  check(code === 0, `exit code after SIGTERM: ${code}`);
  const lines = out().trim().split('\n');
  for (const line of lines) JSON.parse(line); // every line of the log is JSON
  check(
    !out().includes(session) && !out().includes(encodeURIComponent(session)),
    'a session id reached the log',
  );
  step(`answered (page, document, API), exited 0 on SIGTERM; ${lines.length} JSON log lines`);
} catch (error) {
  if (out()) console.error(out());
  throw error;
} finally {
  await server?.stop('SIGKILL');
  await dropSchema();
  rmSync(dir, { recursive: true, force: true });
}
