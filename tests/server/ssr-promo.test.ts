// @vitest-environment node
// Promotion pages at their server-visible address (issue 26 item 3, /promo/landing?id=1): drawn by
// the app's own renderer from the template's published document (the borrower's arm under an
// experiment), with the template's data answered in-process, the document and the map of current
// versions beside it (issue 29 §1), private and never stored. The hash address (/promo/#/…) is
// served as before, and a hostile or unknown template id never draws, never fails: the page the
// phone shows "not available" on, as for the hash address.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoTemplates } from '../../src/server/demo/promo.js';
import { cookieOf, experimentOnHello, revisionWith } from './experiment-helpers.js';
import { startServer, type TestServer } from './helpers.js';
import { RENDERER, scriptPolicyProblems, site } from './ssr-helpers.js';
import {
  BASE_ROUTES,
  manifestText,
  publisher,
  editor,
  startStudio,
  type StudioServer,
} from './studio-helpers.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const html = { accept: 'text/html' };

function dataTag(body: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(body);
  return match ? (JSON.parse(match[1]!) as unknown) : null;
}
interface Drawn {
  screen: string;
  answered: { data: { template?: unknown; session?: { sid?: unknown } } } | null;
}
const drawnOf = (body: string) => dataTag(body, 'screen-drawn') as Drawn | null;
const inlineOf = (body: string) => dataTag(body, 'screen-doc') as { id: string; etag: string } | null;
const currentOf = (body: string) => dataTag(body, 'screen-current') as Record<string, string> | null;
const rootOf = (body: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(body)?.[1] ?? '';

describe('promotion pages at their server-visible address (demo)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { ssrModule: RENDERER, publishPollMs: 0, ...site() });
  });
  afterAll(() => s.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url, headers: { ...html, ...headers } });

  for (const template of demoTemplates) {
    it(`landing template ${template.id}: its words drawn, its data beside them, private, the freshness map kept`, async () => {
      const res = await get(`/promo/landing?id=${template.id}&user_from=sms&utm_tag=spring`);
      expect(res.statusCode).toBe(200);
      const root = rootOf(res.body);
      expect(root).toContain(template.config.title);
      expect(root).toContain(template.config.subtitle);
      const drawn = drawnOf(res.body)!;
      const screen = template.id === 1 ? 'promo-landing-classic' : 'promo-landing-bold';
      expect(drawn.screen).toBe(screen);
      expect(drawn.answered?.data.template).toEqual({ id: template.id, config: template.config });
      expect(typeof drawn.answered?.data.session?.sid).toBe('string');
      // A captcha session of this visitor's: theirs alone.
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      // Data, not script: the page CSP is not widened.
      // The one inline script is the tap keeper, allowed by its hash: never 'unsafe-inline'.
      expect(scriptPolicyProblems(res.body, String(res.headers['content-security-policy']))).toEqual([]);
      expect(res.body).toContain('<script>(function(w,d){');
      // The phone hydrates from the page's own document, which the map names as current.
      const inline = inlineOf(res.body)!;
      expect(inline.id).toBe(screen);
      expect(currentOf(res.body)?.[screen]).toBe(inline.etag.replace(/"/g, ''));
    });
  }

  it('the visit is counted once, by the server’s draw (the phone does not call its sources again)', async () => {
    const count = async () =>
      (
        await s.app.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'track-visit')
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    await get('/promo/landing?id=2&user_from=ad');
    expect(Number(await count())).toBe(before + 1);
  });

  it('a HEAD or a link preview (Messenger, WhatsApp) counts no visit and opens no captcha session', async () => {
    const visits = async () =>
      Number(
        (
          await s.app.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'track-visit')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await visits();
    const head = await s.app.inject({
      method: 'HEAD',
      url: '/promo/landing?id=1&user_from=sms',
      headers: html,
    });
    expect(head.statusCode).toBe(200);
    for (const agent of [
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
    ]) {
      const res = await get('/promo/landing?id=1&user_from=sms', { 'user-agent': agent });
      expect(res.statusCode).toBe(200);
      // The page the phone draws: nothing answered (no captcha session), its words come with JavaScript.
      expect(drawnOf(res.body)).toBeNull();
    }
    expect(await visits()).toBe(before);
    // A borrower in Messenger's own browser is a visit.
    const person = await get('/promo/landing?id=1&user_from=sms', {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 11; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 [FBAN/EMA;FBLC/en_US;FBAV/389.0.0.0]',
    });
    expect(drawnOf(person.body)?.answered).not.toBeNull();
    expect(await visits()).toBe(before + 1);
  });

  it('the download page too: drawn at /promo/download?down_id=1', async () => {
    const res = await get('/promo/download?down_id=1');
    expect(drawnOf(res.body)?.screen).toBe('promo-download');
    expect(rootOf(res.body)).toContain('Why borrowers choose us');
  });

  it('the hash address is served as before: the entry with the map, drawn by the phone', async () => {
    const res = await get('/promo/');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(drawnOf(res.body)).toBeNull();
    expect(inlineOf(res.body)).toBeNull();
    expect(currentOf(res.body)).toHaveProperty('promo-landing-classic');
  });

  it('X-Lender-Draw: phone gets the page for the phone, still with its document', async () => {
    const res = await get('/promo/landing?id=1', { 'x-lender-draw': 'phone' });
    expect(rootOf(res.body)).toBe('');
    expect(inlineOf(res.body)?.id).toBe('promo-landing-classic');
  });

  const HOSTILE = [
    '999',
    '',
    '../manifest',
    '..%2F..%2Fpackage.json',
    '__proto__',
    'constructor',
    '%ZZ%',
    encodeURIComponent('</script><script>alert(1)</script>'),
    '1'.repeat(4000),
    '1.0',
    ' 1',
  ];
  const hashPage = async () => (await get('/promo/')).headers['cache-control'];
  for (const id of HOSTILE) {
    it(`ruling 15: template id ${JSON.stringify(id.slice(0, 40))}: a 404 whose drawn page says "not available" (JavaScript off too), never a 5xx`, async () => {
      const res = await get(`/promo/landing?id=${id}`);
      expect(res.statusCode).toBe(404);
      // The entry's not-found page, drawn: no screen, nothing answered, no document.
      expect(drawnOf(res.body)).toEqual({ screen: null, answered: null });
      expect(inlineOf(res.body)).toBeNull();
      expect(rootOf(res.body)).toContain('data-page="not-found"');
      expect(rootOf(res.body)).toContain(
        'This promotion is not available. Please check the link you were sent.',
      );
      expect(res.body).not.toContain('<script>alert(1)');
      // Served as the hash page is (its map may name the visitor's arms), and no session asked for.
      expect(res.headers['cache-control']).toBe(await hashPage());
      expect(res.headers['set-cookie'] ?? '').not.toContain('lender_session');
      expect(res.headers.etag).toBeUndefined();
      // The phone's app still learns which versions are current.
      expect(currentOf(res.body)).toHaveProperty('promo-landing-classic');
    });
  }

  it('an unknown template id asked again is the kept not-found page, still a 404 even with its old ETag', async () => {
    const first = await get('/promo/landing?id=424242');
    const again = await get('/promo/landing?id=424242', { 'if-none-match': '"anything"' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(first.body);
  });

  it('a link previewer of an unknown template id gets the 404 undrawn (no visit, no drawing)', async () => {
    const res = await get('/promo/landing?id=999', { 'user-agent': 'WhatsApp/2.23.20.0' });
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toBe('');
  });
});

describe('in production, under an experiment on the landing’s screen', () => {
  let s: StudioServer;
  afterEach(async () => s?.close());

  it('each borrower’s page is drawn as their own arm, which the map names, from the first byte', async () => {
    s = await startStudio(
      'sqlite',
      { now: () => new Date(), ssrModule: RENDERER },
      { 'manifest.json': manifestText(BASE_ROUTES, { landing: { templates: { '7': 'hello' } } }) },
    );
    const revision = await revisionWith(await editor(s.app), 'hello', 'Try it');
    await experimentOnHello(await publisher(s.app), revision, 'signup');
    const labels = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const first = await s.app.inject({ url: '/promo/landing?id=7', headers: html });
      const cookie = cookieOf(first.headers['set-cookie']);
      const res = await s.app.inject({ url: '/promo/landing?id=7', headers: { ...html, cookie } });
      expect(res.statusCode).toBe(200);
      const label = /<button[^>]*>([^<]+)<\/button>/.exec(res.body)?.[1];
      const screens = await s.app.inject({ url: '/screens/hello.json', headers: { cookie } });
      // The page's drawing, its document and its map all name the arm /screens/ gives this borrower.
      expect(label).toBe(screens.json().body[0].label);
      expect(inlineOf(res.body)?.etag).toBe(screens.headers.etag);
      expect(currentOf(res.body)?.hello).toBe(String(screens.headers.etag).replace(/"/g, ''));
      expect(res.headers['cache-control']).toBe('private, no-store');
      labels.add(label!);
    }
    expect([...labels].sort()).toEqual(['Go', 'Try it']);
  });
});
