// Screen documents come from the server at /screens/<id>.json, so ops change a screen without a
// rebuild. Each is validated before it is shown; the last valid copy of each is kept in
// localStorage with its ETag (last-known-good). A visit with a kept copy renders from it at once
// and revalidates in the background (If-None-Match); a new version that fails validation, or a
// flaky network, leaves the kept copy in place. A visit with none fetches and waits.
import type { KeyValueStorage } from '../../renderer/host';
import type { ScreenDocument } from '../../renderer/types.gen';
import type { Validation } from './validateDoc';

export const SCREEN_CACHE_PREFIX = 'lender.screen.';

export type LoadFailure = 'invalid' | 'missing' | 'network';

export type ScreenLoad =
  | { status: 'ready'; doc: ScreenDocument; from: 'cache' | 'network' }
  | { status: 'error'; reason: LoadFailure; errors: string[] };

export type Revalidation = 'unchanged' | 'updated' | 'invalid' | 'failed';

export interface ScreenLoaderDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  storage: KeyValueStorage;
  validate(doc: unknown): Validation;
  /** Where documents are served (default /screens/). */
  base?: string;
  warn?(message: string): void;
}

export interface ScreenLoader {
  /** The kept copy, if there is a valid one: render it at once. */
  peek(id: string): ScreenDocument | null;
  /** Fetches the current version (one request per id at a time). */
  load(id: string): Promise<ScreenLoad>;
  /** Asks the server whether the kept copy is still current; stores a valid new version for the next visit. */
  revalidate(id: string): Promise<Revalidation>;
}

interface Kept {
  etag: string | null;
  doc: unknown;
}

const SAFE_ID = /^[a-z][a-z0-9-]*$/;

export function createScreenLoader(deps: ScreenLoaderDeps): ScreenLoader {
  const base = deps.base ?? '/screens/';
  const warn = deps.warn ?? console.warn;
  const loading = new Map<string, Promise<ScreenLoad>>();
  const revalidating = new Map<string, Promise<Revalidation>>();

  function readKept(id: string): { etag: string | null; doc: ScreenDocument } | null {
    const key = SCREEN_CACHE_PREFIX + id;
    const raw = deps.storage.getItem(key);
    if (!raw) return null;
    try {
      const kept = JSON.parse(raw) as Kept;
      const checked = deps.validate(kept?.doc);
      if (checked.ok) return { etag: typeof kept.etag === 'string' ? kept.etag : null, doc: checked.doc };
    } catch {
      // Corrupt entry: fall through and forget it.
    }
    // Corrupt, or written for an older screen language: useless now.
    deps.storage.removeItem(key);
    return null;
  }

  function keep(id: string, etag: string | null, doc: ScreenDocument): void {
    try {
      deps.storage.setItem(SCREEN_CACHE_PREFIX + id, JSON.stringify({ etag, doc } satisfies Kept));
    } catch {
      // Storage full: the screen still shows; the next visit fetches again.
    }
  }

  async function get(id: string, etag: string | null): Promise<Response | null> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (etag) headers['If-None-Match'] = etag;
    try {
      return await deps.fetch(`${base}${id}.json`, {
        headers,
        cache: 'no-cache',
        credentials: 'same-origin',
      });
    } catch {
      return null;
    }
  }

  async function parse(response: Response): Promise<Validation> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, errors: ['The document is not valid JSON'] };
    }
    return deps.validate(body);
  }

  async function fetchFresh(id: string): Promise<ScreenLoad> {
    const response = await get(id, null);
    if (!response || response.status >= 500) {
      return {
        status: 'error',
        reason: 'network',
        errors: [`Could not reach the server for screen "${id}"`],
      };
    }
    if (!response.ok) return { status: 'error', reason: 'missing', errors: [`No screen document "${id}"`] };
    const checked = await parse(response);
    if (!checked.ok) return { status: 'error', reason: 'invalid', errors: checked.errors };
    keep(id, response.headers.get('ETag'), checked.doc);
    return { status: 'ready', doc: checked.doc, from: 'network' };
  }

  async function check(id: string): Promise<Revalidation> {
    const kept = readKept(id);
    const response = await get(id, kept?.etag ?? null);
    if (!response || !(response.ok || response.status === 304)) return 'failed';
    if (response.status === 304) return 'unchanged';
    const checked = await parse(response);
    if (!checked.ok) {
      warn(
        `screen ${id}: the server's new version is invalid; keeping the last good one. ${checked.errors.join('; ')}`,
      );
      return 'invalid';
    }
    keep(id, response.headers.get('ETag'), checked.doc);
    return 'updated';
  }

  return {
    peek: (id) => (SAFE_ID.test(id) ? (readKept(id)?.doc ?? null) : null),
    load(id) {
      if (!SAFE_ID.test(id))
        return Promise.resolve({ status: 'error', reason: 'missing', errors: [`Bad screen id "${id}"`] });
      let pending = loading.get(id);
      if (!pending) {
        pending = fetchFresh(id).finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      return pending;
    },
    revalidate(id) {
      if (!SAFE_ID.test(id)) return Promise.resolve('failed');
      let pending = revalidating.get(id);
      if (!pending) {
        pending = check(id).finally(() => revalidating.delete(id));
        revalidating.set(id, pending);
      }
      return pending;
    },
  };
}
