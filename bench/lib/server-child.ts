// A server in its own process for bench/server-load.ts, so autocannon (in the parent) and the
// server do not share one event loop. BENCH_SERVER=reference|bare; prints "ready" when listening.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { buildServer } from '../../src/server/app.js';

async function main(): Promise<void> {
  const port = Number(process.env.PORT);
  const app =
    process.env.BENCH_SERVER === 'bare'
      ? Fastify()
      : await buildServer({
          databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
          pgSchema: process.env.BENCH_PG_SCHEMA || undefined,
          sqlitePath: process.env.BENCH_SQLITE_PATH,
          screensDir: process.env.BENCH_SCREENS_DIR,
          distDir: process.env.BENCH_DIST_DIR,
          uploadsDir: process.env.BENCH_UPLOADS_DIR,
          // The page renderer (bench/ssr.ts); unset: the default beside distDir, usually absent.
          ssrModule: process.env.BENCH_SSR_MODULE,
          // Signed sessions (bench/ssr.ts); unset: the demo's identities.
          ...(process.env.BENCH_SESSION_KEY
            ? { identity: 'signed' as const, sessionKey: process.env.BENCH_SESSION_KEY }
            : {}),
          dev: false,
          logLevel: 'silent',
          // As behind its proxy: the event senders' addresses come in X-Forwarded-For (lib/event-load.ts).
          trustProxy: '127.0.0.1',
        });
  if (process.env.BENCH_SERVER === 'bare') app.get('/ping', async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
  // bench/ssr-profile.ts: SIGUSR2 starts the CPU profile (after its warm-up), SIGTERM writes it.
  const profile = process.env.BENCH_CPU_PROFILE;
  const inspector = profile ? new Session() : null;
  if (inspector) {
    inspector.connect();
    process.on('SIGUSR2', () => {
      void inspector
        .post('Profiler.enable')
        .then(() => inspector.post('Profiler.setSamplingInterval', { interval: 100 }))
        .then(() => inspector.post('Profiler.start'))
        .then(() => process.stdout.write('profiling\n'));
    });
  }
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => {
    const written = inspector
      ? inspector
          .post('Profiler.stop')
          .then(({ profile: data }) => writeFileSync(profile!, JSON.stringify(data)))
      : Promise.resolve();
    void written.then(() => app.close()).then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
