// The studio API of rollouts and experiments (docs/api.md "Experiments"): any account reads them
// and their results; publishers start, ramp, stop and promote. Registered by the studio plugin
// under /studio/api, behind its guard (session, role per route, CSRF token on writes).
import type { FastifyInstance } from 'fastify';
import { actorOf, PUBLISHERS } from '../plugins/studio/guard.js';
import type { Experiments } from './index.js';

const id = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const body = { type: 'object' } as const;
const eventName = { type: 'string', maxLength: 100 } as const;

interface Id {
  Params: { id: number };
  Body: Record<string, unknown>;
  Querystring: { goal?: string };
}

/** `experiments`: handed over by the studio plugin (it reads no decoration of the instance). */
export function experimentRoutes(api: FastifyInstance, experiments: Experiments): void {
  api.get<{ Querystring: { screen?: string } }>(
    '/experiments',
    {
      schema: { querystring: { type: 'object', properties: { screen: { type: 'string', maxLength: 64 } } } },
    },
    async (request) => ({ ok: true, experiments: await experiments.list(request.query.screen) }),
  );

  api.post<{ Body: Record<string, unknown> }>(
    '/experiments',
    { config: { roles: PUBLISHERS }, schema: { body } },
    async (request, reply) =>
      reply.code(201).send({ ok: true, experiment: await experiments.start(request.body, actorOf(request)) }),
  );

  api.get<Id>('/experiments/:id', { schema: { params: id } }, async (request) => ({
    ok: true,
    experiment: await experiments.get(request.params.id),
  }));

  api.get<Id>(
    '/experiments/:id/results',
    { schema: { params: id, querystring: { type: 'object', properties: { goal: eventName } } } },
    async (request) => ({
      ok: true,
      results: await experiments.results(request.params.id, request.query.goal),
    }),
  );

  const step = (path: 'ramp' | 'stop' | 'promote') =>
    api.post<Id>(
      `/experiments/:id/${path}`,
      { config: { roles: PUBLISHERS }, schema: { params: id, body } },
      async (request) => {
        const actor = actorOf(request);
        const input = request.body ?? {};
        const experiment =
          path === 'stop'
            ? await experiments.stop(request.params.id, actor)
            : await experiments[path](request.params.id, input, actor);
        return { ok: true, experiment };
      },
    );
  step('ramp');
  step('stop');
  step('promote');
}
