// A page the server drew (issue 26): the app's markup in #root, and beside it, as data (never
// script, so the page CSP stays `script-src 'self'`), which screen was drawn and what its sources
// left, escaped like every value the server writes into a page (safeJson: <, >, &, U+2028/2029).
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DRAWN_ELEMENT_ID } from '../../wire/page.js';
import { EARLY_TAPS_SCRIPT } from '../../wire/earlyTaps.js';
import type { AnsweredState } from '../../../renderer/answer.js';
import type { ScreenDocument } from '../../../renderer/types.gen.js';
import type { PageEntry } from '../../wire/ssr.js';
import { safeJson } from '../../config/inject.js';
import { etagMatches, representationEtag, strongEtag } from '../lib/etag.js';
import { acceptsGzip } from '../lib/screen-files.js';

export interface Drawing {
  /** The markup of #root. */
  html: string;
  answered: AnsweredState | null;
  /** The page's title as drawn; without one the template's stays. */
  title?: string | null;
}

const TITLE = /<title>[^<]*<\/title>/;
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));

/**
 * Draws a route's screen for this request, or the entry's not-found page when the address has no
 * screen (id and doc null); null when it cannot (no renderer, or it failed: the phone draws).
 */
export type DrawPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  screen: { id: string | null; doc: ScreenDocument | null; entry: PageEntry },
) => Promise<Drawing | null>;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page with the drawing in #root, `head` (the drawing's stylesheets: ssr/lazy-styles.ts) before
 * </head> and its data tag before </body>; null when the page is not as built.
 */
export function drawnHtml(
  template: string,
  screenId: string | null,
  drawing: Drawing,
  tags: string,
  head = '',
): string | null {
  const headEnd = template.indexOf('</head>');
  if (headEnd === -1) return null;
  template = template.slice(0, headEnd) + head + template.slice(headEnd);
  // The tap keeper first in <head>: an inline script after a stylesheet would wait for it.
  const charset = CHARSET.exec(template);
  const first = charset ? charset.index + charset[0].length : template.indexOf('<head>') + '<head>'.length;
  if (first >= '<head>'.length)
    template = template.slice(0, first) + `<script>${EARLY_TAPS_SCRIPT}</script>` + template.slice(first);
  // The title the phone would set once its code ran (Host.title): a webview's bar shows it at once.
  if (drawing.title) template = template.replace(TITLE, () => `<title>${escapeHtml(drawing.title!)}</title>`);
  const at = template.indexOf(EMPTY_ROOT);
  const end = template.lastIndexOf('</body>');
  if (at === -1 || end === -1 || end < at || at < headEnd) return null;
  const data = `<script type="application/json" id="${DRAWN_ELEMENT_ID}">${safeJson({ screen: screenId, answered: drawing.answered })}</script>`;
  const filled =
    template.slice(0, at) + `<div id="root">${drawing.html}</div>` + template.slice(at + EMPTY_ROOT.length);
  const close = filled.lastIndexOf('</body>');
  return filled.slice(0, close) + tags + data + filled.slice(close);
}

/**
 * Sends a drawn page. With a borrower's data it is theirs alone: `private, no-store`, no ETag
 * (nothing may keep or revalidate it). Without, it revalidates by its content's tag as the
 * phone-drawn pages do.
 */
export function sendDrawn(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  personal: boolean,
): FastifyReply {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (personal) reply.header('Cache-Control', 'private, no-store');
  else {
    const etag = strongEtag(html);
    reply.header('ETag', representationEtag(etag, gzip));
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  }
  if (!gzip) return reply.code(200).send(html);
  // Made once per request: level 4 costs a quarter of level 6's time on the drawn loan details
  // (about 0.6 against 2.3 ms) for 120 more bytes of 4.4 KB (bench/ssr.ts, docs/decisions.md).
  return reply
    .code(200)
    .header('Content-Encoding', 'gzip')
    .send(gzipSync(html, { level: 4 }));
}
