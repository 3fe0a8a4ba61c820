// The promotion entry never draws a kept copy the server has replaced (issue 29 §1): the page's map
// of current versions (src/app/currentScreens.ts) holds it back; it is still drawn when the
// network is down or slow, and the current version is kept for the next visit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_GRACE_MS, contentTag, currentFirst, readCurrent } from '../../../src/app/currentScreens';
import { CURRENT_ELEMENT_ID } from '../../../src/wire/page';
import { createScreenLoader, SCREEN_CACHE_PREFIX, type InitialScreen } from '../../../src/app/loadScreen';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { memoryStorage } from '../../../src/host/storage';

const doc = (text: string) => ({
  schemaVersion: 1,
  id: 'landing',
  title: 'Landing',
  body: [{ type: 'text', text }],
});
const textOf = (d: unknown) => (d as { body: { text: string }[] } | null)?.body[0]!.text;

type Net = 'up' | 'down' | 'hang';

/** A loader whose device kept `kept` (tag "old") while the server now serves `served` (tag "new"). */
function phone(net: { state: Net }, initial: InitialScreen | null = null) {
  const storage = memoryStorage();
  storage.setItem(
    `${SCREEN_CACHE_PREFIX}landing`,
    JSON.stringify({ etag: '"old-gzip"', doc: doc('the control'), version: { variant: 'e1:a' } }),
  );
  const requests: string[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push(url);
    if (net.state === 'down') throw new TypeError('Failed to fetch');
    if (net.state === 'hang')
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    return new Response(JSON.stringify(doc('arm B')), {
      status: 200,
      headers: { ETag: '"new.e1b-gzip"', 'X-Screen-Variant': 'e1:b', 'Content-Type': 'application/json' },
    });
  });
  const loader = createScreenLoader({ fetch, storage, validate: validateScreenDoc, stamp: 's', initial });
  return { storage, requests, loader };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the promotion page’s map of current versions', () => {
  it('reads the map the server put in the page, and nothing else', () => {
    const page = document.implementation.createHTMLDocument();
    expect(readCurrent(page)).toBeNull();
    page.body.innerHTML = `<script type="application/json" id="${CURRENT_ELEMENT_ID}">{"landing":"new.e1b"}</script>`;
    expect(readCurrent(page)).toEqual({ landing: 'new.e1b' });
    page.body.innerHTML = `<script type="application/json" id="${CURRENT_ELEMENT_ID}">{"landing":</script>`;
    expect(readCurrent(page)).toBeNull();
  });

  it('compares the content: W/, the gzip mark and quotes do not count, an arm’s label does', () => {
    expect(contentTag('"abc-gzip"')).toBe('abc');
    expect(contentTag('W/"abc"')).toBe('abc');
    expect(contentTag('"abc.e1b-gzip"')).toBe('abc.e1b');
    expect(contentTag('"abc.e1a"')).not.toBe(contentTag('"abc.e1b"'));
  });

  it('a kept copy the server replaced is not drawn: the current one is fetched and kept', async () => {
    const net = { state: 'up' as Net };
    const t = phone(net);
    const loader = currentFirst(t.loader, { landing: 'new.e1b' });
    expect(loader.peek('landing')).toBeNull();
    const result = await loader.load('landing');
    expect(result).toMatchObject({ status: 'ready', from: 'network' });
    expect(textOf(result.status === 'ready' ? result.doc : null)).toBe('arm B');
    expect(loader.version('landing')).toEqual({ revision: undefined, variant: 'e1:b' });
    // Kept: on the next visit, and later in this one, it is current and drawn at once.
    expect(textOf(loader.peek('landing'))).toBe('arm B');
    expect(await loader.revalidate('landing')).toBe('unchanged');
    expect(t.requests).toHaveLength(1);
  });

  it('a kept copy the map confirms is drawn at once, without asking the server', async () => {
    const t = phone({ state: 'up' });
    const loader = currentFirst(t.loader, { landing: 'old' });
    expect(textOf(loader.peek('landing'))).toBe('the control');
    expect(await loader.revalidate('landing')).toBe('unchanged');
    expect(t.requests).toEqual([]);
  });

  it('the document a server-visible address’s page carries is drawn at once over a replaced kept copy', async () => {
    const page: InitialScreen = { id: 'landing', etag: '"new.e1b-gzip"', stamp: 's', doc: doc('arm B') };
    const t = phone({ state: 'up' }, page);
    const loader = currentFirst(t.loader, { landing: 'new.e1b' });
    expect(textOf(loader.peek('landing'))).toBe('arm B');
    expect(await loader.revalidate('landing')).toBe('unchanged');
    expect(t.requests).toEqual([]);
    // It is now the kept copy, current for the next visit.
    expect(JSON.parse(t.storage.getItem(`${SCREEN_CACHE_PREFIX}landing`)!)).toMatchObject({
      etag: '"new.e1b-gzip"',
    });
  });

  it('offline: the replaced kept copy is still drawn', async () => {
    const t = phone({ state: 'down' });
    const loader = currentFirst(t.loader, { landing: 'new.e1b' });
    expect(loader.peek('landing')).toBeNull();
    const result = await loader.load('landing');
    expect(result).toMatchObject({ status: 'ready', from: 'cache' });
    expect(textOf(result.status === 'ready' ? result.doc : null)).toBe('the control');
  });

  it(`slow: the replaced kept copy is drawn after ${STALE_GRACE_MS} ms, and the current one kept when it comes`, async () => {
    vi.useFakeTimers();
    const net = { state: 'hang' as Net };
    const t = phone(net);
    const loader = currentFirst(t.loader, { landing: 'new.e1b' });
    let settled: unknown = null;
    void loader.load('landing').then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(STALE_GRACE_MS - 100);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toMatchObject({
      status: 'ready',
      from: 'cache',
      doc: { body: [{ text: 'the control' }] },
    });
  });

  it('without a map (a page the server did not serve) the loader is as before', () => {
    const t = phone({ state: 'up' });
    const loader = currentFirst(t.loader, {});
    expect(textOf(loader.peek('landing'))).toBe('the control');
  });
});
