// Host.storage: localStorage / sessionStorage with keys(). A webview that refuses storage
// (private mode, quota, disabled) gets a page-lifetime memory store instead of an exception.
import type { KeyValueStorage } from '../../renderer/host';

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

export function webStorage(get: () => Storage): KeyValueStorage {
  const fallback = memoryStorage();
  let store: Storage;
  try {
    store = get();
    const probe = '__lender_probe__';
    store.setItem(probe, '1');
    store.removeItem(probe);
  } catch {
    return fallback;
  }
  return {
    getItem(key) {
      try {
        return store.getItem(key);
      } catch {
        return fallback.getItem(key);
      }
    },
    setItem(key, value) {
      try {
        store.setItem(key, String(value));
      } catch {
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        store.removeItem(key);
      } catch {
        fallback.removeItem(key);
      }
    },
    keys() {
      try {
        const out: string[] = [];
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i);
          if (key !== null) out.push(key);
        }
        return out;
      } catch {
        return fallback.keys();
      }
    },
  };
}
