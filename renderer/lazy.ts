// The blocks and actions the schemas mark `x-lazy` live in chunks of their own (lazy.gen.ts), out
// of the first screen's JavaScript. A screen's document names the ones it needs: Screen.tsx waits
// for its blocks before it draws (no placeholder, then the block), and the app starts the download
// as soon as it knows the screen (src/app/firstScreen.ts, prefetch.ts), beside the React part, so
// no request waits on another. No React here: the app's first chunk calls it.
import type { ActionRunner } from './action';
import { lazyActions, lazyBlocks, type LazyLoader } from './lazy.gen';
import { namesIn, type LazyNames } from './lazyNames';

export type { LazyNames } from './lazyNames';
export type LazyKind = 'block' | 'action';

const TABLES: Record<LazyKind, Record<string, LazyLoader>> = { block: lazyBlocks, action: lazyActions };
const has = (table: object, key: string) => Object.prototype.hasOwnProperty.call(table, key);

const loaded = new Map<string, unknown>();
const loading = new Map<string, Promise<void>>();

/** The module's default export, once it is here. */
export function loadedModule<T>(kind: LazyKind, name: string): T | undefined {
  return loaded.get(`${kind}:${name}`) as T | undefined;
}

/**
 * Starts (or joins) a module's download. Always resolves: a chunk that cannot be loaded
 * (offline) is tried again next time, and the block or action that needs it reports the failure.
 */
export function loadModule(kind: LazyKind, name: string): Promise<void> {
  const key = `${kind}:${name}`;
  if (loaded.has(key) || !has(TABLES[kind], name)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = TABLES[kind][name]!()
      .then(
        (module) => void loaded.set(key, module.default),
        () => undefined,
      )
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Starts every download the names ask for; resolves when all have settled. */
export function preloadLazy(names: LazyNames | undefined): Promise<void> {
  const loads = [
    ...(names?.blocks ?? []).map((name) => loadModule('block', name)),
    ...(names?.actions ?? []).map((name) => loadModule('action', name)),
  ];
  return Promise.all(loads).then(() => undefined);
}

const namesByDoc = new WeakMap<object, LazyNames>();

/** The x-lazy block types and action names anywhere in a document. */
export function lazyNamesOf(doc: unknown): LazyNames {
  if (!doc || typeof doc !== 'object') return {};
  let names = namesByDoc.get(doc);
  if (!names) {
    names = namesIn(
      doc,
      (type) => has(lazyBlocks, type),
      (name) => has(lazyActions, name),
    );
    namesByDoc.set(doc, names);
  }
  return names;
}

/**
 * Null when every lazy block of the document is here; otherwise a promise of their arrival (the
 * document's lazy actions start downloading too, but a tap waits for those, not the drawing).
 */
export function blocksPending(doc: unknown): Promise<void> | null {
  const names = lazyNamesOf(doc);
  void preloadLazy({ actions: names.actions });
  const missing = (names.blocks ?? []).filter((name) => !loaded.has(`block:${name}`));
  return missing.length === 0 ? null : preloadLazy({ blocks: missing });
}

/** The runner of an x-lazy action: loads it on first use (usually already here, see above). */
export function lazyAction(name: string): ActionRunner {
  return async (action, ctx) => {
    await loadModule('action', name);
    const run = loadedModule<ActionRunner>('action', name);
    if (!run) throw new Error(`The "${name}" action could not be loaded`);
    return run(action, ctx);
  };
}

/** Every lazy module (tests and tools that draw any block without a document to ask for). */
export function preloadAllLazy(): Promise<void> {
  return preloadLazy({ blocks: Object.keys(lazyBlocks), actions: Object.keys(lazyActions) });
}
