// End-to-end tests: Debian's Chromium (never a downloaded browser build) against the real
// reference server, serving the production build on its own port with a throwaway database.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8790);
/** The server's own copy of screens/ and its studio history (scripts/e2e-server.ts): tests may save. */
const SCRATCH = join(tmpdir(), `lender-e2e-${PORT}`);
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
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/screens/manifest.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SQLITE_PATH: `data/e2e-${Date.now()}.sqlite`,
      DATABASE_URL: '',
      LENDER_DEV: '1',
      SCREENS_DIR: join(SCRATCH, 'screens'),
      SCREEN_HISTORY_DIR: join(SCRATCH, 'screen-history'),
    },
  },
});
