import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PREVIEW_ELEMENT_ID } from '../../wire/page.js';
import { injectConfig, safeJson } from '../../config/inject.js';
import { keyedByBorrower } from '../events/borrower-key.js';
import { VARIANT_HEADER } from '../events/revision.js';
import type { AppConfig } from '../../config/types.js';
import { etagMatches, representationEtag, strongEtag } from './etag.js';
import { createCurrentScreens } from './current-screens.js';
import { createScreenInliner, type Borrower } from './inline-screen.js';
import { acceptsGzip, type ScreenFile } from './screen-files.js';
import { drawnHtml, sendDrawn, type DrawPage } from '../ssr/drawn-page.js';
import type { PageEntry } from '../../wire/ssr.js';
import { createPageCache, sharedPageKey } from '../ssr/page-cache.js';
import { lazyStylesHead, readLazyStyles, type LazyStyles } from '../ssr/lazy-styles.js';

interface Template {
  mtimeMs: number;
  html: string;
  /** The build's lazy blocks' stylesheets, read with the entry (a rebuild writes both). */
  styles: LazyStyles;
}

interface Page {
  html: string;
  etag: string;
  gzip: Buffer | null;
}

/** Where the pages' documents come from: the published set (src/server/publishing/). */
export interface PageContent {
  /** The document at /screens/<rel> for this borrower (an experiment's arm, src/server/experiments/). */
  load(rel: string, borrower?: Borrower): Promise<ScreenFile | null>;
  /** The published manifest as a data tag ('' when there is none): the app's routes at run time. */
  manifestTag(): string;
  /**
   * The published set's version: it moves with every publication, here or on another instance.
   * Without it (a sender that never draws: preview links) no drawn page is shared.
   */
  version?(): number;
}

/**
 * The borrower's key from the first page on (events, experiments): its cookie, made when it has
 * none (src/server/events/borrower-key.ts `identify`). Runs before the page's document is chosen.
 */
export type Identify = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A draft shown on a preview link, with what the page says about it. */
export interface PreviewPage {
  id: string;
  file: ScreenFile;
  expiresAt: string;
}

/** A short tag of a promotion page's map of current versions, for the shared pages' key. */
const mapTag = (map: string) =>
  map ? createHash('sha256').update(map).digest('base64url').slice(0, 22) : '';

const insertBeforeBodyEnd = (template: string, tags: string) => {
  if (!tags) return template;
  const end = template.lastIndexOf('</body>');
  return end === -1 ? template + tags : template.slice(0, end) + tags + template.slice(end);
};

/**
 * The app's HTML pages: the built entry with the configuration, the published manifest, and for a
 * route of the main entry its screen document (lib/inline-screen.ts). Sent gzipped when accepted,
 * with an ETag (which changes with any publication the page carries) so a repeat visit
 * revalidates the page with a 304 instead of downloading it again.
 */
export function createPageSender(
  config: AppConfig,
  content: PageContent,
  identify: Identify,
  /** The server's first draw of a route's screen (issue 26, src/server/ssr/); without it the phone draws. */
  draw?: DrawPage,
) {
  const inliner = createScreenInliner(content, config);
  const current = createCurrentScreens(content);
  const templates = new Map<string, Template>();
  // Per entry file: the pages of its current template and manifest, by screen tag, each made once
  // (hashing and compressing ~30 KB per request was most of the page's time). The tag strings are
  // the inliner's cached ones, so a lookup does not hash a new 30 KB string per request.
  const pages = new Map<string, { template: string; manifestTag: string; byTag: Map<string, Page> }>();
  // Pages the server drew without anyone's data, shared until the next publication or for a minute (ssr/page-cache.ts).
  const drawnPages = content.version ? createPageCache<Page>(content.version) : null;

  async function template(file: string): Promise<Template> {
    // Synchronous on purpose: the promise stat's trip through the thread pool cost a third of the
    // server's time at 20k requests a second (bench/server-load.ts); a cached inode takes microseconds.
    const info = statSync(file);
    const hit = templates.get(file);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit;
    const html = injectConfig(await readFile(file, 'utf8'), config);
    // A rebuilt entry is a new template: what was drawn into the old one goes (the first read of
    // an entry has nothing drawn into it: the pages of the other entries stay).
    if (hit) drawnPages?.clear();
    const read = { mtimeMs: info.mtimeMs, html, styles: readLazyStyles(dirname(file)) };
    templates.set(file, read);
    return read;
  }

  const made = (html: string): Page => ({ html, etag: strongEtag(html), gzip: null });

  function page(file: string, template: string, manifestTag: string, tag: string): Page {
    let entry = pages.get(file);
    if (!entry || entry.template !== template || entry.manifestTag !== manifestTag) {
      entry = { template, manifestTag, byTag: new Map() };
      pages.set(file, entry);
    }
    const hit = entry.byTag.get(tag);
    if (hit) return hit;
    if (entry.byTag.size > 200) entry.byTag.clear();
    const result = made(insertBeforeBodyEnd(template, manifestTag + tag));
    entry.byTag.set(tag, result);
    return result;
  }

  /** `status` 404: the not-found page, which is never revalidated into a 304. */
  function send(request: FastifyRequest, reply: FastifyReply, result: Page, status = 200): FastifyReply {
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (status === 200) reply.header('ETag', representationEtag(result.etag, gzip));
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-cache');
    // The page carries this borrower's arm of an experiment: theirs alone.
    if (reply.hasHeader(VARIANT_HEADER)) keyedByBorrower(reply);
    if (status === 200 && etagMatches(request.headers['if-none-match'], result.etag))
      return reply.code(304).send();
    if (!gzip) return reply.code(status).send(result.html);
    result.gzip ??= gzipSync(result.html, { level: 9 });
    return reply.code(status).header('Content-Encoding', 'gzip').send(result.gzip);
  }

  /**
   * An address without a page (ruling 15's unknown template id, a path no route has): 404, with
   * the entry's not-found page drawn by the server, so it reads with JavaScript off too. It holds
   * nobody's data (the not-found page answers nothing), so it is shared like the official site;
   * undrawn (no renderer), it is the phone's page, whose app says the same.
   */
  async function sendMissing(
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    entry: PageEntry,
    /** The page's own tags (a promotion page's map of current versions), after the manifest. */
    tag: string,
  ): Promise<FastifyReply> {
    const main = await template(file);
    if (draw) {
      // A promotion page's map of current versions may name the visitor's arms: shared only with its map.
      const key = drawnPages ? sharedPageKey(request, reply, `${file}\nnot-found\n${mapTag(tag)}`) : null;
      const kept = key === null ? undefined : drawnPages?.get(key);
      if (kept) return send(request, reply, kept, 404);
      const drawing = await draw(request, reply, { id: null, doc: null, entry });
      const html = drawing && drawnHtml(main.html, null, drawing, content.manifestTag() + tag);
      if (html) {
        const result = made(html);
        if (key !== null && drawnPages) drawnPages.set(key, result);
        return send(request, reply, result, 404);
      }
    }
    return send(request, reply, page(file, main.html, content.manifestTag(), tag), 404);
  }

  return {
    async sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      file: string,
      /**
       * inline: the route's screen document (the main entry); current: the map of current versions
       * (the promotion entry, whose hash route the server never sees: lib/current-screens.ts);
       * screen: the template screen of a promotion page at its server-visible address (issue 26
       * item 3), inlined and drawn as a route's; missing: a promotion page's address whose template
       * id the manifest does not know (the main entry's missing paths are found here).
       */
      options: { inline: boolean; current?: boolean; screen?: string; missing?: boolean },
    ): Promise<FastifyReply> {
      const path = request.url.split('?')[0] ?? '/';
      await identify(request, reply);
      const borrower = { request, reply };
      const map = options.current ? await current.scriptFor(borrower) : '';
      if (options.inline || options.screen) {
        const screen = options.screen
          ? await inliner.screenNamed(options.screen, borrower)
          : await inliner.screenFor(path, borrower);
        const tag = map + (screen ? inliner.tagOf(screen) : '');
        if (!screen && !options.screen && (await inliner.isMissing(path)))
          return sendMissing(request, reply, file, 'main', tag);
        if (screen?.doc && draw) {
          const main = await template(file);
          // The map of current versions is part of the page: a page is shared only with its map.
          // A document with sources is never shared: its sources answering nothing may mean one
          // timed out or the API was down, which must not stay for everyone.
          const key =
            drawnPages && !screen.doc.sources?.length
              ? sharedPageKey(request, reply, `${file}\n${screen.id}\n${screen.file.etag}\n${mapTag(map)}`)
              : null;
          const kept = key === null ? undefined : drawnPages?.get(key);
          if (kept) return send(request, reply, kept);
          // A named screen is a promotion page's template: promo.html's routes are drawn.
          const entry = options.screen ? 'promo' : 'main';
          const drawing = await draw(request, reply, { id: screen.id, doc: screen.doc, entry });
          const html =
            drawing &&
            drawnHtml(
              main.html,
              screen.id,
              drawing,
              content.manifestTag() + tag,
              lazyStylesHead(main.styles, screen.doc, main.html),
            );
          if (html) {
            // With a borrower's data or arm: theirs alone, never kept.
            if (drawing.answered !== null || reply.hasHeader(VARIANT_HEADER))
              return sendDrawn(request, reply, html, true);
            // Not to be shared: drawn for this request alone, hashed and compressed once.
            if (key === null || !drawnPages) return sendDrawn(request, reply, html, false);
            return send(request, reply, drawnPages.set(key, made(html)));
          }
        }
        return send(request, reply, page(file, (await template(file)).html, content.manifestTag(), tag));
      }
      if (options.missing) return sendMissing(request, reply, file, 'promo', map);
      return send(request, reply, page(file, (await template(file)).html, content.manifestTag(), map));
    },

    /** A preview link's page: the draft instead of the published document (its headers: plugins/preview.ts). */
    async sendPreview(
      request: FastifyRequest,
      reply: FastifyReply,
      file: string,
      preview: PreviewPage,
    ): Promise<FastifyReply> {
      await identify(request, reply);
      const tag = inliner.previewScript(preview.id, preview.file);
      const info = `<script type="application/json" id="${PREVIEW_ELEMENT_ID}">${safeJson({ screen: preview.id, expiresAt: preview.expiresAt })}</script>`;
      return send(
        request,
        reply,
        made(insertBeforeBodyEnd((await template(file)).html, content.manifestTag() + info + tag)),
      );
    },
  };
}
