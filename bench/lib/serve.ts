// Loopback-only servers for the bench: a static folder (with the reference server's caching and
// precompressed-file rules, so a peer page is served like ours) and the reference server itself.
import { startServer } from '../../scripts/lib/server-process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves `root` on 127.0.0.1:port: hashed assets immutable, HTML no-cache, gzip when asked. */
export function serveStatic(root: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    // A folder gets its index.html; any other path without an extension is the single-page app.
    const rel = pathname.endsWith('/')
      ? `${pathname}index.html`
      : extname(pathname)
        ? pathname
        : 'index.html';
    let file = normalize(join(root, rel));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) file = join(root, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && /text|json|svg/.test(type);
    if (gzip) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers).end(gzip ? gzipSync(body, { level: 9 }) : body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export async function waitFor(url: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no server at ${url}`);
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The reference server (src/server/main.ts) on loopback with a throwaway SQLite database. */
export async function startReferenceServer(
  root: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const db = `/tmp/bench-${port}-${Date.now()}.sqlite`;
  const server = await startServer({
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: db,
      DATABASE_URL: '',
      // The server as `npm start` runs it (demo data and identities): a Vite build in the same
      // process sets NODE_ENV=production, which would turn the demo off.
      NODE_ENV: 'development',
      LENDER_EVENT_SECRET: 'bench-event-secret-not-for-production-0123',
      ...env,
    },
    echo: 'stderr',
  });
  return {
    url: server.base,
    stop: async () => {
      await server.stop();
      for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
    },
  };
}
