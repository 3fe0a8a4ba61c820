// Screen documents come from the server at /screens/<id>.json, so ops change a screen without a
// rebuild. Each is validated before it is shown; the last valid copy of each is kept in
// localStorage with its ETag (last-known-good). A visit with a kept copy renders from it at once
// and revalidates in the background (If-None-Match); a new version that fails validation, or a
// flaky network, leaves the kept copy in place. A visit with none fetches and waits.
//
// Validation costs code the first screen should not wait for (the validators are the largest
// part of the bundle), so the app loads them lazily and skips them where a document was already
// checked by the same validators: a kept copy stamped with the current validators' fingerprint,
// and documents our server checked (the one it puts in the page, src/server/lib/inline-screen.ts,
// and fetched ones marked with SCREEN_CHECKED_HEADER). Anything else is validated before it is shown.
import type { KeyValueStorage } from '../../renderer/host';
import { ENGINE_VERSION } from '../../renderer/lang/version';
import type { ScreenDocument } from '../../renderer/types.gen';
import type { ScreenVersion } from '../host/telemetry';
import { SCREEN_CHECKED_HEADER } from '../wire/page';
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
  /** May answer later (the app loads the validators on first use). */
  validate(doc: unknown): Validation | Promise<Validation>;
  /**
   * The fingerprint of the validators in use (src/wire/stamp.ts). Kept copies carry the
   * fingerprint they were validated with; a matching one is shown without validating again.
   * Without it every kept copy is validated (synchronously, when validate allows).
   */
  stamp?: string;
  /**
   * False: keep nothing for the next visit (the server's draw, whose page is thrown away): no
   * document is serialized into storage. Default true.
   */
  keep?: boolean;
  /** The document the server put in the page for this route (read once at start). */
  initial?: InitialScreen | null;
  /** Where documents are served (default /screens/). */
  base?: string;
  warn?(message: string): void;
  /** Give up on a document that has not fully arrived after this long (default DOC_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** As long as an API call may take (ruling 2): a hung request ends on the error page, not a spinner. */
export const DOC_TIMEOUT_MS = 60_000;

export interface ScreenLoader {
  /** The kept copy, if there is a valid one: render it at once. */
  peek(id: string): ScreenDocument | null;
  /** Fetches the current version (one request per id at a time). */
  load(id: string): Promise<ScreenLoad>;
  /** Asks the server whether the kept copy is still current; stores a valid new version for the next visit. */
  revalidate(id: string): Promise<Revalidation>;
  /** The revision (and variant) of the document last handed out for `id`, as the server named it. */
  version(id: string): ScreenVersion;
  /** Whether the document of `id` is (or will be, at the first peek) the one the page carries. */
  fromPage(id: string): boolean;
  /** The ETag of the kept copy of `id`, or null without one (read from storage once per page life). */
  keptTag(id: string): string | null;
}

/** The page's own copy of its screen: `<script type="application/json" id="screen-doc">`. */
export interface InitialScreen extends ScreenVersion {
  id: string;
  etag: string | null;
  /** The fingerprint of the validators the server checked it with. */
  stamp: string;
  doc: unknown;
  /** The document needs the language's lazily loaded part (functions, variables...). */
  lang?: boolean;
  /**
   * A draft on a preview link (issue 17): shown on this page only, never kept on the device as
   * the screen's last good copy, and never replaced by the published version from the network.
   */
  preview?: boolean;
}

interface Kept {
  etag: string | null;
  doc: unknown;
  stamp?: string;
  version?: ScreenVersion;
}

const SAFE_ID = /^[a-z][a-z0-9-]*$/;

/** The server names the version it sent (src/server/events/revision.ts). */
const versionOf = (response: Response): ScreenVersion => ({
  revision: response.headers.get('X-Screen-Revision') ?? undefined,
  variant: response.headers.get('X-Screen-Variant') ?? undefined,
});

export function createScreenLoader(deps: ScreenLoaderDeps): ScreenLoader {
  const base = deps.base ?? '/screens/';
  const warn = deps.warn ?? console.warn;
  const timeoutMs = deps.timeoutMs ?? DOC_TIMEOUT_MS;
  const loading = new Map<string, Promise<ScreenLoad>>();
  const revalidating = new Map<string, Promise<Revalidation>>();

  const stamped = (stamp: unknown) => deps.stamp !== undefined && stamp === deps.stamp;
  const isDocLike = (doc: unknown): doc is ScreenDocument =>
    typeof doc === 'object' && doc !== null && !Array.isArray(doc);
  /** Checked kept documents of this page's life, so a screen shown twice is read once. */
  const shown = new Map<string, ScreenDocument>();
  let initial = deps.initial && SAFE_ID.test(deps.initial.id) ? deps.initial : null;
  /** Screens whose document came with the page: as fresh as the page, nothing to revalidate. */
  const fresh = new Set<string>();
  /** The version of the document each screen was last shown with (events carry it). */
  const versions = new Map<string, ScreenVersion>();
  /** The ETag of each kept copy read or written in this page's life (null: none kept). */
  const tags = new Map<string, string | null>();

  /** The kept entry as stored (not checked), or null; a corrupt entry is removed. */
  function readKept(id: string): Kept | null {
    const key = SCREEN_CACHE_PREFIX + id;
    const raw = deps.storage.getItem(key);
    tags.set(id, null);
    if (!raw) return null;
    try {
      const kept = JSON.parse(raw) as Kept;
      if (kept && typeof kept === 'object' && isDocLike(kept.doc)) {
        const etag = typeof kept.etag === 'string' ? kept.etag : null;
        tags.set(id, etag);
        return { etag, doc: kept.doc, stamp: kept.stamp, version: kept.version };
      }
    } catch {
      // Corrupt entry: fall through and forget it.
    }
    deps.storage.removeItem(key);
    return null;
  }

  /**
   * A document that may be shown without waiting: trusted by its stamp, or checked now when the
   * validator answers at once. Null when it would have to wait for the validators.
   */
  function usable(id: string, doc: unknown, stamp: unknown): ScreenDocument | null {
    if (stamped(stamp) && isDocLike(doc)) return doc;
    let checked: Validation | Promise<Validation>;
    try {
      checked = deps.validate(doc);
    } catch {
      checked = { ok: false, errors: [] };
    }
    if (checked instanceof Promise) return null;
    if (checked.ok) return checked.doc;
    // Written for an older screen language, or tampered with: useless now.
    deps.storage.removeItem(SCREEN_CACHE_PREFIX + id);
    tags.set(id, null);
    return null;
  }

  function keep(id: string, etag: string | null, doc: ScreenDocument, version: ScreenVersion): void {
    shown.delete(id);
    if (deps.keep === false) return;
    const entry: Kept = { etag, doc, stamp: deps.stamp, version };
    try {
      deps.storage.setItem(SCREEN_CACHE_PREFIX + id, JSON.stringify(entry));
      tags.set(id, etag);
    } catch {
      // Storage full: the screen still shows; the next visit fetches again. What is kept now is
      // read again when asked.
      tags.delete(id);
    }
  }

  /** The page's own copy, when it is for this screen and may be shown now. */
  function takeInitial(id: string): ScreenDocument | null {
    if (!initial || initial.id !== id) return null;
    const page = initial;
    initial = null;
    // Checked by other validators (a server and a build out of step): the normal path checks it
    // (for a preview, load() validates the page's copy instead of fetching the published one).
    if (!stamped(page.stamp) || !isDocLike(page.doc)) {
      if (page.preview) initial = page;
      return null;
    }
    const version = { revision: page.revision, variant: page.variant };
    if (!page.preview) keep(id, page.etag, page.doc, version);
    versions.set(id, version);
    shown.set(id, page.doc);
    fresh.add(id);
    return page.doc;
  }

  function peek(id: string): ScreenDocument | null {
    if (!SAFE_ID.test(id)) return null;
    const fromPage = takeInitial(id);
    if (fromPage) return fromPage;
    const seen = shown.get(id);
    if (seen) return seen;
    const kept = readKept(id);
    const doc = kept ? usable(id, kept.doc, kept.stamp) : null;
    if (doc) {
      shown.set(id, doc);
      versions.set(id, kept!.version ?? {});
    }
    return doc;
  }

  /** The kept copy after a failed fetch, checked by the validators whatever its stamp. */
  async function fallback(id: string): Promise<ScreenDocument | null> {
    const kept = readKept(id);
    if (!kept) return null;
    versions.set(id, kept.version ?? {});
    if (stamped(kept.stamp)) return kept.doc as ScreenDocument;
    const checked = await deps.validate(kept.doc);
    return checked.ok ? checked.doc : null;
  }

  async function get(id: string, etag: string | null, signal: AbortSignal): Promise<Response | null> {
    // The engine states its edition: a server may log which apps still run an older one.
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Engine-Version': ENGINE_VERSION,
    };
    if (etag) headers['If-None-Match'] = etag;
    try {
      return await deps.fetch(`${base}${id}.json`, {
        headers,
        cache: 'no-cache',
        credentials: 'same-origin',
        signal,
      });
    } catch {
      return null;
    }
  }

  /**
   * Runs one exchange (request and body) against the clock: a server that never answers, or
   * stops halfway through the body, still settles, and so does anything that throws.
   */
  function settled<T>(work: (signal: AbortSignal) => Promise<T>, failed: () => T): Promise<T> {
    const controller = new AbortController();
    return new Promise<T>((resolve) => {
      const timer = setTimeout(() => {
        controller.abort();
        resolve(failed());
      }, timeoutMs);
      const finish = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      work(controller.signal).then(finish, () => finish(failed()));
    });
  }

  async function parse(response: Response): Promise<Validation> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { ok: false, errors: ['The document is not valid JSON'] };
    }
    // Checked by the server with these very validators: nothing to load, nothing to redo.
    if (stamped(response.headers.get(SCREEN_CHECKED_HEADER)) && isDocLike(body))
      return { ok: true, doc: body };
    return await deps.validate(body);
  }

  const unreachable = (id: string): ScreenLoad => ({
    status: 'error',
    reason: 'network',
    errors: [`Could not reach the server for screen "${id}"`],
  });

  async function fetchFresh(id: string, signal: AbortSignal): Promise<ScreenLoad> {
    const response = await get(id, null, signal);
    if (!response || response.status >= 500) {
      // A kept copy that could not be shown at once (validated by older validators) still beats
      // the error page when the server cannot be reached.
      const old = await fallback(id).catch(() => null);
      return old ? { status: 'ready', doc: old, from: 'cache' } : unreachable(id);
    }
    if (!response.ok) return { status: 'error', reason: 'missing', errors: [`No screen document "${id}"`] };
    const checked = await parse(response);
    if (!checked.ok) return { status: 'error', reason: 'invalid', errors: checked.errors };
    const version = versionOf(response);
    keep(id, response.headers.get('ETag'), checked.doc, version);
    versions.set(id, version);
    return { status: 'ready', doc: checked.doc, from: 'network' };
  }

  async function check(id: string, signal: AbortSignal): Promise<Revalidation> {
    // The page's own copy is as fresh as the page.
    if (fresh.has(id)) return 'unchanged';
    const kept = readKept(id);
    const response = await get(id, kept?.etag ?? null, signal);
    if (!response || !(response.ok || response.status === 304)) return 'failed';
    if (response.status === 304) return 'unchanged';
    const checked = await parse(response);
    if (!checked.ok) {
      warn(
        `screen ${id}: the server's new version is invalid; keeping the last good one. ${checked.errors.join('; ')}`,
      );
      return 'invalid';
    }
    keep(id, response.headers.get('ETag'), checked.doc, versionOf(response));
    return 'updated';
  }

  async function previewLoad(page: InitialScreen): Promise<ScreenLoad> {
    const checked = await deps.validate(page.doc);
    if (!checked.ok) return { status: 'error', reason: 'invalid', errors: checked.errors };
    fresh.add(page.id);
    shown.set(page.id, checked.doc);
    return { status: 'ready', doc: checked.doc, from: 'network' };
  }

  return {
    peek,
    load(id) {
      if (!SAFE_ID.test(id))
        return Promise.resolve({ status: 'error', reason: 'missing', errors: [`Bad screen id "${id}"`] });
      if (initial?.preview && initial.id === id) return previewLoad(initial);
      let pending = loading.get(id);
      if (!pending) {
        pending = settled(
          (signal) => fetchFresh(id, signal),
          () => unreachable(id),
        ).finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      return pending;
    },
    revalidate(id) {
      if (!SAFE_ID.test(id)) return Promise.resolve('failed');
      let pending = revalidating.get(id);
      if (!pending) {
        pending = settled<Revalidation>(
          (signal) => check(id, signal),
          () => 'failed',
        ).finally(() => revalidating.delete(id));
        revalidating.set(id, pending);
      }
      return pending;
    },
    version: (id) => versions.get(id) ?? {},
    fromPage: (id) =>
      fresh.has(id) || (initial?.id === id && stamped(initial.stamp) && isDocLike(initial.doc)),
    keptTag(id) {
      if (!tags.has(id)) readKept(id);
      return tags.get(id) ?? null;
    },
  };
}
