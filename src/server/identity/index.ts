import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedConfig } from '../config.js';
import { demoVerifier } from './demo.js';
import { demoMode } from './policy.js';
import { signedVerifier } from './signed.js';
import { DEMO_BORROWER, type Access, type Borrower, type VerifySession } from './types.js';

export { DEMO_BORROWER, type Access, type Borrower, type VerifySession } from './types.js';
export { demoMode } from './policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for routes with an access other than public; null on public routes. */
    borrower: Borrower | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** A refusal the family error handler of the route's plugin turns into its envelope. */
class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const NO_SESSION = 'Please open this page from the app: the request has no session.';
export const BAD_SESSION =
  'Your session has expired or is not valid. Please open this page from the app again.';
export const DEMO_READ_ONLY = 'The demo account is read-only. Open the page with your own sessionId.';

export function createVerifier(cfg: ResolvedConfig): VerifySession {
  if (typeof cfg.identity === 'function') return cfg.identity;
  if (cfg.identity === 'signed') return signedVerifier(cfg.sessionKey);
  return demoVerifier;
}

/** A lender's verifier from a module exporting `verifySession` (LENDER_IDENTITY_MODULE, docs/deploy.md). */
export async function loadVerifierModule(path: string): Promise<VerifySession> {
  const mod = (await import(pathToFileURL(path).href)) as { verifySession?: unknown; default?: unknown };
  const verify = mod.verifySession ?? mod.default;
  if (typeof verify !== 'function') throw new Error(`${path} exports no verifySession function`);
  return verify as VerifySession;
}

/**
 * Every route that declares an access gets `request.borrower`, or a refusal in its family's
 * envelope (401 no or bad session, 403 a write by the demo account) before its body is read.
 */
export function registerIdentity(app: FastifyInstance): void {
  const verify = createVerifier(app.cfg);
  const demo = demoMode(app.cfg);
  const shared = (id: string) => (demo && id !== DEMO_BORROWER ? [id, DEMO_BORROWER] : [id]);
  app.decorateRequest('borrower', null);
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const raw = (request.query as Record<string, unknown> | undefined)?.sessionId;
    // Handed to the verifier as sent: a signed id with a space around it is not the id that was
    // signed (issue 28 item 7); the demo's verifier trims its own.
    const sessionId = typeof raw === 'string' ? raw : '';
    if (sessionId.trim() === '') {
      if (access !== 'read' || !demo) throw new Refusal(401, NO_SESSION);
      request.borrower = { id: DEMO_BORROWER, readable: [DEMO_BORROWER], signedIn: false };
      return;
    }
    const verified = await verify(sessionId);
    if (!verified || (!demo && verified.id === DEMO_BORROWER)) throw new Refusal(401, BAD_SESSION);
    // What the demo account wrote, every borrower would read with the seeded data.
    if (verified.id === DEMO_BORROWER && access === 'write') throw new Refusal(403, DEMO_READ_ONLY);
    request.borrower = { id: verified.id, readable: shared(verified.id), signedIn: true };
  });
}

/** The caller of a route that declared an access (a route that did not is a programming error). */
export function borrowerOf(request: FastifyRequest): Borrower {
  if (!request.borrower) throw new Error(`${request.routeOptions.url ?? request.url} declares no access`);
  return request.borrower;
}

/** Route options for each access, for `app.post(path, { schema, ...access.write }, ...)`. */
export const access = {
  public: { config: { access: 'public' } },
  read: { config: { access: 'read' } },
  private: { config: { access: 'private' } },
  write: { config: { access: 'write' } },
} as const satisfies Record<Access, { config: { access: Access } }>;
