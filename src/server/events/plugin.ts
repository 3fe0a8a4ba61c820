import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, registerFamilyErrors } from '../lib/envelope.js';
import { sessionCookieOf, usableDeviceId } from './borrower-key.js';
import { toRows, type IncomingBatch } from './ingest.js';
import { rollUp } from './rollup.js';
import { MAX_BATCH_BYTES, trackSchema } from './schema.js';
import { createEventThrottle } from './throttle.js';

export const TRACK_PATH = '/api/events';
/** The rollup runs this often on every instance (it is safe to run on several at once). */
const ROLLUP_EVERY_MS = 60 * 60 * 1000;
const ROLLUP_FIRST_MS = 30 * 1000;

/** The request's own identifiers (never stored): the device id and what the host's session cookie holds. */
function identifiersOf(request: FastifyRequest, device: string | null): Set<string> {
  const ids = new Set<string>();
  if (device) ids.add(device);
  for (const value of Object.values(sessionCookieOf(request)))
    if (typeof value === 'string' && value.trim()) ids.add(value.trim());
  return ids;
}

/** A page on another site may not write events in our borrowers' names (their cookie would go along). */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser's cross-site request
  try {
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

/**
 * Measurement events (issue 19): POST /api/events takes a batch, stores it in one commit and only
 * then answers; old raw events are rolled up into daily aggregates. Each sender is throttled
 * (throttle.ts) and keyed only by the cookie the server set (borrower-key.ts). See README.md.
 */
export default async function eventsPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'promo');
  const db = app.db;
  const { keys, writer } = app.measurement;
  const throttle = createEventThrottle(keys);

  app.post(
    TRACK_PATH,
    {
      bodyLimit: MAX_BATCH_BYTES,
      schema: trackSchema,
      // Keyed by the server's own cookie, never by the borrower's session (privacy).
      config: { access: 'public' },
      onRequest: async (request, reply) => {
        if (!sameOrigin(request))
          throw Object.assign(new Error('Events come from this site only'), { statusCode: 403 });
        throttle.check(request, reply);
      },
    },
    async (request, reply) => {
      const batch = request.body as IncomingBatch;
      const borrower = keys.keyOf(request, reply);
      throttle.charge(request, borrower, batch.events.length);
      const { rows, dropped } = toRows(
        batch,
        borrower,
        Date.now(),
        identifiersOf(request, usableDeviceId(batch.device)),
        keys.addressTag(request),
      );
      await writer.write(rows);
      return ok('promo', { accepted: rows.length, dropped });
    },
  );

  if (app.cfg.dev) {
    // For the demo and the end-to-end tests: the events of the borrower asking (by its own cookie,
    // or the key a device id has once a verified session bound it).
    const devQuery = {
      type: 'object',
      properties: { name: { type: 'string', maxLength: 100 }, device: { type: 'string', maxLength: 128 } },
    };
    app.get('/dev/track-events', { schema: { querystring: devQuery } }, async (request, reply) => {
      const query = request.query as { device?: string; name?: string };
      const device = usableDeviceId(query.device);
      const borrower = device ? keys.deviceKey(device) : keys.knownKeyOf(request);
      if (!borrower) return ok('promo', { borrower: null, events: [] });
      let select = db
        .selectFrom('track_events')
        .select(['name', 'screen', 'revision', 'variant', 'label', 'props_json', 'at', 'source'])
        .where('borrower', '=', borrower);
      if (query.name) select = select.where('name', '=', query.name);
      const rows = await select.orderBy('at').orderBy('id').limit(500).execute();
      void reply.header('Cache-Control', 'no-store');
      return ok('promo', {
        borrower,
        events: rows.map(({ props_json, ...row }) => ({ ...row, props: JSON.parse(props_json) as unknown })),
      });
    });
  }

  let timer: NodeJS.Timeout | null = null;
  let rolling: Promise<unknown> = Promise.resolve();
  const runRollup = () => {
    rolling = rollUp(db, app.cfg.events.retentionDays).catch((error: unknown) =>
      app.log.error({ err: error }, 'events rollup failed'),
    );
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function again() {
      runRollup();
      timer = setTimeout(again, ROLLUP_EVERY_MS).unref();
    }, ROLLUP_FIRST_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await rolling;
  });
}
