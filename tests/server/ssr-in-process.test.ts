// @vitest-environment node
// The server's first draw answers a page's calls in-process (src/server/ssr/in-process.ts), through
// its own routes. Only calls to the page's own origin: a partner's address the configuration allows
// was answered by this server's route of the same path (inject reads the path alone), and the drawn
// page showed this server's reply as the partner's, which the phone then did not ask again.
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from '../../src/server/ssr/in-process.js';

describe('in-process calls of the server’s draw', () => {
  const app = Fastify();
  let page: FastifyRequest;
  beforeAll(async () => {
    app.get('/api/who', async (request) => ({
      who: 'this server',
      query: request.query,
      agent: request.headers['user-agent'],
    }));
    app.get('/page', async (request) => {
      page = request;
      return 'ok';
    });
    await app.inject({ url: '/page', headers: { 'user-agent': 'Phone/1' } });
  });
  afterAll(() => app.close());
  const ORIGIN = 'http://lender.example';

  it('a call to the page’s origin, absolute or not, is answered by this server’s route', async () => {
    const fetch = inProcessFetch(app, page, ORIGIN);
    for (const url of [`${ORIGIN}/api/who?x=1`, '/api/who?x=1']) {
      const res = await fetch(url, {});
      expect(res.status, url).toBe(200);
      expect(await res.json(), url).toEqual({ who: 'this server', query: { x: '1' }, agent: 'Phone/1' });
    }
  });

  it('a call to another origin is not answered here: it fails, and the phone makes it', async () => {
    const fetch = inProcessFetch(app, page, ORIGIN);
    for (const url of [
      'https://partner.example/api/who',
      'http://lender.example:8080/api/who',
      'https://lender.example/api/who',
      '//partner.example/api/who',
    ])
      await expect(fetch(url, {}), url).rejects.toThrow(/not answered on the server/);
  });
});
