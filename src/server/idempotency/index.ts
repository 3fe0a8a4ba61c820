import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setCrashAfterCommit } from './crash-hook.js';
import { finish, release, tryClaim, type Held, type KeyId } from './store.js';

export { IDEMPOTENCY_WINDOW_MS, purgeKeys } from './store.js';
export { writeOnce } from './once.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whose keys a route's requests carry when its access is not `write` (registration: the captcha sid). */
    idempotencyScope?: (request: FastifyRequest) => string | null;
  }
  interface FastifyRequest {
    /** The key this request owns (its reply is kept for the repeats), with what became of it. */
    idempotency: Owned | null;
    /** A multipart request's key, claimed by the route once it has read the file (claimUpload). */
    idempotencyLater: KeyId | null;
  }
  interface FastifyInstance {
    /** For routes whose body is read by the handler (uploads): claims the key with the file's hash. */
    claimUpload(request: FastifyRequest, reply: FastifyReply, fingerprint: string): Promise<boolean>;
  }
}

export interface Owned {
  held: Held;
  /** The reply was kept in the write's own transaction (once.ts): nothing left to do on send. */
  committed: boolean;
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

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url');

/** The request a key stands for: its parsed body. */
const fingerprintOf = (request: FastifyRequest) => sha256(stable(request.body));

/** An upload's fingerprint: the field and the image's bytes (a retry's multipart boundary differs). */
export const uploadFingerprint = (field: string, data: Buffer) =>
  sha256(Buffer.concat([Buffer.from(`${field}\n`), data]));

function scopeOf(request: FastifyRequest): string | null {
  const config = request.routeOptions.config;
  if (config.access === 'write' && request.borrower) return `b:${request.borrower.id}`;
  return config.idempotencyScope?.(request) ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotency keys on writes (issue 20 §2, issue 28 item 5): the app sends `Idempotency-Key` once
 * per user action. The first request with a key (per borrower and route) runs; its reply is kept
 * for IDEMPOTENCY_WINDOW_MS and every repeat gets it back (header `Idempotent-Replayed: true`),
 * even one that arrives while the first still runs (it waits). The database's primary key decides
 * the first, so this holds across instances. Writes keep the reply in their own transaction
 * (writeOnce), so a crash between the commit and the reply leaves the reply for the retry. A 5xx
 * reply is not kept: a retry runs again.
 */
export function registerIdempotency(app: FastifyInstance): void {
  const db = app.db;
  // Repeats on this instance wait for the first here; on another instance they poll the table.
  const running = new Map<string, Promise<void>>();
  const finished = new Map<string, () => void>();
  const localKey = (id: KeyId) => `${id.scope}\n${id.route}\n${id.key}`;
  setCrashAfterCommit(app.cfg.crashAfterCommit);

  /** Claims the key or answers for it (replay, 422, 409); true when this request goes on as the owner. */
  async function claim(
    request: FastifyRequest,
    reply: FastifyReply,
    id: KeyId,
    fingerprint: string,
  ): Promise<boolean> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claimed = await tryClaim(db, id, fingerprint);
      if (claimed.kind === 'owner') {
        request.idempotency = { held: claimed.held, committed: false };
        running.set(localKey(id), new Promise((resolve) => finished.set(localKey(id), resolve)));
        return true;
      }
      if (claimed.kind === 'mismatch')
        throw new Refusal(422, 'This Idempotency-Key was already used for a different request');
      if (claimed.kind === 'replay') {
        await reply
          .code(claimed.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('Idempotent-Replayed', 'true')
          .send(claimed.reply);
        return false;
      }
      if (Date.now() > deadline)
        throw new Refusal(409, 'The same request is still being processed. Please try again.');
      const first = running.get(localKey(id));
      await (first ? Promise.race([first, sleep(WAIT_MS)]) : sleep(50));
    }
  }

  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyLater', null);
  app.decorate('claimUpload', async (request: FastifyRequest, reply: FastifyReply, fingerprint: string) => {
    const id = request.idempotencyLater;
    return id ? claim(request, reply, id, fingerprint) : true;
  });

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[KEY_HEADER];
    if (header === undefined || header === '') return;
    const scope = scopeOf(request);
    if (!scope) return;
    const key = Array.isArray(header) ? '' : header;
    if (!KEY.test(key))
      throw new Refusal(400, 'The Idempotency-Key header must be 1 to 128 letters, digits or . _ : -');
    const id: KeyId = { scope, route: request.routeOptions.url ?? request.url, key };
    // The body of an upload is read by its route: it claims the key once it has the image.
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      request.idempotencyLater = id;
      return;
    }
    if (!(await claim(request, reply, id, fingerprintOf(request)))) return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = null;
    const { held } = owned;
    try {
      // A write kept its reply when it committed; a reply without a write (a refusal, a 4xx) is
      // kept now, and a 5xx frees the key. If the database fails here the claim stays pending
      // and the next try takes it over (store.ts STALE_CLAIM_MS): the reply itself still goes out.
      if (!owned.committed) {
        if (reply.statusCode < 500 && typeof payload === 'string')
          await finish(db, held, reply.statusCode, payload);
        else await release(db, held);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'the idempotency key could not be finished');
    } finally {
      finished.get(localKey(held))?.();
      finished.delete(localKey(held));
      running.delete(localKey(held));
    }
    return payload;
  });
}
