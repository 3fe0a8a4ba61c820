import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { finish, release, tryClaim, type KeyId } from './store.js';

export { IDEMPOTENCY_WINDOW_MS, purgeKeys } from './store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whose keys a route's requests carry when its access is not `write` (registration: the captcha sid). */
    idempotencyScope?: (request: FastifyRequest) => string | null;
  }
  interface FastifyRequest {
    /** The key this request owns: its reply is kept for the repeats. */
    idempotencyKey: KeyId | null;
  }
}

export const KEY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
/** How long a repeat waits for the first request with its key before it is told to retry. */
const WAIT_MS = 15_000;

class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/** The request a key stands for; '' for uploads, whose body is read later by the route itself. */
const fingerprintOf = (request: FastifyRequest) =>
  request.body === undefined ? '' : createHash('sha256').update(stable(request.body)).digest('base64url');

function scopeOf(request: FastifyRequest): string | null {
  const config = request.routeOptions.config;
  if (config.access === 'write' && request.borrower) return `b:${request.borrower.id}`;
  return config.idempotencyScope?.(request) ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency keys on writes (issue 20 §2): the app sends `Idempotency-Key` once per user action.
 * The first request with a key (per borrower and route) runs; its reply is kept for
 * IDEMPOTENCY_WINDOW_MS and every repeat gets it back (header `Idempotent-Replayed: true`), even
 * one that arrives while the first still runs (it waits). The database's primary key decides the
 * first, so this holds across instances. A 5xx reply is not kept: a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance): void {
  const db = app.db;
  // Repeats on this instance wait for the first here; on another instance they poll the table.
  const running = new Map<string, Promise<void>>();
  const finished = new Map<string, () => void>();
  const localKey = (id: KeyId) => `${id.scope}\n${id.route}\n${id.key}`;

  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[KEY_HEADER];
    if (header === undefined || header === '') return;
    const scope = scopeOf(request);
    if (!scope) return;
    const key = Array.isArray(header) ? '' : header;
    if (!KEY.test(key))
      throw new Refusal(400, 'The Idempotency-Key header must be 1 to 128 letters, digits or . _ : -');
    const id: KeyId = { scope, route: request.routeOptions.url ?? request.url, key };
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claim = await tryClaim(db, id, fingerprint);
      if (claim.kind === 'owner') {
        request.idempotencyKey = id;
        running.set(localKey(id), new Promise((resolve) => finished.set(localKey(id), resolve)));
        return;
      }
      if (claim.kind === 'mismatch')
        throw new Refusal(422, 'This Idempotency-Key was already used for a different request');
      if (claim.kind === 'replay') {
        return reply
          .code(claim.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('Idempotent-Replayed', 'true')
          .send(claim.reply);
      }
      if (Date.now() > deadline)
        throw new Refusal(409, 'The same request is still being processed. Please try again.');
      const first = running.get(localKey(id));
      await (first ? Promise.race([first, sleep(WAIT_MS)]) : sleep(50));
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyKey;
    if (!id) return payload;
    request.idempotencyKey = null;
    try {
      if (reply.statusCode < 500 && typeof payload === 'string')
        await finish(db, id, reply.statusCode, payload);
      else await release(db, id);
    } finally {
      finished.get(localKey(id))?.();
      finished.delete(localKey(id));
      running.delete(localKey(id));
    }
    return payload;
  });
}
