// The screen studio (issue 9): its two pages, and the development-only endpoints that save a
// screen document back to the screens folder, keeping the version it replaces. Registered only
// when the `studio` config flag is on (the demo server); every /dev/studio call needs the token.
import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { injectConfig, safeJson } from '../../config/inject.js';
import type { ScreensManifest } from '../../../renderer/types.gen.js';
import { validateManifest } from '../../../renderer/validate/validateDocument.js';
import { checkScreenText } from '../../checker/checkText.js';
import { STUDIO_TOKEN_ELEMENT_ID, STUDIO_TOKEN_HEADER } from '../../studio/shared/protocol.js';
import { etagMatches, strongEtag } from '../lib/etag.js';
import { screenHistory, writeAtomic } from '../lib/screen-history.js';
import { pageConfig } from './static-app.js';

const SCREEN_ID = /^[a-z][a-z0-9-]*$/;

const NOT_BUILT =
  '<!doctype html><meta charset="utf-8"><title>Screen studio</title>' +
  '<p>The studio is not built yet. Run <code>npm run build</code>, then reload.</p>';

interface IdParams {
  id: string;
}
interface VersionParams extends IdParams {
  version: string;
}

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default async function studioPlugin(app: FastifyInstance): Promise<void> {
  const { distDir, screensDir, studioToken } = app.cfg;
  const history = screenHistory(app.cfg.screenHistoryDir);
  const config = pageConfig(app.cfg.dev);

  async function page(reply: FastifyReply, file: string, withToken: boolean): Promise<FastifyReply> {
    const path = join(distDir, file);
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if (!existsSync(path)) return reply.code(503).send(NOT_BUILT);
    let html = injectConfig(await readFile(path, 'utf8'), config);
    if (withToken) {
      const tag = `<script type="application/json" id="${STUDIO_TOKEN_ELEMENT_ID}">${safeJson(studioToken)}</script>`;
      html = html.replace(/<\/head>/i, () => `${tag}</head>`);
    }
    return reply.code(200).send(html);
  }

  app.get('/studio', async (_request, reply) => page(reply, 'studio.html', true));
  app.get('/studio/', async (_request, reply) => page(reply, 'studio.html', true));
  app.get('/studio/preview', async (_request, reply) => page(reply, 'studio-preview.html', false));

  const screenFile = (id: string) => join(screensDir, `${id}.json`);
  const readScreen = async (id: string) => {
    try {
      return await readFile(screenFile(id), 'utf8');
    } catch {
      return null;
    }
  };
  const readManifest = async (): Promise<ScreensManifest | null> => {
    try {
      const result = validateManifest(JSON.parse(await readFile(join(screensDir, 'manifest.json'), 'utf8')));
      return result.ok ? result.manifest : null;
    } catch {
      return null;
    }
  };
  const refuse = (reply: FastifyReply, code: number, message: string, extra: object = {}) =>
    reply.code(code).send({ ok: false, message, ...extra });

  /** Validates `text` as screen `id` and writes it, keeping the version it replaces. */
  async function save(request: FastifyRequest, reply: FastifyReply, id: string, text: string) {
    const current = await readScreen(id);
    if (current === null) return refuse(reply, 404, `There is no screen '${id}' (screens/${id}.json)`);
    const ifMatch = request.headers['if-match'];
    if (typeof ifMatch === 'string' && !etagMatches(ifMatch, strongEtag(current)))
      return refuse(
        reply,
        409,
        `screens/${id}.json changed since you opened it (someone else saved it): reload it before saving`,
      );
    const checked = checkScreenText(text, { id, manifest: await readManifest() });
    const errors = checked.problems.filter((p) => p.severity === 'error');
    if (errors.length > 0)
      return refuse(reply, 400, `The document has ${errors.length} error${errors.length === 1 ? '' : 's'}`, {
        problems: errors.map(({ line, column, pointer, message }) => ({ line, column, pointer, message })),
      });
    if (text === current) return { ok: true, etag: strongEtag(current), kept: null };
    const kept = await history.keep(id, current);
    await writeAtomic(screenFile(id), text);
    request.log.info({ screen: id, kept }, 'studio saved a screen');
    return { ok: true, etag: strongEtag(text), kept };
  }

  await app.register(async (dev) => {
    dev.addHook('onRequest', async (request, reply) => {
      if (!sameSecret(request.headers[STUDIO_TOKEN_HEADER], studioToken))
        return refuse(reply, 401, `Missing or wrong ${STUDIO_TOKEN_HEADER} header`);
    });
    // Every id reaches the disk only through this check.
    dev.addHook('preHandler', async (request, reply) => {
      const id = (request.params as Partial<IdParams>).id;
      if (id !== undefined && !SCREEN_ID.test(id)) return refuse(reply, 404, `Bad screen id '${id}'`);
    });

    dev.put<{ Params: IdParams; Body: { text?: unknown } }>(
      '/dev/studio/screens/:id',
      async (request, reply) => {
        const text = request.body?.text;
        if (typeof text !== 'string') return refuse(reply, 400, 'Send { "text": "<the document>" }');
        return save(request, reply, request.params.id, text);
      },
    );

    dev.get<{ Params: IdParams }>('/dev/studio/history/:id', async (request) => ({
      ok: true,
      versions: await history.list(request.params.id),
    }));

    dev.get<{ Params: VersionParams }>('/dev/studio/history/:id/:version', async (request, reply) => {
      const text = await history.read(request.params.id, request.params.version);
      if (text === null)
        return refuse(reply, 404, `No version ${request.params.version} of ${request.params.id}`);
      return { ok: true, text };
    });

    dev.post<{ Params: VersionParams }>(
      '/dev/studio/history/:id/:version/restore',
      async (request, reply) => {
        const { id, version } = request.params;
        const text = await history.read(id, version);
        if (text === null) return refuse(reply, 404, `No version ${version} of ${id}`);
        return save(request, reply, id, text);
      },
    );
  });
}
