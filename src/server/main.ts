import { buildServer } from './app.js';
import { optionsFromEnv } from './config.js';
import { loadVerifierModule } from './identity/index.js';

/** Entry. Environment: PORT (8787), HOST, DATABASE_URL or SQLITE_PATH, DIST_DIR, SCREENS_DIR, UPLOADS_DIR, LENDER_DEV=0, LENDER_LOG=1 (docs/api.md), identity and uploads (docs/config.md). */
async function main(): Promise<void> {
  const { port, host, ...options } = optionsFromEnv();
  // A lender's own session check (docs/deploy.md) wins over LENDER_IDENTITY.
  const verifier = process.env.LENDER_IDENTITY_MODULE;
  if (verifier) options.identity = await loadVerifierModule(verifier);
  const app = await buildServer(options);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Lender app: http://${host}:${actualPort}/`);

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
