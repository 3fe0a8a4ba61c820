// @vitest-environment node
// A lender whose API lives elsewhere (issue 26 item 2, src/server/ssr/upstream.ts,
// LENDER_SSR_UPSTREAM): the server draws a borrower's page with the data of the API at the
// upstream, over HTTP, with what the phone would send it; an upstream that is down, slow or
// redirecting costs the page its data, never the page (drawn loading, the phone calls as before).
import { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/server/config.js';
import { signSession } from '../../src/server/identity/signed.js';
import { upstreamOf } from '../../src/server/ssr/upstream.js';
import { startServer, type TestServer } from './helpers.js';
import { RENDERER, site } from './ssr-helpers.js';

const KEY = 'u'.repeat(20) + 'v'.repeat(20);
const html = { accept: 'text/html' };
const DETAILS = '/loan/details?orderId=ORD-174-D&productId=P-1';

const drawnOf = (body: string): { answered: { data?: unknown } | null } | null => {
  const match = /<script type="application\/json" id="screen-drawn">([\s\S]*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1]!) : null;
};

const addressOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** The page server: production, signed sessions, its own database holding no order of alice's. */
const pageServer = (upstream: string) =>
  startServer('sqlite', {
    ssrModule: RENDERER,
    ssrUpstream: upstream,
    publishPollMs: 0,
    identity: 'signed',
    sessionKey: KEY,
    production: true,
    ...site(),
  });

describe('the first draw’s data from an upstream over HTTP', () => {
  let api: TestServer;
  let pages: TestServer;
  const seen: { url: string; cookie: string | undefined; forwarded: string | undefined }[] = [];
  const alice = signSession(KEY, 'alice', new Date(Date.now() + 3_600_000));
  const kept = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId: alice }))}`;

  beforeAll(async () => {
    // The lender's API: another server, where alice owns the order.
    api = await startServer('sqlite', {
      identity: 'signed',
      sessionKey: KEY,
      production: true,
      publishPollMs: 0,
    });
    await api.app.db
      .updateTable('orders')
      .set({ borrower_id: 'alice' })
      .where('borrower_id', '=', 'demo')
      .execute();
    api.app.addHook('onRequest', async (request) => {
      seen.push({
        url: request.url,
        cookie: request.headers.cookie,
        forwarded: request.headers['x-forwarded-for'] as string | undefined,
      });
    });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    pages = await pageServer(`${addressOf(api.app)}/`);
  }, 90_000);
  afterAll(async () => {
    await pages?.close();
    await api?.close();
  });

  it('draws the borrower’s page with the upstream’s data, sending it the session the phone would', async () => {
    seen.length = 0;
    const res = await pages.app.inject({
      url: `${DETAILS}&sessionId=${encodeURIComponent(alice)}`,
      headers: { ...html, cookie: `lender_vid=abc; ${kept}; lender_studio=s3cret` },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    // The page server's own database has no order of alice's: this came from the upstream.
    expect(res.body).toContain('₱5000.00');
    expect(drawnOf(res.body)?.answered?.data).toMatchObject({ order: { orderId: 'ORD-174-D' } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(seen.length).toBeGreaterThan(0);
    for (const call of seen) {
      expect(call.url).toContain(`sessionId=${encodeURIComponent(alice)}`);
      expect(call.forwarded).toBe('203.0.113.7');
      // The phone's session cookie only: not the events' key, not a studio session.
      expect(call.cookie).toBe(kept);
    }
  });

  it('the server’s draw sends no measurement events of its own (the phone sends its own)', async () => {
    seen.length = 0;
    await pages.app.inject({ url: `${DETAILS}&sessionId=${encodeURIComponent(alice)}`, headers: html });
    expect(seen.length).toBeGreaterThan(0);
    // The host batches events for 2 s before it sends them.
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(seen.map((call) => call.url).filter((url) => url.startsWith('/api/events'))).toEqual([]);
  });

  it('an upstream that refuses the session: the page is drawn loading, with no one’s data', async () => {
    const bob = signSession(KEY, 'bob', new Date(Date.now() + 3_600_000));
    const res = await pages.app.inject({
      url: `${DETAILS}&sessionId=${encodeURIComponent(bob)}`,
      headers: html,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('₱5000.00');
    expect(drawnOf(res.body)?.answered).toBeNull();
  });
});

describe('an upstream that cannot answer never fails the page', () => {
  let slow: FastifyInstance;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    // Answers everything late, or with a redirect elsewhere.
    slow = Fastify();
    slow.all('/*', async (request, reply) => {
      if (request.url.includes('redirect')) return reply.redirect('https://elsewhere.example/steal');
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      return { code: '00', data: {} };
    });
    await slow.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await slow.close();
  });

  const alice = signSession(KEY, 'alice', new Date(Date.now() + 3_600_000));
  const drawnLoading = async (upstream: string) => {
    const s = await pageServer(upstream);
    servers.push(s);
    const res = await s.app.inject({
      url: `${DETAILS}&sessionId=${encodeURIComponent(alice)}`,
      headers: html,
    });
    expect(res.statusCode).toBe(200);
    expect(drawnOf(res.body)).toMatchObject({ answered: null });
    expect(res.body).toContain('aria-busy="true"');
    expect(res.body).toContain('id="screen-doc"');
  };

  it('down (nothing listens): drawn loading', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const address = addressOf(closed);
    await closed.close();
    await drawnLoading(address);
  }, 90_000);

  it('slow (past its deadline): drawn loading', async () => {
    await drawnLoading(addressOf(slow));
  }, 90_000);

  it('redirecting: not followed, drawn loading', async () => {
    await drawnLoading(`${addressOf(slow)}/redirect`);
  }, 90_000);
});

describe('LENDER_SSR_UPSTREAM at start', () => {
  it('takes an http(s) base and refuses anything else, saying why', () => {
    expect(upstreamOf(undefined)).toBe('');
    expect(upstreamOf('  ')).toBe('');
    expect(upstreamOf('https://api.example/')).toBe('https://api.example');
    expect(upstreamOf('http://10.0.0.5:8080/h5')).toBe('http://10.0.0.5:8080/h5');
    for (const [value, why] of [
      ['api.example', 'not a URL'],
      ['ftp://api.example', 'ftp:'],
      ['https://user:secret@api.example', 'password'],
      ['https://api.example/?x=1', 'query'],
    ] as const)
      expect(() => upstreamOf(value), value).toThrow(new RegExp(`LENDER_SSR_UPSTREAM.*${why}`));
    // The server's options refuse it before anything starts.
    expect(() => resolveConfig({ ssrUpstream: 'javascript:alert(1)' })).toThrow(/LENDER_SSR_UPSTREAM/);
  });
});
