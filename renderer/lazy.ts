// The blocks and actions the schemas mark `x-lazy` live in chunks of their own (blocks/lazy.gen.ts,
// actions/lazy.gen.ts; the cache is lazyModules.ts, an action's runner lazyAction.ts), out
// of the first screen's JavaScript. A screen's document names the ones it needs: Screen.tsx waits
// for its blocks before it draws (no placeholder, then the block), and the app starts the download
// as soon as it knows the screen (src/app/firstScreen.ts, prefetch.ts), beside the React part, so
// no request waits on another. No React here: the app's first chunk calls it.
import { lazyBlocks } from './blocks/lazy.gen';
import { lazyActions } from './actions/lazy.gen';
import { hasEntry as has, isLoaded, loadFrom, type LazyKind, type LazyLoader } from './lazyModules';
import { namesIn, type LazyNames } from './lazyNames';

export type { LazyNames } from './lazyNames';
export type { LazyKind } from './lazyModules';
export { loadedModule } from './lazyModules';

const TABLES: Record<LazyKind, Record<string, LazyLoader>> = { block: lazyBlocks, action: lazyActions };

/** Starts (or joins) a module's download; resolves when it has settled (lazyModules.ts). */
export const loadModule = (kind: LazyKind, name: string): Promise<void> => loadFrom(kind, name, TABLES[kind]);

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
  const missing = (names.blocks ?? []).filter((name) => !isLoaded('block', name));
  return missing.length === 0 ? null : preloadLazy({ blocks: missing });
}

/** Every lazy module (tests and tools that draw any block without a document to ask for). */
export function preloadAllLazy(): Promise<void> {
  return preloadLazy({ blocks: Object.keys(lazyBlocks), actions: Object.keys(lazyActions) });
}
