// The API as the server's first draw calls it: the very routes the phone would call, through
// Fastify's inject (no socket), with the page request's cookies, user agent and address, so the
// same identity check (src/server/identity/), limits and envelopes apply.
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

function headersOf(init: RequestInit, request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (out[key] = value));
  const cookie = request.headers.cookie;
  if (cookie) out.cookie = cookie;
  const agent = request.headers['user-agent'];
  if (agent) out['user-agent'] = agent;
  return out;
}

/**
 * Calls of one page request to the page's own origin (`pageOrigin`), answered by this server's
 * own routes. A call to any other origin (a partner's API the configuration allows) is not made
 * here: inject would answer it from this server's route of the same path. It fails, so the page
 * is drawn loading and the phone makes the call, as the upstream does (upstream.ts).
 */
export function inProcessFetch(app: FastifyInstance, request: FastifyRequest, pageOrigin: string): Fetch {
  const page = new URL(pageOrigin).origin;
  return async (url, init) => {
    const target = new URL(url, page);
    if (target.origin !== page)
      throw new Error(`not answered on the server: ${target.origin} is not the page's origin`);
    const reply = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: headersOf(init, request),
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(reply.headers))
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers });
  };
}
