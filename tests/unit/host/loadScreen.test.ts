import { describe, expect, it, vi } from 'vitest';
import { createScreenLoader, SCREEN_CACHE_PREFIX } from '../../../src/app/loadScreen';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { memoryStorage } from '../../../src/host/storage';

const doc = (text: string) => ({
  schemaVersion: 1,
  id: 'demo',
  title: 'Demo',
  body: [{ type: 'text', text }],
});
const BROKEN = { schemaVersion: 1, id: 'demo', title: 'Demo', body: [{ type: 'text' }] };

interface Served {
  status: number;
  body?: unknown;
  etag?: string;
}

function server(initial: Served) {
  let current: Served | 'offline' = initial;
  const requests: { url: string; ifNoneMatch: string | null }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    requests.push({ url, ifNoneMatch: headers.get('If-None-Match') });
    if (current === 'offline') throw new TypeError('Failed to fetch');
    const served = current;
    if (served.etag && headers.get('If-None-Match') === served.etag)
      return new Response(null, { status: 304 });
    const text = typeof served.body === 'string' ? served.body : JSON.stringify(served.body ?? {});
    return new Response(text, {
      status: served.status,
      headers: served.etag ? { ETag: served.etag, 'Content-Type': 'application/json' } : {},
    });
  });
  return {
    fetch,
    requests,
    serve: (next: Served | 'offline') => {
      current = next;
    },
  };
}

function setup(initial: Served) {
  const net = server(initial);
  const storage = memoryStorage();
  const warn = vi.fn();
  const loader = createScreenLoader({ fetch: net.fetch, storage, validate: validateScreenDoc, warn });
  return { ...net, storage, loader, warn };
}

describe('first visit', () => {
  it('fetches /screens/<id>.json, validates it and keeps it with its ETag', async () => {
    const t = setup({ status: 200, body: doc('v1'), etag: '"a"' });
    expect(t.loader.peek('demo')).toBeNull();
    const result = await t.loader.load('demo');
    expect(result).toMatchObject({ status: 'ready', from: 'network', doc: { body: [{ text: 'v1' }] } });
    expect(t.requests[0]).toEqual({ url: '/screens/demo.json', ifNoneMatch: null });
    expect(JSON.parse(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)!)).toMatchObject({ etag: '"a"' });
  });

  it('an invalid document is an error with the validation messages, and is not kept', async () => {
    const t = setup({ status: 200, body: BROKEN, etag: '"b"' });
    const result = await t.loader.load('demo');
    expect(result.status).toBe('error');
    if (result.status !== 'error') return;
    expect(result.reason).toBe('invalid');
    expect(result.errors.join(' ')).toMatch(/text/);
    expect(t.storage.keys()).toEqual([]);
  });

  it('a body that is not JSON is invalid', async () => {
    const t = setup({ status: 200, body: '<html>proxy</html>' });
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'invalid' });
  });

  it('404 is missing; offline and 5xx are network errors', async () => {
    const t = setup({ status: 404, body: { message: 'No screen' } });
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'missing' });
    t.serve({ status: 503, body: {} });
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'network' });
    t.serve('offline');
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'network' });
  });

  it('two loads of one screen at once make one request', async () => {
    const t = setup({ status: 200, body: doc('v1') });
    await Promise.all([t.loader.load('demo'), t.loader.load('demo')]);
    expect(t.requests).toHaveLength(1);
  });

  it('ids that are not screen ids are never fetched', async () => {
    const t = setup({ status: 200, body: doc('v1') });
    await expect(t.loader.load('../etc/passwd')).resolves.toMatchObject({ status: 'error' });
    expect(t.requests).toHaveLength(0);
  });
});

describe('last-known-good (stale-while-revalidate)', () => {
  async function visited() {
    const t = setup({ status: 200, body: doc('v1'), etag: '"v1"' });
    await t.loader.load('demo');
    return t;
  }

  it('the next visit renders the kept copy at once, with no request', async () => {
    const t = await visited();
    const kept = t.loader.peek('demo');
    expect(kept).toMatchObject({ body: [{ text: 'v1' }] });
    expect(t.requests).toHaveLength(1);
  });

  it('revalidation sends If-None-Match; 304 keeps the copy', async () => {
    const t = await visited();
    await expect(t.loader.revalidate('demo')).resolves.toBe('unchanged');
    expect(t.requests[1]).toEqual({ url: '/screens/demo.json', ifNoneMatch: '"v1"' });
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'v1' }] });
  });

  it('a valid new version is kept for the next visit', async () => {
    const t = await visited();
    t.serve({ status: 200, body: doc('v2'), etag: '"v2"' });
    await expect(t.loader.revalidate('demo')).resolves.toBe('updated');
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'v2' }] });
    await t.loader.revalidate('demo');
    expect(t.requests[2]!.ifNoneMatch).toBe('"v2"');
  });

  it('a broken new version keeps the old one', async () => {
    const t = await visited();
    t.serve({ status: 200, body: BROKEN, etag: '"v2"' });
    await expect(t.loader.revalidate('demo')).resolves.toBe('invalid');
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'v1' }] });
    expect(t.warn).toHaveBeenCalled();
  });

  it('a flaky network keeps the old one', async () => {
    const t = await visited();
    t.serve('offline');
    await expect(t.loader.revalidate('demo')).resolves.toBe('failed');
    t.serve({ status: 500, body: {} });
    await expect(t.loader.revalidate('demo')).resolves.toBe('failed');
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'v1' }] });
  });

  it('a corrupt or outdated kept copy is ignored and removed', async () => {
    const t = setup({ status: 200, body: doc('fresh'), etag: '"f"' });
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, '{not json');
    expect(t.loader.peek('demo')).toBeNull();
    expect(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)).toBeNull();
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, JSON.stringify({ etag: '"x"', doc: BROKEN }));
    expect(t.loader.peek('demo')).toBeNull();
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, 'null');
    expect(t.loader.peek('demo')).toBeNull();
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'ready' });
  });

  it('a full storage does not stop the screen', async () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const net = server({ status: 200, body: doc('v1') });
    const loader = createScreenLoader({ fetch: net.fetch, storage, validate: validateScreenDoc });
    await expect(loader.load('demo')).resolves.toMatchObject({ status: 'ready' });
  });
});

describe('the version shown (events carry it, issue 19)', () => {
  it('comes from the server with the document, is kept with it, and changes only when a new one is shown', async () => {
    const net = server({ status: 200, body: doc('v1'), etag: '"a"' });
    const fetch = async (url: string, init: RequestInit) => {
      const response = await net.fetch(url, init);
      const headers = new Headers(response.headers);
      headers.set('X-Screen-Revision', JSON.parse(String(headers.get('ETag') ?? '""')) || 'none');
      return new Response(response.body, { status: response.status, headers });
    };
    const storage = memoryStorage();
    const loader = createScreenLoader({ fetch, storage, validate: validateScreenDoc, warn: vi.fn() });
    expect(loader.version('demo')).toEqual({});
    await loader.load('demo');
    expect(loader.version('demo')).toMatchObject({ revision: 'a' });

    // Next visit: shown from the kept copy, revalidated in the background.
    const next = createScreenLoader({ fetch, storage, validate: validateScreenDoc, warn: vi.fn() });
    expect(next.peek('demo')).not.toBeNull();
    expect(next.version('demo')).toMatchObject({ revision: 'a' });
    net.serve({ status: 200, body: doc('v2'), etag: '"b"' });
    expect(await next.revalidate('demo')).toBe('updated');
    // Still showing v1 until the screen is shown again.
    expect(next.version('demo')).toMatchObject({ revision: 'a' });
    next.peek('demo');
    expect(next.version('demo')).toMatchObject({ revision: 'b' });
  });

  it('the page’s own copy brings its revision and variant', () => {
    const loader = createScreenLoader({
      fetch: vi.fn(),
      storage: memoryStorage(),
      validate: validateScreenDoc,
      stamp: 'S',
      initial: {
        id: 'demo',
        etag: '"p"',
        stamp: 'S',
        revision: 'rev-p',
        variant: 'exp1:b',
        doc: doc('page'),
      },
    });
    expect(loader.peek('demo')).not.toBeNull();
    expect(loader.version('demo')).toEqual({ revision: 'rev-p', variant: 'exp1:b' });
  });
});
