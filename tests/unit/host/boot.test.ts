// The entries' second step (src/app/boot.ts) and the build plugin that preloads it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountLater } from '../../../src/app/boot';
import { preloadMount } from '../../../src/app/build/preloadMount';

afterEach(() => document.body.replaceChildren());

describe('mountLater', () => {
  it('mounts the React part once it has loaded', async () => {
    const mount = vi.fn();
    mountLater(() => Promise.resolve({ mount }));
    await vi.waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
  });

  it('tries twice, then says the page could not load, with a way to try again', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    mountLater(load);
    await vi.waitFor(() => expect(document.querySelector('#root p')).not.toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    expect(document.querySelector('#root p')!.textContent).toMatch(/could not load this page/);
    expect(document.querySelector('#root button')!.textContent).toBe('Try again');
  });
});

describe('preloadMount', () => {
  type Handler = (html: string, ctx: unknown) => { tag: string; attrs: Record<string, unknown> }[];
  const plugin = preloadMount();
  const handler = (plugin.transformIndexHtml as { handler: Handler }).handler;
  const chunk = (fileName: string, extra: Record<string, unknown> = {}) => ({
    type: 'chunk',
    fileName,
    imports: [],
    dynamicImports: [],
    ...extra,
  });

  it('preloads the entry’s React part, its chunks and its stylesheet, not the lazy validators', () => {
    const bundle = {
      'assets/main.js': chunk('assets/main.js', {
        imports: ['assets/services.js'],
        dynamicImports: ['assets/mountMain.js'],
      }),
      'assets/services.js': chunk('assets/services.js', { dynamicImports: ['assets/validateDoc.js'] }),
      'assets/mountMain.js': chunk('assets/mountMain.js', {
        facadeModuleId: '/repo/src/app/mountMain.tsx',
        imports: ['assets/Shell.js', 'assets/services.js'],
      }),
      'assets/Shell.js': chunk('assets/Shell.js', {
        viteMetadata: { importedCss: new Set(['assets/Shell.css']) },
      }),
      'assets/validateDoc.js': chunk('assets/validateDoc.js', {
        facadeModuleId: '/repo/src/app/validateDoc.ts',
      }),
    };
    const tags = handler('', { bundle, chunk: bundle['assets/main.js'] });
    expect(tags.map((t) => [t.attrs.rel, t.attrs.href])).toEqual([
      ['modulepreload', '/assets/mountMain.js'],
      ['modulepreload', '/assets/Shell.js'],
      ['stylesheet', '/assets/Shell.css'],
    ]);
  });
});
