// The screen loader's fast paths (issue 10): the page's own document and stamped kept copies are
// shown without the validators; everything else is validated (lazily) before it is shown.
import { describe, expect, it, vi } from 'vitest';
import { createScreenLoader, SCREEN_CACHE_PREFIX, type InitialScreen } from '../../../src/app/loadScreen';
import { SCREEN_CHECKED_HEADER } from '../../../src/wire/page';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { memoryStorage } from '../../../src/host/storage';

const doc = (text: string) => ({
  schemaVersion: 1,
  id: 'demo',
  title: 'Demo',
  body: [{ type: 'text', text }],
});
const BROKEN = { schemaVersion: 1, id: 'demo', title: 'Demo', body: [{ type: 'text' }] };
const STAMP = 'stamp-now';

function setup(
  options: {
    initial?: InitialScreen;
    served?: unknown;
    offline?: boolean;
    checked?: string;
    keep?: boolean;
  } = {},
) {
  const storage = memoryStorage();
  const requests: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    requests.push(url);
    if (options.offline) throw new TypeError('Failed to fetch');
    const headers: Record<string, string> = { ETag: '"n"' };
    if (options.checked) headers[SCREEN_CHECKED_HEADER] = options.checked;
    return new Response(JSON.stringify(options.served ?? doc('network')), { status: 200, headers });
  });
  // The app's validator answers later (it is loaded on first use).
  const validate = vi.fn(async (value: unknown) => validateScreenDoc(value));
  const loader = createScreenLoader({
    fetch,
    storage,
    validate,
    stamp: STAMP,
    initial: options.initial ?? null,
    warn: () => undefined,
    ...(options.keep === undefined ? {} : { keep: options.keep }),
  });
  return { loader, storage, requests, validate };
}

const keptEntry = (value: unknown, stamp?: string) =>
  JSON.stringify({ etag: '"k"', doc: value, ...(stamp ? { stamp } : {}) });

describe('the document the page carries', () => {
  const initial: InitialScreen = { id: 'demo', etag: '"p"', stamp: STAMP, doc: doc('from the page') };

  it('is shown at once, unvalidated and unfetched, kept for later, and needs no revalidation', async () => {
    const t = setup({ initial });
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'from the page' }] });
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'from the page' }] });
    expect(JSON.parse(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)!)).toMatchObject({
      etag: '"p"',
      stamp: STAMP,
    });
    await expect(t.loader.revalidate('demo')).resolves.toBe('unchanged');
    expect(t.requests).toEqual([]);
    expect(t.validate).not.toHaveBeenCalled();
  });

  it('with keep: false (the server’s draw) is shown, and nothing is written to storage', async () => {
    const t = setup({ initial, keep: false });
    const setItem = vi.spyOn(t.storage, 'setItem');
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'from the page' }] });
    await t.loader.load('other');
    expect(setItem).not.toHaveBeenCalled();
    expect(t.storage.keys()).toEqual([]);
  });

  it('is ignored when checked by other validators, or when it is another screen’s', async () => {
    const other = setup({ initial: { ...initial, stamp: 'stamp-old' } });
    expect(other.loader.peek('demo')).toBeNull();
    await expect(other.loader.load('demo')).resolves.toMatchObject({
      status: 'ready',
      doc: { body: [{ text: 'network' }] },
    });
    expect(other.validate).toHaveBeenCalledTimes(1);
    const elsewhere = setup({ initial: { ...initial, id: 'about' } });
    expect(elsewhere.loader.peek('demo')).toBeNull();
  });
});

describe('a draft on a preview link (issue 17)', () => {
  const preview: InitialScreen = { id: 'demo', etag: '"d"', stamp: STAMP, doc: doc('draft'), preview: true };

  it('is shown, never kept as the last good copy, never revalidated against the published one', async () => {
    const t = setup({ initial: preview });
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, keptEntry(doc('published, kept'), STAMP));
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'draft' }] });
    expect(JSON.parse(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)!).doc.body[0].text).toBe(
      'published, kept',
    );
    await expect(t.loader.revalidate('demo')).resolves.toBe('unchanged');
    expect(t.requests).toEqual([]);
  });

  it('checked by other validators, it is validated here rather than replaced by the published one', async () => {
    const t = setup({ initial: { ...preview, stamp: 'stamp-old' } });
    expect(t.loader.peek('demo')).toBeNull();
    await expect(t.loader.load('demo')).resolves.toMatchObject({
      status: 'ready',
      doc: { body: [{ text: 'draft' }] },
    });
    expect(t.requests).toEqual([]);
    expect(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)).toBeNull();
    const broken = setup({ initial: { ...preview, stamp: 'stamp-old', doc: BROKEN } });
    await expect(broken.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'invalid' });
    expect(broken.requests).toEqual([]);
  });
});

describe('kept copies with the validators’ fingerprint', () => {
  it('a copy kept by this version is shown without validating it again', () => {
    const t = setup();
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, keptEntry(doc('kept'), STAMP));
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'kept' }] });
    expect(t.validate).not.toHaveBeenCalled();
  });

  it('a copy kept by an older version waits for validation: fetched fresh, and stamped when kept', async () => {
    const t = setup();
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, keptEntry(doc('old'), 'stamp-old'));
    expect(t.loader.peek('demo')).toBeNull();
    await expect(t.loader.load('demo')).resolves.toMatchObject({ from: 'network' });
    expect(JSON.parse(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)!)).toMatchObject({ stamp: STAMP });
    expect(t.loader.peek('demo')).toMatchObject({ body: [{ text: 'network' }] });
  });

  it('offline, an older version’s copy is still shown once the validators accept it', async () => {
    const t = setup({ offline: true });
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, keptEntry(doc('old'), 'stamp-old'));
    await expect(t.loader.load('demo')).resolves.toMatchObject({
      status: 'ready',
      from: 'cache',
      doc: { body: [{ text: 'old' }] },
    });
    t.storage.setItem(`${SCREEN_CACHE_PREFIX}demo`, keptEntry(BROKEN, 'stamp-old'));
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'network' });
  });

  it('a fetched document is validated before it is shown or kept', async () => {
    const t = setup({ served: BROKEN });
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'invalid' });
    expect(t.storage.getItem(`${SCREEN_CACHE_PREFIX}demo`)).toBeNull();
  });
});

describe('documents our server checked', () => {
  it('a document marked with these validators’ fingerprint is shown without loading them', async () => {
    const t = setup({ checked: STAMP });
    await expect(t.loader.load('demo')).resolves.toMatchObject({
      status: 'ready',
      doc: { body: [{ text: 'network' }] },
    });
    expect(t.validate).not.toHaveBeenCalled();
  });

  it('another fingerprint, or none, means the app validates it itself', async () => {
    const other = setup({ checked: 'stamp-old', served: BROKEN });
    await expect(other.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'invalid' });
    const none = setup();
    await none.loader.load('demo');
    expect(none.validate).toHaveBeenCalledTimes(1);
  });

  it('the mark never turns something that is not a document into one', async () => {
    const t = setup({ checked: STAMP, served: ['not', 'a', 'document'] });
    await expect(t.loader.load('demo')).resolves.toMatchObject({ status: 'error', reason: 'invalid' });
  });
});
