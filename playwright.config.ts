// End-to-end tests: Debian's Chromium (never a downloaded browser build) against the real
// reference server, serving the production build on its own port with a throwaway database.
import { defineConfig } from '@playwright/test';
import { productionEnv } from './tests/e2e/prod-env';

const PORT = Number(process.env.E2E_PORT ?? 8790);
/**
 * The studio's specs publish screens: they get a server of their own (the next port, its own
 * database), so a publication never changes what a borrower spec running beside them sees. It runs
 * as production runs the studio (tests/e2e/prod-env.ts, issue 28 item 2): NODE_ENV=production,
 * the studio on a port of its own (PORT + 6; 2-5 and 7-9 are the clock servers', tests/e2e/clock.ts), the
 * Host allowlist, signed sessions, the required secrets, staff accounts made by ops
 * (tests/e2e/prod-setup.ts). The borrower specs' server (PORT) is the demo, as `npm start` runs it.
 */
const STUDIO_APP_PORT = PORT + 1;
const STUDIO_PORT = PORT + 6;
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 375, height: 667 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  // The reference server, each on a fresh database seeded from screens/ (the baseline).
  webServer: [
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://127.0.0.1:${PORT}/screens/manifest.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SQLITE_PATH: `data/e2e-${PORT}-${Date.now()}.sqlite`,
        DATABASE_URL: '',
        LENDER_DEV: '1',
      },
    },
    {
      // Ops prepare the database (accounts, the loan system's orders), then the server starts.
      command: 'npx tsx tests/e2e/prod-setup.ts && npx tsx src/server/main.ts',
      // Ready once the studio's own listener answers (it listens after the app's).
      url: `http://127.0.0.1:${STUDIO_PORT}/studio`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: productionEnv(STUDIO_APP_PORT, STUDIO_PORT, `data/e2e-${STUDIO_APP_PORT}-${Date.now()}.sqlite`),
    },
  ],
});
