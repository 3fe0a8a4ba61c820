// The end-to-end tests' server: the reference server on a fresh copy of screens/ (SCREENS_DIR) and
// an empty studio history (SCREEN_HISTORY_DIR), so a test that saves a screen from the studio
// never changes the repository's screens.
import { cpSync, rmSync } from 'node:fs';

const screens = process.env.SCREENS_DIR;
const history = process.env.SCREEN_HISTORY_DIR;
if (screens) {
  rmSync(screens, { recursive: true, force: true });
  cpSync(new URL('../screens/', import.meta.url).pathname, screens, { recursive: true });
}
if (history) rmSync(history, { recursive: true, force: true });

await import('../src/server/main');
