import type { FastifyRequest } from 'fastify';

/** Owner of the seeded demo data; also the borrower of any request without a sessionId. */
export const DEMO_BORROWER = 'demo';

/*
 * Identity is the `sessionId` query parameter the native wrapper appends (spec §6); no real auth in
 * the reference server. Seeded demo records are readable by every borrower so each screen works from
 * the preview page whatever session id it carries; records a borrower creates stay theirs.
 */
export function borrowerOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  const sessionId = query?.sessionId;
  return typeof sessionId === 'string' && sessionId.trim() !== ''
    ? sessionId.trim().slice(0, 128)
    : DEMO_BORROWER;
}

/** Owners whose records a borrower may read. */
export const readableOwners = (borrower: string): string[] =>
  borrower === DEMO_BORROWER ? [DEMO_BORROWER] : [borrower, DEMO_BORROWER];
