// Before React draws anything, the first screen's on-load calls start (issue 10).
import { describe, expect, it, vi } from 'vitest';
import { startFirstScreen } from '../../../src/app/firstScreen';
import { createScreenLoader, type InitialScreen } from '../../../src/app/loadScreen';
import { promoRoute, routeEntries, screenForPath, type Manifest } from '../../../src/manifest/routes';
import { readInitialScreen, readInlineManifest, readPreview } from '../../../src/app/inlineScreen';
import type { AppServices } from '../../../src/app/context';
import type { ApiCall } from '../../../renderer/host';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { memoryStorage } from '../../../src/host/storage';
import { validateScreenDoc } from '../../../src/app/validateDoc';

const withSources = {
  schemaVersion: 1,
  id: 'details',
  title: 'Details',
  sources: [
    {
      do: 'call',
      api: 'v3',
      path: '/v3/loan-details/loan-details',
      body: { orderId: { $: 'params.orderId' } },
      into: 'data.order',
    },
  ],
  body: [],
};

function services(initial: InitialScreen | null) {
  const host = createHost({ config: { ...DEFAULT_CONFIG } });
  const started: ApiCall[] = [];
  host.requester.prefetch = (call) => void started.push(call);
  const fetch = vi.fn(async () => new Response(JSON.stringify(withSources), { status: 200 }));
  const loader = createScreenLoader({
    fetch,
    storage: memoryStorage(),
    validate: validateScreenDoc,
    stamp: 's',
    initial,
  });
  const prefetch = vi.fn();
  const app: AppServices = { host, loader, prefetch, dev: false };
  return { app, started, fetch, prefetch };
}

describe('startFirstScreen', () => {
  it('with the document in the page: starts its own on-load calls, fetches nothing', () => {
    const t = services({ id: 'details', etag: null, stamp: 's', doc: withSources });
    startFirstScreen(t.app, 'details', { orderId: 'ORD-1' });
    expect(t.started).toEqual([
      expect.objectContaining({
        api: 'v3',
        path: '/v3/loan-details/loan-details',
        body: { orderId: 'ORD-1' },
      }),
    ]);
    expect(t.fetch).not.toHaveBeenCalled();
    expect(t.prefetch).not.toHaveBeenCalled();
  });

  it('drawn by the server with its answers: its calls are not made again; another screen’s draw does not count', () => {
    const page = { id: 'details', etag: null, stamp: 's', doc: withSources } as const;
    const answered = { data: { order: {} }, ui: {}, form: {}, vars: {} };
    const t = services(page);
    startFirstScreen(t.app, 'details', { orderId: 'ORD-1' }, { screen: 'details', answered });
    expect(t.started).toEqual([]);
    const other = services(page);
    startFirstScreen(other.app, 'details', { orderId: 'ORD-1' }, { screen: 'home', answered });
    expect(other.started).toHaveLength(1);
    const unanswered = services(page);
    startFirstScreen(unanswered.app, 'details', { orderId: 'ORD-1' }, { screen: 'details', answered: null });
    expect(unanswered.started).toHaveLength(1);
  });

  it('without one: the document download and the build’s table of calls start together', () => {
    const t = services(null);
    startFirstScreen(t.app, 'details', { orderId: 'ORD-1' });
    expect(t.prefetch).toHaveBeenCalledWith('details', { orderId: 'ORD-1' });
    expect(t.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('which screen a page shows before the router runs', () => {
  const manifest = {
    schemaVersion: 1,
    routes: [
      { path: '/loan/details', screen: 'loan-details', aliases: ['/order'] },
      { path: '/testPreview', screen: 'dev-preview', flag: 'devPreview' },
    ],
    promo: { landing: { templates: { '1': 'promo-landing' } } },
  } as unknown as Manifest;
  const entries = routeEntries(manifest, { devPreview: false });

  it('matches paths as the app router does: case and a trailing slash ignored', () => {
    expect(screenForPath(entries, '/loan/details')).toBe('loan-details');
    expect(screenForPath(entries, '/Loan/Details/')).toBe('loan-details');
    expect(screenForPath(entries, '/order')).toBe('loan-details');
    expect(screenForPath(entries, '/testPreview')).toBeNull();
    expect(screenForPath(entries, '/loan')).toBeNull();
  });

  it('reads promotion hash routes', () => {
    expect(promoRoute('#/landing?id=1')).toMatchObject({ page: 'landing' });
    expect(promoRoute('#/landing?id=1')!.query.get('id')).toBe('1');
    expect(promoRoute('#/download/')).toMatchObject({ page: 'download' });
    expect(promoRoute('#/Landing?id=1')).toMatchObject({ page: 'landing' });
    expect(promoRoute('#/elsewhere?id=1')).toBeNull();
    expect(promoRoute('')).toBeNull();
  });
});

describe('readInitialScreen', () => {
  const page = (json: string) => {
    const doc = document.implementation.createHTMLDocument('t');
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'screen-doc';
    script.textContent = json;
    doc.body.append(script);
    return doc;
  };

  it('reads the element the server writes', () => {
    expect(readInitialScreen(page('{"id":"a","etag":"\\"e\\"","stamp":"s","doc":{"x":1}}'))).toEqual({
      id: 'a',
      etag: '"e"',
      stamp: 's',
      doc: { x: 1 },
    });
  });

  it('reads the preview flag, the published manifest and the preview band data', () => {
    expect(
      readInitialScreen(page('{"id":"a","etag":null,"stamp":"s","doc":{},"preview":true}')),
    ).toMatchObject({
      preview: true,
    });
    const html = document.implementation.createHTMLDocument('t');
    html.body.innerHTML =
      '<script type="application/json" id="screen-manifest">{"schemaVersion":1,"routes":[{"path":"/a","screen":"a"}]}</script>' +
      '<script type="application/json" id="screen-preview">{"screen":"a","expiresAt":"2026-12-01T00:00:00.000Z"}</script>';
    expect(readInlineManifest(html)?.routes).toEqual([{ path: '/a', screen: 'a' }]);
    expect(readPreview(html)).toEqual({ screen: 'a', expiresAt: '2026-12-01T00:00:00.000Z' });
    const empty = document.implementation.createHTMLDocument('t');
    expect(readInlineManifest(empty)).toBeNull();
    expect(readPreview(empty)).toBeNull();
  });

  it('ignores a missing, broken or incomplete element', () => {
    expect(readInitialScreen(document.implementation.createHTMLDocument('t'))).toBeNull();
    expect(readInitialScreen(page('{"id":'))).toBeNull();
    expect(readInitialScreen(page('{"id":"a","doc":{}}'))).toBeNull();
    expect(readInitialScreen(page('null'))).toBeNull();
  });
});
