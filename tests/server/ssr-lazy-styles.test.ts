// A drawn page links the stylesheets of the lazy blocks its document uses (issue 26 item 4): the
// phone would load them only with the blocks' code, after the drawing has painted, and the page
// moved when they came (tests/e2e/layout-shift.spec.ts measures that in the browser).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyStylesHead, readLazyStyles } from '../../src/server/ssr/lazy-styles';
import { drawnHtml } from '../../src/server/ssr/drawn-page';
import { LAZY_STYLES_FILE } from '../../src/wire/page';

const TEMPLATE =
  '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/services.css"></head>' +
  '<body><div id="root"></div></body></html>';

function distWith(table: unknown, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-styles-'));
  writeFileSync(join(dir, LAZY_STYLES_FILE), typeof table === 'string' ? table : JSON.stringify(table));
  mkdirSync(join(dir, 'assets'));
  for (const [name, css] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), css);
  return dir;
}

describe('the lazy blocks’ stylesheets of a drawn page', () => {
  const styles = readLazyStyles(
    distWith({
      input: ['/assets/services.css', '/assets/form.css'],
      tabs: ['/assets/services.css', '/assets/Tabs.css'],
      qrcode: ['/assets/Qrcode.css'],
    }),
  );

  it('links those of every lazy block in the document, modals too, once each, not those the page has', () => {
    const doc = {
      body: [
        { type: 'input', id: 'phone' },
        { type: 'text', text: 'Hi' },
      ],
      modals: {
        help: {
          body: [
            { type: 'tabs', tabs: [] },
            { type: 'input', id: 'code' },
          ],
        },
      },
    };
    expect(lazyStylesHead(styles, doc, TEMPLATE)).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/form.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/Tabs.css">',
    );
    expect(lazyStylesHead(styles, { body: [{ type: 'text', text: 'Hi' }] }, TEMPLATE)).toBe('');
  });

  it('puts them in the head, and the drawing in #root', () => {
    const links = lazyStylesHead(styles, { body: [{ type: 'qrcode', value: 'x' }] }, TEMPLATE);
    const page = drawnHtml(TEMPLATE, 's', { html: '<main>drawn</main>', answered: null }, '', links)!;
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/Qrcode.css"></head><body><div id="root"><main>drawn</main></div>',
    );
  });

  it('writes no address that is not one of the build’s stylesheets, and draws without a table', () => {
    const hostile = readLazyStyles(
      distWith({
        input: ['"><script>alert(1)</script>', 'https://evil.example/x.css', '/assets/form.css', 7],
        tabs: 'x',
      }),
    );
    expect(hostile.byType).toEqual({ input: ['/assets/form.css'] });
    expect(readLazyStyles(distWith('not json')).byType).toEqual({});
    expect(readLazyStyles(join(tmpdir(), 'no-such-build')).byType).toEqual({});
    const page = drawnHtml(TEMPLATE, 's', { html: '<main></main>', answered: null }, '');
    expect(page).toContain('</head><body><div id="root"><main></main></div>');
  });

  it('writes a stylesheet the build has into the head, inline (one request less each), and links one it cannot', () => {
    const built = readLazyStyles(
      distWith(
        { input: ['/assets/services.css', '/assets/form.css'], tabs: ['/assets/Tabs.css'] },
        { 'form.css': '.blk-input{height:44px}', 'Tabs.css': '.x{content:"</style><script>"}' },
      ),
    );
    const doc = {
      body: [
        { type: 'input', id: 'phone' },
        { type: 'tabs', tabs: [] },
      ],
    };
    expect(lazyStylesHead(built, doc, TEMPLATE)).toBe(
      '<style data-href="/assets/form.css">.blk-input{height:44px}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/Tabs.css">',
    );
  });
});
