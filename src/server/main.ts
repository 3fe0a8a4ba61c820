import { buildServer } from './app.js';
import { optionsFromEnv } from './config.js';
import { productionProblems, refusalMessage } from './ops/production.js';
import { redactText } from './ops/redact.js';
import { installShutdown, shutdownSettings } from './ops/shutdown.js';

/** Entry. Environment: PORT (8787), HOST, DATABASE_URL or SQLITE_PATH, NODE_ENV=production, ... (docs/config.md). */
async function main(): Promise<void> {
  const problems = productionProblems(process.env);
  if (problems.length > 0) {
    console.error(refusalMessage(problems));
    process.exit(1);
  }
  const { port, host, ...options } = optionsFromEnv();
  const app = await buildServer(options);
  installShutdown(app, shutdownSettings(process.env));
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host}:${actualPort}/`;
  // A JSON line where the log is on at info (production), the demo's one human line otherwise.
  if (options.logLevel === 'info') app.log.info({ url }, `Lender app: ${url}`);
  else console.log(`Lender app: ${url}`);
}

main().catch((error: unknown) => {
  // The error may quote a setting (a DATABASE_URL with its password).
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`Lender server failed to start: ${redactText(text)}`);
  process.exit(1);
});
