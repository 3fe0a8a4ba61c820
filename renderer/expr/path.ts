// Reads a dotted path from plain data. Only own properties of plain objects and
// array indexes are reachable: prototypes, globals and functions never are.

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function splitPath(path: string): string[] | null {
  if (typeof path !== 'string' || path === '') return null;
  const parts = path.split('.');
  for (const part of parts) if (part === '' || FORBIDDEN.has(part)) return null;
  return parts;
}

export function readPath(root: unknown, path: string): unknown {
  const parts = splitPath(path);
  if (!parts) return undefined;
  let value: unknown = root;
  for (const key of parts) {
    value = readKey(value, key);
    if (value === undefined) return undefined;
  }
  return value;
}

function readKey(value: unknown, key: string): unknown {
  if (Array.isArray(value)) {
    if (key === 'length') return value.length;
    return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  }
  if (typeof value === 'string' && key === 'length') return value.length;
  if (value === null || typeof value !== 'object') return undefined;
  if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'function' ? undefined : found;
}

/** Returns a copy of `root` with `path` set to `value`; creates objects on the way. */
export function writePath<T>(root: T, path: string, value: unknown): T {
  const parts = splitPath(path);
  if (!parts) return root;
  return assign(root, parts, 0, value) as T;
}

function assign(node: unknown, parts: string[], at: number, value: unknown): unknown {
  const key = parts[at]!;
  const last = at === parts.length - 1;
  if (Array.isArray(node) && /^\d+$/.test(key)) {
    const copy = node.slice();
    copy[Number(key)] = last ? value : assign(copy[Number(key)], parts, at + 1, value);
    return copy;
  }
  const base: Record<string, unknown> =
    node !== null && typeof node === 'object' && !Array.isArray(node) ? { ...(node as object) } : {};
  const child = Object.prototype.hasOwnProperty.call(base, key) ? base[key] : undefined;
  Object.defineProperty(base, key, {
    value: last ? value : assign(child, parts, at + 1, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return base;
}
