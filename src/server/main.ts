import { DEMO_ACCOUNTS } from './accounts/demo.js';
import { buildServer } from './app.js';
import { optionsFromEnv } from './config.js';
import { loadVerifierModule } from './identity/index.js';
import { installFaultNet } from './ops/fault-net.js';
import { productionProblems, refusalMessage } from './ops/production.js';
import { redactText } from './ops/redact.js';
import { installShutdown, shutdownSettings } from './ops/shutdown.js';

/** Entry. Environment: PORT (8787), HOST, DATABASE_URL or SQLITE_PATH, NODE_ENV=production, identity and uploads, LENDER_STUDIO_*, ... (docs/config.md). */
async function main(): Promise<void> {
  const problems = productionProblems(process.env);
  if (problems.length > 0) {
    console.error(refusalMessage(problems));
    process.exit(1);
  }
  const { port, host, ...options } = optionsFromEnv();
  // A lender's own session check (docs/deploy.md) wins over LENDER_IDENTITY.
  const verifier = process.env.LENDER_IDENTITY_MODULE;
  if (verifier) options.identity = await loadVerifierModule(verifier);
  const app = await buildServer(options);
  installFaultNet(app.log);
  installShutdown(app, shutdownSettings(process.env));
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host}:${actualPort}/`;
  // A JSON line where the log is on at info (production), the demo's one human line otherwise.
  const say = (message: string, fields: object = {}) =>
    options.logLevel === 'info' ? app.log.info(fields, message) : console.log(message);
  say(`Lender app: ${url}`, { url });
  const studio = app.studioServer;
  if (studio) await studio.listen({ port: app.cfg.studioPort ?? 0, host });
  if (studio || app.hasRoute({ method: 'GET', url: '/studio' })) {
    const studioAddress = studio?.server.address();
    const studioPort = typeof studioAddress === 'object' && studioAddress ? studioAddress.port : actualPort;
    const studioUrl = `http://${host}:${studioPort}/studio`;
    say(`Screen studio: ${studioUrl}`, { studioUrl });
    // The demo's accounts, when this server seeded them (never in production).
    // In JSON logs, the account without its password: logs are kept and shipped, the README has it.
    if (app.cfg.demoAccounts)
      for (const demo of DEMO_ACCOUNTS)
        if (options.logLevel === 'info')
          app.log.info({ username: demo.username, roles: demo.roles }, 'demo studio account');
        else console.log(`  demo ${demo.roles.join('+')}: sign in as ${demo.username} / ${demo.password}`);
  }
}

main().catch((error: unknown) => {
  // The error may quote a setting (a DATABASE_URL with its password).
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`Lender server failed to start: ${redactText(text)}`);
  process.exit(1);
});
