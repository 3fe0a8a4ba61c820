// Shared by the tests of pages the server draws (issue 26): a site for the server (the built
// page, the repository's screens) and the renderer's source, which vitest compiles as the app's
// build would (vite.ssr.config.ts).
import { createHash } from 'node:crypto';
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

/**
 * The page's script policy, checked against the page itself: 'self' and exactly the hashes of the
 * inline scripts the page runs (the drawn page's tap keeper), never 'unsafe-inline'.
 */
export function scriptPolicyProblems(body: string, csp: string): string[] {
  const policy =
    csp
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))
      ?.trim() ?? '';
  const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  const problems: string[] = [];
  if (policy.includes('unsafe-inline')) problems.push('unsafe-inline');
  for (const hash of inline)
    if (!policy.includes(hash)) problems.push(`an inline script not allowed: ${hash}`);
  if (policy !== ['script-src', "'self'", ...inline].join(' ')) problems.push(`policy: ${policy}`);
  return problems;
}
