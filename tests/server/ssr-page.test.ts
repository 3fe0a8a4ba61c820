// @vitest-environment node
// Borrower pages the server draws (issue 26, src/server/ssr/, src/app/ssr/render.tsx): the HTML
// carries the borrower's data drawn by the app's own tree, is theirs alone (never cached, never
// another borrower's, even all at once), falls back to the phone's path when the data cannot be
// had, and hostile replies drawn on the server inject nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSession } from '../../src/server/identity/signed.js';
import { drawnHtml } from '../../src/server/ssr/drawn-page.js';
import { startServer, type TestServer } from './helpers.js';
import { PAGE, RENDERER, scriptPolicyProblems, site } from './ssr-helpers.js';

const KEY = 'k'.repeat(40);
const html = { accept: 'text/html' };

/** The JSON of the page's screen-drawn element. */
function drawnOf(body: string): { screen: string; answered: Record<string, unknown> | null } | null {
  const match = /<script type="application\/json" id="screen-drawn">([\s\S]*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1]!) : null;
}

const rootOf = (body: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(body)?.[1] ?? '';

describe('pages the server draws (demo)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { ssrModule: RENDERER, publishPollMs: 0, ...site() });
  }, 60_000);
  afterAll(() => s.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers: { ...html, ...headers } });

  it('loan details: the order drawn in the HTML, its state beside it, private and never stored', async () => {
    const res = await get('/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=demo');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('<h1 class="blk-hero-title">Due today</h1>');
    expect(root).toContain('<dt>Loan amount</dt><dd>₱5000.00</dd>');
    const drawn = drawnOf(res.body);
    expect(drawn?.screen).toBe('loan-details');
    expect(drawn?.answered?.data).toMatchObject({ order: { orderId: 'ORD-174-D' } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    // Data, not script: the page CSP is not widened.
    // The one inline script is the tap keeper, allowed by its hash: never 'unsafe-inline'.
    expect(scriptPolicyProblems(res.body, String(res.headers['content-security-policy']))).toEqual([]);
    expect(res.body).toContain('<script>(function(w,d){');
  });

  it('repayment: the plan drawn with its amounts', async () => {
    const res = await get('/repay?orderId=ORD-174&productId=P-2&sessionId=demo-repay');
    expect(rootOf(res.body)).toContain('<h1 class="blk-hero-title">₱3135.00</h1>');
    expect(drawnOf(res.body)?.answered?.data).toHaveProperty('plan');
  });

  it('a page without borrower data revalidates by its ETag', async () => {
    const first = await get('/');
    expect(first.statusCode).toBe(200);
    expect(drawnOf(first.body)).toEqual({ screen: 'official-site', answered: null });
    expect(rootOf(first.body)).toContain('PesoQuick');
    expect(first.headers['cache-control']).toContain('no-cache');
    expect(first.headers['cache-control']).not.toContain('no-store');
    const again = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('a data call the server cannot answer never fails the page: drawn loading, the phone calls', async () => {
    // No such order: the API refuses, so the page is what the phone draws first.
    const res = await get('/loan/details?orderId=ORD-NONE&productId=P-1&sessionId=demo');
    expect(res.statusCode).toBe(200);
    expect(drawnOf(res.body)).toEqual({ screen: 'loan-details', answered: null });
    expect(rootOf(res.body)).toContain('aria-busy="true"');
    // The document is still in the page for the phone.
    expect(res.body).toContain('id="screen-doc"');
  });

  it('an address no route has: a 404 whose drawn page says so (JavaScript off too), nobody’s data', async () => {
    for (const url of [
      '/no-such-page',
      '/loan/details/extra?sessionId=demo',
      '/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(drawnOf(res.body), url).toEqual({ screen: null, answered: null });
      const root = rootOf(res.body);
      expect(root).toContain('data-page="not-found"');
      expect(root).toContain('Page not found');
      expect(root).toContain('>Go back</button>');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('the page’s <title> is the drawn one, not “Loading…” (a webview’s bar shows it before the code runs)', async () => {
    const titleOf = async (url: string) => /<title>([^<]*)<\/title>/.exec((await get(url)).body)?.[1];
    expect(await titleOf('/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=demo')).toBe(
      'Order Details',
    );
    // A title bound to the configuration: config.productName.
    expect(await titleOf('/')).toBe('PesoQuick Cash Loan');
    expect(await titleOf('/no-such-page')).toBe('Page not found');
    expect(await titleOf('/promo/landing?id=999')).toBe('Page not found');
  });

  it('the shell’s own page (/error) and a route are not missing', async () => {
    expect((await get('/error')).statusCode).toBe(200);
    expect((await get('/about')).statusCode).toBe(200);
  });

  it('X-Lender-Draw: phone gets the page for the phone to draw, as before', async () => {
    const res = await get('/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=demo', {
      'x-lender-draw': 'phone',
    });
    expect(res.body).toContain('<div id="root"></div>');
    expect(drawnOf(res.body)).toBeNull();
  });
});

describe('two borrowers at once (signed sessions)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', {
      ssrModule: RENDERER,
      publishPollMs: 0,
      identity: 'signed',
      sessionKey: KEY,
      // Production: no borrower reads the demo's data; the seeded orders are given to one borrower.
      production: true,
      ...site(),
    });
    await s.app.db
      .updateTable('orders')
      .set({ borrower_id: 'alice' })
      .where('borrower_id', '=', 'demo')
      .execute();
  }, 60_000);
  afterAll(() => s.close());

  it('each gets their own data only, however the requests interleave', async () => {
    const until = new Date(Date.now() + 3_600_000);
    const owner = signSession(KEY, 'alice', until);
    const other = signSession(KEY, 'bob', until);
    const page = (session: string) =>
      s.app.inject({
        method: 'GET',
        url: `/loan/details?orderId=ORD-174-D&productId=P-1&sessionId=${encodeURIComponent(session)}`,
        headers: html,
      });
    const sessions = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? owner : other));
    const replies = await Promise.all(sessions.map(page));
    replies.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const answered = drawnOf(res.body)?.answered ?? null;
      if (sessions[i] === owner) {
        expect(res.body).toContain('₱5000.00');
        expect(answered?.data).toMatchObject({ order: { orderId: 'ORD-174-D' } });
      } else {
        expect(res.body).not.toContain('₱5000.00');
        expect(answered).toBeNull();
      }
    });
  });

  it('with the shared copy in play (anonymous requests of the same page between), no one gets another’s page', async () => {
    const until = new Date(Date.now() + 3_600_000);
    const owner = signSession(KEY, 'alice', until);
    const other = signSession(KEY, 'bob', until);
    const path = '/loan/details?orderId=ORD-174-D&productId=P-1';
    const kept = (session: string) =>
      `lender_session=${encodeURIComponent(JSON.stringify({ sessionId: session }))}`;
    const asks: { who: 'alice' | 'bob' | 'nobody'; url: string; cookie?: string }[] = [];
    for (let i = 0; i < 8; i += 1)
      asks.push(
        { who: 'alice', url: `${path}&sessionId=${encodeURIComponent(owner)}` },
        { who: 'nobody', url: path },
        { who: 'bob', url: path, cookie: kept(other) },
        { who: 'alice', url: path, cookie: kept(owner) },
        { who: 'bob', url: `${path}&sessionId=${encodeURIComponent(other)}` },
      );
    const replies = await Promise.all(
      asks.map(({ url, cookie }) =>
        s.app.inject({ method: 'GET', url, headers: { ...html, ...(cookie ? { cookie } : {}) } }),
      ),
    );
    const anonymous = new Set<string>();
    replies.forEach((res, i) => {
      const { who } = asks[i]!;
      expect(res.statusCode).toBe(200);
      if (who === 'alice') {
        expect(res.body).toContain('₱5000.00');
        expect(res.headers['cache-control']).toBe('private, no-store');
      } else {
        expect(res.body).not.toContain('₱5000.00');
        expect(drawnOf(res.body)?.answered).toBeNull();
      }
      if (who === 'nobody') anonymous.add(String(res.headers.etag));
    });
    // The anonymous page is the one loading page, kept and shared: one tag for all of them.
    expect(anonymous.size).toBe(1);
    const later = await s.app.inject({ method: 'GET', url: path, headers: html });
    expect(later.body).not.toContain('₱5000.00');
    expect(String(later.headers.etag)).toBe([...anonymous][0]);
  });

  it('a page without an identity in its address is drawn with the session the phone kept (lender_session)', async () => {
    const owner = signSession(KEY, 'alice', new Date(Date.now() + 3_600_000));
    const cookie = `lender_session=${encodeURIComponent(JSON.stringify({ sessionId: owner }))}`;
    const res = await s.app.inject({
      method: 'GET',
      url: '/loan/details?orderId=ORD-174-D&productId=P-1',
      headers: { ...html, cookie },
    });
    expect(rootOf(res.body)).toContain('₱5000.00');
    const none = await s.app.inject({
      method: 'GET',
      url: '/loan/details?orderId=ORD-174-D&productId=P-1',
      headers: html,
    });
    expect(drawnOf(none.body)?.answered).toBeNull();
  });
});

describe('the drawn page’s data tag', () => {
  it('escapes </script>, <!-- and U+2028/2029 so the state stays data', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029';
    const page = drawnHtml(
      PAGE,
      'loan-details',
      { html: '<main></main>', answered: { data: { x: hostile }, ui: {}, form: {}, vars: {} } },
      '',
    )!;
    const tag = /<script type="application\/json" id="screen-drawn">([\s\S]*?)<\/script>/.exec(page)![1]!;
    expect(tag).not.toMatch(/<\/script|<!--|\u2028|\u2029/);
    expect(JSON.parse(tag).answered.data.x).toBe(hostile);
    // The data tag, and the tap keeper (the CSP's one hash): nothing of the state runs.
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(page.match(/<script>/g)).toHaveLength(1);
  });

  it('writes the drawn title into <title>, escaped', () => {
    const page = drawnHtml(
      PAGE,
      'loan-details',
      { html: '<main></main>', answered: null, title: '</title><script>alert(1)</script> & "more"' },
      '',
    )!;
    expect(/<title>([^<]*)<\/title>/.exec(page)?.[1]).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;',
    );
    expect(page.match(/<title>/g)).toHaveLength(1);
  });
});
