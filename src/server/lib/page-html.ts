import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

interface Page {
  template: string;
  html: string;
  etag: string;
  gzip: Buffer | null;
}

/**
 * The app's HTML pages: the built entry with the configuration, and for a route of the main
 * entry its screen document (lib/inline-screen.ts). Sent gzipped when accepted, with an ETag so
 * a repeat visit revalidates the page with a 304 instead of downloading it again.
 */
export function createPageSender(config: AppConfig, screensDir: string) {
  const inliner = createScreenInliner(createScreenFiles(screensDir), config);
  const templates = new Map<string, Template>();
  // Per entry file, per screen tag: the page, its tag and its gzip, made once per version
  // (hashing and compressing ~30 KB per request was most of the page's time).
  const pages = new Map<string, Map<string, Page>>();

  async function template(file: string): Promise<string> {
    const info = statSync(file); // see screen-files.ts: the promise stat's thread-pool trip costs more
    const hit = templates.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit.html;
    const html = injectConfig(await readFile(file, 'utf8'), config);
    templates.set(file, { mtimeMs: info.mtimeMs, html });
    return html;
  }

  function page(file: string, template: string, tag: string): Page {
    let byTag = pages.get(file);
    if (!byTag) pages.set(file, (byTag = new Map()));
    const hit = byTag.get(tag);
    if (hit?.template === template) return hit;
    const end = template.lastIndexOf('</body>');
    const html = !tag
      ? template
      : end === -1
        ? template + tag
        : template.slice(0, end) + tag + template.slice(end);
    if (byTag.size > 200) byTag.clear();
    const made: Page = { template, html, etag: strongEtag(html), gzip: null };
    byTag.set(tag, made);
    return made;
  }

  return async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    options: { inline: boolean },
  ): Promise<FastifyReply> {
    const tag = options.inline ? await inliner.scriptFor(request.url.split('?')[0] ?? '/') : '';
    const made = page(file, await template(file), tag);
    const { etag } = made;
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', gzip ? `W/${etag}` : etag)
      .type('text/html; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (!gzip) return reply.code(200).send(made.html);
    made.gzip ??= gzipSync(made.html, { level: 9 });
    return reply.code(200).header('Content-Encoding', 'gzip').send(made.gzip);
  };
}
