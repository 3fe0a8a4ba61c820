// End-to-end tests: Debian's Chromium (never a downloaded browser build) against the real
// reference server, serving the production build on its own port with a throwaway database.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
/**
 * The studio's specs publish screens: they get a server of their own (the next port, its own
 * database), so a publication never changes what a borrower spec running beside them sees.
 */
const STUDIO_PORT = PORT + 1;
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
  webServer: [PORT, STUDIO_PORT].map((port) => ({
    command: 'npx tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/screens/manifest.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: `data/e2e-${port}-${Date.now()}.sqlite`,
      DATABASE_URL: '',
      LENDER_DEV: '1',
    },
  })),
});
