// Shared by the tests of pages the server draws (issue 26): a site for the server (the built
// page, the repository's screens) and the renderer's source, which vitest compiles as the app's
// build would (vite.ssr.config.ts).
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PAGE =
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
const REAL = new URL('../../screens/', import.meta.url).pathname;
export const RENDERER = new URL('../../src/app/ssr/render.tsx', import.meta.url).pathname;

/** A site with the built pages (both entries) and the repository's screens: a server's distDir and screensDir. */
export function site(): { distDir: string; screensDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lender-ssr-'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'promo.html'), PAGE);
  cpSync(REAL, join(dir, 'screens'), { recursive: true });
  return { distDir: dir, screensDir: join(dir, 'screens') };
}
