// Documents, revisions, drafts and their review, publications, schedules, baseline conflicts,
// preview links and the scenarios of the studio's phone preview (docs/api.md "Studio API").
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from '../../lib/refusal.js';
import { KINDS } from '../../publishing/kinds.js';
import {
  PREVIEW_DEVICES,
  PREVIEW_LINKS_PER_DAY,
  previewLinksToday,
} from '../../publishing/preview-claims.js';
import { actorOf, EDITORS, PUBLISHERS, refuse } from './guard.js';
import type { StudioDeps } from './services.js';

const id = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const doc = {
  type: 'object',
  properties: {
    kind: { type: 'string', pattern: '^[a-z]{1,20}$' },
    name: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' },
  },
  required: ['kind', 'name'],
} as const;
const body = { type: 'object' } as const;
const page = {
  type: 'object',
  properties: {
    before: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
  },
} as const;

interface Id {
  Params: { id: number };
  Body: Record<string, unknown>;
}
interface Doc {
  Params: { kind: string; name: string };
  Body: Record<string, unknown>;
  Querystring: { before?: number; limit?: number };
}

export function contentRoutes(api: FastifyInstance, s: StudioDeps): void {
  const flow = s.content.flow;
  const publicUrl = s.cfg.publicUrl;

  api.get('/documents', async () => ({ ok: true, documents: await flow.listDocuments() }));

  // The live parts and screens as written: what the studio's checker and preview expand a screen
  // against (its base, the parts it uses), and how it finds the screens a part is used by.
  api.get('/library', async () => {
    const set = s.content.published().set;
    return { ok: true, parts: set.texts('part'), screens: set.texts('screen') };
  });

  api.get<Doc>('/documents/:kind/:name', { schema: { params: doc } }, async (request) => ({
    ok: true,
    ...(await flow.getDocument(request.params.kind, request.params.name)),
  }));

  api.get<Doc>(
    '/documents/:kind/:name/revisions',
    { schema: { params: doc, querystring: page } },
    async (request) => ({
      ok: true,
      ...(await flow.listRevisions(request.params.kind, request.params.name, request.query)),
    }),
  );

  api.get<Doc>('/documents/:kind/:name/publications', { schema: { params: doc } }, async (request) => ({
    ok: true,
    publications: await flow.listPublications(request.params.kind, request.params.name),
  }));

  api.put<Doc>(
    '/documents/:kind/:name/draft',
    { config: { roles: EDITORS }, schema: { params: doc, body } },
    async (request) => ({
      ok: true,
      ...(await flow.saveDraft(
        request.params.kind,
        request.params.name,
        { text: undefined, ...request.body },
        actorOf(request),
      )),
    }),
  );

  api.post<Doc>(
    '/documents/:kind/:name/rollback',
    { config: { roles: PUBLISHERS }, schema: { params: doc, body } },
    async (request) => ({
      ok: true,
      ...(await flow.rollback(request.params.kind, request.params.name, request.body, actorOf(request))),
    }),
  );

  api.get<Id>('/revisions/:id', { schema: { params: id } }, async (request) => ({
    ok: true,
    revision: await flow.getRevision(request.params.id),
  }));

  api.get<{ Querystring: { status?: string } }>(
    '/drafts',
    {
      schema: { querystring: { type: 'object', properties: { status: { type: 'string', maxLength: 40 } } } },
    },
    async (request) => ({ ok: true, drafts: await flow.listDrafts(request.query.status) }),
  );

  api.get<Id>('/drafts/:id', { schema: { params: id } }, async (request) => ({
    ok: true,
    draft: await flow.getDraft(request.params.id),
  }));

  /** POST /drafts/:id/<step>: one step of the flow; the reply is `{ ok: true, ...what it returns }`. */
  const draftStep = (
    path: string,
    access: typeof EDITORS,
    step: (draftId: number, input: Record<string, unknown>, request: FastifyRequest) => Promise<object>,
  ) =>
    api.post<Id>(
      `/drafts/:id/${path}`,
      { config: { roles: access }, schema: { params: id, body } },
      async (request) => ({
        ok: true,
        ...(await step(request.params.id, request.body ?? {}, request)),
      }),
    );

  draftStep('review', EDITORS, async (d, input, r) => ({
    draft: await flow.requestReview(d, input, actorOf(r)),
  }));
  draftStep('approve', PUBLISHERS, (d, input, r) => flow.approve(d, input, actorOf(r)));
  draftStep('send-back', PUBLISHERS, async (d, input, r) => ({
    draft: await flow.sendBack(d, input, actorOf(r)),
  }));
  draftStep('unschedule', PUBLISHERS, async (d, _input, r) => ({
    draft: await flow.unschedule(d, actorOf(r)),
  }));
  draftStep('discard', EDITORS, async (d, _input, r) => ({ draft: await flow.discard(d, actorOf(r)) }));
  draftStep('preview-link', EDITORS, async (d, _input, r) => {
    // A few links a day, each for a few devices: a preview never reaches the public (preview-claims.ts).
    if ((await previewLinksToday(s.db, d, s.cfg.now())) >= PREVIEW_LINKS_PER_DAY)
      throw new Refusal(
        429,
        `this draft has had ${PREVIEW_LINKS_PER_DAY} preview links in 24 hours: use one of them, or ask for a review`,
      );
    const link = await flow.previewLink(d, actorOf(r));
    return { ...link, url: publicUrl ? `${publicUrl}${link.path}` : null, devices: PREVIEW_DEVICES };
  });

  api.get('/schedules', async () => ({ ok: true, ...(await flow.schedules()) }));

  api.put<Id>(
    '/publications/:id/end',
    { config: { roles: PUBLISHERS }, schema: { params: id, body } },
    async (request) => ({
      ok: true,
      publication: await flow.setEnd(request.params.id, request.body, actorOf(request)),
    }),
  );

  api.get<{ Querystring: { status?: string } }>(
    '/conflicts',
    {
      schema: { querystring: { type: 'object', properties: { status: { type: 'string', maxLength: 40 } } } },
    },
    async (request) => ({ ok: true, conflicts: await flow.listConflicts(request.query.status) }),
  );

  api.post<Id>(
    '/conflicts/:id/resolve',
    { config: { roles: PUBLISHERS }, schema: { params: id, body } },
    async (request) => ({
      ok: true,
      ...(await flow.resolveConflict(request.params.id, request.body, actorOf(request))),
    }),
  );

  // The studio's phone preview answers a screen's calls from named scenarios: test fixtures kept
  // beside the baseline in git (screens/scenarios/), not published content.
  api.get<{ Params: { name: string } }>(
    '/scenarios/:name',
    { schema: { params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
    async (request, reply) => {
      const name = request.params.name;
      if (KINDS.screen.nameProblem(name)) return refuse(reply, 404, `No scenarios for '${name}'`);
      let text: string;
      try {
        text = await readFile(join(s.cfg.screensDir, 'scenarios', `${name}.json`), 'utf8');
      } catch {
        return { ok: true, scenarios: [] };
      }
      try {
        const file = JSON.parse(text) as { scenarios?: unknown };
        return { ok: true, scenarios: Array.isArray(file.scenarios) ? file.scenarios : [] };
      } catch (error) {
        return {
          ok: true,
          scenarios: [],
          problem: `screens/scenarios/${name}.json is not valid JSON: ${String(error)}`,
        };
      }
    },
  );
}
