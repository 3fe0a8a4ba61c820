import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { injectConfig } from '../../config/inject.js';
import type { AppConfig } from '../../config/types.js';
import { etagMatches, strongEtag } from './etag.js';
import { createScreenInliner } from './inline-screen.js';
import { acceptsGzip, createScreenFiles } from './screen-files.js';

interface Template {
  mtimeMs: number;
  html: string;
}

/**
 * The app's HTML pages: the built entry with the configuration, and for a route of the main
 * entry its screen document (lib/inline-screen.ts). Sent gzipped when accepted, with an ETag so
 * a repeat visit revalidates the page with a 304 instead of downloading it again.
 */
export function createPageSender(config: AppConfig, screensDir: string) {
  const inliner = createScreenInliner(createScreenFiles(screensDir), config);
  const templates = new Map<string, Template>();
  const zipped = new Map<string, Buffer>();

  async function template(file: string): Promise<string> {
    const info = await stat(file);
    const hit = templates.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit.html;
    const html = injectConfig(await readFile(file, 'utf8'), config);
    templates.set(file, { mtimeMs: info.mtimeMs, html });
    return html;
  }

  return async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    options: { inline: boolean },
  ): Promise<FastifyReply> {
    let html = await template(file);
    if (options.inline) {
      const tag = await inliner.scriptFor(request.url.split('?')[0] ?? '/');
      const end = html.lastIndexOf('</body>');
      if (tag) html = end === -1 ? html + tag : html.slice(0, end) + tag + html.slice(end);
    }
    const etag = strongEtag(html);
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', gzip ? `W/${etag}` : etag)
      .type('text/html; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (!gzip) return reply.code(200).send(html);
    let body = zipped.get(etag);
    if (!body) {
      body = gzipSync(html, { level: 9 });
      if (zipped.size > 200) zipped.clear();
      zipped.set(etag, body);
    }
    return reply.code(200).header('Content-Encoding', 'gzip').send(body);
  };
}
