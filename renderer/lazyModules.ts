// The cache of the x-lazy blocks' and actions' chunks, keyed by kind and name. It holds no table
// of chunks: lazy.ts hands it the blocks' and the actions' (blocks/lazy.gen.ts, actions/lazy.gen.ts)
// and lazyAction.ts the actions' alone, so the action registry reaches no block.
export type LazyLoader = () => Promise<{ default: unknown }>;
export type LazyKind = 'block' | 'action';

const loaded = new Map<string, unknown>();
const loading = new Map<string, Promise<void>>();

export const hasEntry = (table: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(table, key);

export const isLoaded = (kind: LazyKind, name: string): boolean => loaded.has(`${kind}:${name}`);

/** The module's default export, once it is here. */
export function loadedModule<T>(kind: LazyKind, name: string): T | undefined {
  return loaded.get(`${kind}:${name}`) as T | undefined;
}

/**
 * Starts (or joins) the download of `name` from its table. Always resolves: a chunk that cannot be
 * loaded (offline) is tried again next time, and the block or action that needs it reports the failure.
 */
export function loadFrom(kind: LazyKind, name: string, table: Record<string, LazyLoader>): Promise<void> {
  const key = `${kind}:${name}`;
  if (loaded.has(key) || !hasEntry(table, name)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = table[name]!()
      .then(
        (module) => void loaded.set(key, module.default),
        () => undefined,
      )
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}
