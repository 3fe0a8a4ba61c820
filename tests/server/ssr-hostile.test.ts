// @vitest-environment node
// Hostile replies drawn on the server (issue 26): every page of the main entry, its sources
// answered with the hostile-reply fixtures (tests/e2e/hostile-replies.ts): never a server error,
// never a script or markup of the reply's in the HTML; the page is drawn, or drawn loading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../e2e/hostile-replies';
import { setHostility, type ServerHostility } from './hostile-renderer';
import { site } from './ssr-helpers.js';
import { EARLY_TAPS_SCRIPT } from '../../src/wire/earlyTaps.js';
import { startServer, type TestServer } from './helpers.js';

const RENDERER = new URL('./hostile-renderer.ts', import.meta.url).pathname;
const KEEPER = `<script>${EARLY_TAPS_SCRIPT}</script>`;
const KINDS: ServerHostility[] = ['malformed', 'retyped', 'huge', '500', 'invalid-json', 'html', 'null'];
/** The main entry's pages (a promotion's template is in the address's hash: never drawn by the server). */
const PAGES = pages().filter((p) => !p.url.startsWith('/promo/'));
/** A tag of the page that could run something: a script, an on* handler, a javascript: or HTML address. */
function runnable(html: string): string | null {
  for (const tag of html.matchAll(/<([a-z][\w-]*)((?:\s+[^\s=>"']+(?:="[^"]*")?)*)\s*\/?>/gi)) {
    const [whole, name, attributes = ''] = tag;
    if (name!.toLowerCase() === 'script' && !/^\s+type="application\/json"/.test(attributes)) return whole;
    for (const [, attribute, value = ''] of attributes.matchAll(/\s+([^\s=>"']+)(?:="([^"]*)")?/g)) {
      if (/^on/i.test(attribute!)) return whole;
      if (
        /^(href|src|action|formaction)$/i.test(attribute!) &&
        /^\s*(javascript|data:text\/html)/i.test(value)
      )
        return whole;
    }
  }
  return null;
}

describe('hostile replies drawn on the server', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { ssrModule: RENDERER, publishPollMs: 0, ...site() });
  }, 60_000);
  afterAll(() => s.close());

  for (const kind of KINDS)
    it(`${kind}: every page is drawn with nothing injected and no server error`, async () => {
      setHostility(kind);
      for (const { screen, url } of PAGES) {
        const res = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, `${screen} ${url}`).toBe(200);
        expect(res.body, screen).toContain('id="screen-drawn"');
        // The page's one inline script is the tap keeper, exactly as written (the CSP's hash);
        // nothing else may run.
        const parts = res.body.split(KEEPER);
        expect(parts, screen).toHaveLength(2);
        expect(runnable(parts.join('')), screen).toBeNull();
        expect(res.body).not.toContain("window.__pwned='script'</script>");
      }
    }, 120_000);
});
