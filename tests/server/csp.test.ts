// @vitest-environment node
// The page CSP (issue 20 §4): pictures, frames and calls go to this origin and the configured
// allowedOrigins only, never to any https: site; a hostile screen's pixel, frame or call to a site of
// its choosing is blocked by the browser even if everything else failed.
import { createHash } from 'node:crypto';
import { EARLY_TAPS_SCRIPT } from '../../src/wire/earlyTaps.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.js';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe('the page CSP and allowedOrigins', () => {
  let s: TestServer | undefined;
  const saved = process.env.LENDER_ALLOWED_ORIGINS;
  afterEach(async () => {
    await s?.close();
    if (saved === undefined) delete process.env.LENDER_ALLOWED_ORIGINS;
    else process.env.LENDER_ALLOWED_ORIGINS = saved;
  });

  async function csp(): Promise<Record<string, string[]>> {
    const dist = mkdtempSync(join(tmpdir(), 'lender-csp-'));
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    s = await startServer('sqlite', { distDir: dist });
    const close = s.close;
    s.close = async () => {
      await close();
      rmSync(dist, { recursive: true, force: true });
    };
    const res = await s.app.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    return directives(String(res.headers['content-security-policy']));
  }

  it('by default: self plus the default list, no https: wildcard', async () => {
    delete process.env.LENDER_ALLOWED_ORIGINS;
    const d = await csp();
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://play.google.com']);
    expect(d['frame-src']).toEqual(["'self'", 'https://play.google.com']);
    expect(d['connect-src']).toEqual(["'self'", 'https://play.google.com']);
    // 'self' and the drawn page's tap keeper by its hash (src/wire/earlyTaps.ts): no 'unsafe-inline'.
    expect(d['script-src']).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`,
    ]);
    for (const name of ['img-src', 'frame-src', 'connect-src']) expect(d[name]).not.toContain('https:');
  });

  it('lists exactly the configured origins; entries that are not origins are dropped', async () => {
    process.env.LENDER_ALLOWED_ORIGINS =
      "https://cdn.lender.example, https://pay.example/x 'unsafe-inline' https:";
    const d = await csp();
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.lender.example']);
    expect(d['frame-src']).toEqual(["'self'", 'https://cdn.lender.example']);
    expect(d['connect-src']).toEqual(["'self'", 'https://cdn.lender.example']);
  });
});
