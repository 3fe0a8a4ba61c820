// Hostile documents through the whole app (issue 10): whatever arrives at /screens/<id>.json for
// a route of the real manifest (a damaged copy of the real screen, bodies that are not documents,
// a server that errs or never answers, a tampered kept copy), the borrower sees the screen or the
// error page: never an empty page, never an endless spinner.
import { render, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/app/App';
import { createScreenLoader, SCREEN_CACHE_PREFIX } from '../../../src/app/loadScreen';
import { createPrefetch } from '../../../src/app/prefetch';
import { routeEntries, type Manifest } from '../../../src/manifest/routes';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { memoryStorage } from '../../../src/host/storage';
import type { KeyValueStorage } from '../../../renderer/host';
import { fakeNetwork } from '../host/fakeNetwork';
import { mutate, mutationsArb, screenFiles, type Json } from './mutate';

const files = screenFiles();
const manifest = files.find((f) => f.name === 'manifest.json')!.doc as unknown as Manifest;
const docs = new Map(files.map((f) => [f.name.replace(/\.json$/, ''), f.doc]));
const config = { ...DEFAULT_CONFIG, devPreview: true };
/** One path per screen of the manifest (its first). */
const routes = [...new Map(routeEntries(manifest, config).map((r) => [r.screen, r.path])).entries()];

type DocReply = Response | 'hang' | 'offline';

function boot(path: string, answer: (id: string) => DocReply, storage: KeyValueStorage = memoryStorage()) {
  window.history.replaceState(null, '', path);
  const net = fakeNetwork(() => ({ body: { code: 0, success: true, message: '', data: {} } }));
  const host = createHost({ config, fetch: net.fetch });
  const loader = createScreenLoader({
    fetch: (url, init) => {
      const reply = answer(/\/screens\/(.+)\.json$/.exec(url)![1]!);
      if (reply === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      if (reply === 'hang')
        return new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return Promise.resolve(reply);
    },
    storage,
    validate: validateScreenDoc,
    warn: () => undefined,
    timeoutMs: 200,
  });
  return { services: { host, loader, prefetch: createPrefetch(host, {}), dev: false } };
}

/** Waits until the route settles on the screen or the error page; says which. */
async function settle(container: HTMLElement): Promise<'screen' | 'error'> {
  let kind: 'screen' | 'error' | null = null;
  await waitFor(
    () => {
      if (container.querySelector('[data-page="error"]')) kind = 'error';
      else if (container.querySelector('main.screen')) kind = 'screen';
      expect(kind).not.toBeNull();
    },
    { timeout: 3000 },
  );
  return kind!;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const raw = (text: string, status = 200, type = 'application/json') =>
  new Response(text, { status, headers: { 'content-type': type } });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('a damaged copy of each real screen reaching the app', () => {
  it.each(routes)('%s: the screen or the error page, never an empty page', async (id, path) => {
    const original = docs.get(id) as Json;
    expect(original, `screens/${id}.json`).toBeTruthy();
    await fc.assert(
      fc.asyncProperty(mutationsArb, async (mutations) => {
        const doc = mutate(original, mutations);
        const { services } = boot(path, () => json(doc));
        const { container, unmount } = render(<App services={services} manifest={manifest} />);
        const kind = await settle(container);
        const expected = validateScreenDoc(doc).ok ? 'screen' : 'error';
        expect(kind).toBe(expected);
        if (kind === 'error') expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
        unmount();
      }),
      { numRuns: 1 },
    );
  });
});

describe('what the server answers for a document', () => {
  const [id, path] = routes[0]!;
  const deep =
    '{"schemaVersion":1,"id":"x","title":"x","body":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}';
  const cases: [string, () => DocReply, string][] = [
    ['invalid JSON', () => raw('{"schemaVersion": 1, "body": ['), 'Something went wrong'],
    [
      'an HTML page',
      () => raw('<html><script>alert(1)</script></html>', 200, 'text/html'),
      'Something went wrong',
    ],
    ['an empty body', () => raw(''), 'Something went wrong'],
    ['null', () => json(null), 'Something went wrong'],
    ['an array', () => json([{ type: 'text', text: 'x' }]), 'Something went wrong'],
    ['a string', () => json('screen'), 'Something went wrong'],
    ['a number', () => json(42), 'Something went wrong'],
    ['an empty object', () => json({}), 'Something went wrong'],
    ['nesting 50 000 deep', () => raw(deep), 'Something went wrong'],
    [
      'a newer schemaVersion',
      () => json({ schemaVersion: 99, id, title: 'x', body: [] }),
      'Something went wrong',
    ],
    ['a 500', () => json({ message: 'boom' }, 500), 'No connection'],
    ['a 502 page in HTML', () => raw('<h1>Bad gateway</h1>', 502, 'text/html'), 'No connection'],
    ['a 404', () => json({ message: 'no' }, 404), 'Page not found'],
    ['no connection', () => 'offline', 'No connection'],
    ['no answer at all (timeout)', () => 'hang', 'No connection'],
  ];

  it.each(cases)('%s: the error page', async (_label, answer, title) => {
    const { services } = boot(path, answer);
    const { container } = render(<App services={services} manifest={manifest} />);
    expect(await settle(container)).toBe('error');
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('a body cut off halfway (the stream stalls) ends on the error page too', async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"schemaVersion":1,'));
      },
    });
    const { services } = boot(path, () => new Response(stalled, { status: 200 }));
    const { container } = render(<App services={services} manifest={manifest} />);
    expect(await settle(container)).toBe('error');
    expect(screen.getByRole('heading', { name: 'No connection' })).toBeTruthy();
  });

  it.each([
    ['not JSON', '{"etag":'],
    ['JSON but no document', JSON.stringify({ etag: 'W/"1"', doc: { body: 7 } })],
    ['a document nested too deep', `{"etag":null,"doc":${deep}}`],
  ])('a tampered kept copy (%s) is ignored: the fresh document shows', async (_label, kept) => {
    const storage = memoryStorage();
    storage.setItem(SCREEN_CACHE_PREFIX + id, kept);
    const { services } = boot(path, () => json(docs.get(id)), storage);
    const { container } = render(<App services={services} manifest={manifest} />);
    expect(await settle(container)).toBe('screen');
    expect(storage.getItem(SCREEN_CACHE_PREFIX + id)).not.toBe(kept);
  });
});

describe('the screen loader always settles', () => {
  it('a background revalidation the server never answers gives up as failed', async () => {
    const { services } = boot(routes[0]![1], () => 'hang');
    await expect(services.loader.revalidate(routes[0]![0])).resolves.toBe('failed');
  });
});
