import { DEMO_ACCOUNTS } from './accounts/demo.js';
import { buildServer } from './app.js';
import { optionsFromEnv } from './config.js';

/** Entry. Environment: PORT (8787), HOST, DATABASE_URL or SQLITE_PATH, DIST_DIR, SCREENS_DIR, UPLOADS_DIR, LENDER_DEV=0, LENDER_LOG=1, LENDER_STUDIO_* (docs/api.md, docs/config.md). */
async function main(): Promise<void> {
  const { port, host, ...options } = optionsFromEnv();
  const app = await buildServer(options);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Lender app: http://${host}:${actualPort}/`);
  const studio = app.studioServer;
  if (studio) await studio.listen({ port: app.cfg.studioPort ?? 0, host });
  if (studio || app.hasRoute({ method: 'GET', url: '/studio' })) {
    const address = studio?.server.address();
    const studioPort = typeof address === 'object' && address ? address.port : actualPort;
    console.log(`Screen studio: http://${host}:${studioPort}/studio`);
    if (app.cfg.dev)
      for (const demo of DEMO_ACCOUNTS)
        console.log(`  demo ${demo.roles.join('+')}: sign in as ${demo.username} / ${demo.password}`);
  }

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown after ${signal} failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Lender server failed to start:', error);
  process.exit(1);
});
