import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EARLY_TAPS_SCRIPT } from '../../wire/earlyTaps.js';

/** The one inline script a page may run: the drawn page's tap keeper, allowed by its hash. */
export const EARLY_TAPS_HASH = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/**
 * The page CSP. Pictures, frames and calls go to this origin and to the configured allowedOrigins
 * only (issue 20 §4): a screen document cannot load a tracking pixel or a frame from, nor send a
 * request to, a site of its choosing. `origins` are normalised by src/config/origins.ts.
 */
export function htmlCsp(origins: readonly string[] = []): string {
  const extra = origins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    // Never 'unsafe-inline': the only inline script is the one whose hash this is (issue 26).
    `script-src 'self' ${EARLY_TAPS_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    `frame-src 'self'${extra}`,
    `connect-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** For served SVGs and uploads: an image opened directly must not run anything. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * nosniff and Referrer-Policy on every reply (D-34: session parameters must not leak through
 * Referer); the page CSP on every HTML reply, whoever produced it.
 */
export function registerSecurityHeaders(app: FastifyInstance, csp: string = htmlCsp()): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // A route may ask for a stricter one (a preview link's page: no-referrer).
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'strict-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', csp);
    return payload;
  });
}
