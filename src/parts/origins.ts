// The source map of an expanded document: for any place in it, where it was written. Containers
// (objects and lists) remember their origin; a plain value takes its parent's, one level deeper,
// unless it was put there from elsewhere (a parameter's value, a variant's change).
import type { Origin } from '../../renderer/validate/problem';
import { childPointer } from '../../renderer/validate/pointer';

export type { Origin } from '../../renderer/validate/problem';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

export const deeper = (origin: Origin, key: string | number): Origin => ({
  ...origin,
  pointer: childPointer(origin.pointer, String(key)),
});

/** `origin`, `pointer` (relative to it: '' or starting with '/') deeper. */
export const deeperPath = (origin: Origin, pointer: string): Origin =>
  pointer === '' ? origin : { ...origin, pointer: origin.pointer + pointer };

/** parent[key] = value, as an own data property even for a key such as "__proto__". */
function setOwn(parent: Container, key: string | number, value: unknown): void {
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else Object.defineProperty(parent, key, { value, writable: true, enumerable: true, configurable: true });
}

export class SourceMap {
  private readonly nodes = new WeakMap<object, Origin>();
  private readonly keys = new WeakMap<object, Map<string, Origin>>();

  /** A deep copy of `value` written at `origin`, every container of it remembered. */
  copy(value: unknown, origin: Origin): unknown {
    if (!isContainer(value)) return value;
    const out: Container = Array.isArray(value)
      ? value.map((v, i) => this.copy(v, deeper(origin, i)))
      : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.copy(v, deeper(origin, k))]));
    this.nodes.set(out, origin);
    return out;
  }

  /** Puts `value` (already copied, or plain) at parent[key], remembering where it came from. */
  put(parent: Container, key: string | number, value: unknown, origin: Origin): void {
    setOwn(parent, key, value);
    if (isContainer(value)) {
      if (!this.nodes.has(value)) this.nodes.set(value, origin);
    } else {
      let map = this.keys.get(parent);
      if (!map) this.keys.set(parent, (map = new Map()));
      map.set(String(key), origin);
    }
  }

  /** Says where a container made here (not copied) stands for. */
  mark(node: object, origin: Origin): void {
    this.nodes.set(node, origin);
  }

  originOf(node: object): Origin | undefined {
    return this.nodes.get(node);
  }

  /** Where the value at `segments` of `root` was written (the deepest place that exists). */
  at(root: unknown, segments: readonly string[]): Origin {
    let node: unknown = root;
    let origin: Origin = (isContainer(root) && this.nodes.get(root)) || {
      doc: { kind: 'screen', name: '' },
      pointer: '',
      via: null,
    };
    for (const segment of segments) {
      if (!isContainer(node)) return deeper(origin, segment);
      const parent = node;
      const has = Object.prototype.hasOwnProperty.call(parent, segment);
      node = has ? (parent as Record<string, unknown>)[segment] : undefined;
      const own = isContainer(node) ? this.nodes.get(node) : undefined;
      origin = own ?? this.keys.get(parent)?.get(segment) ?? deeper(origin, segment);
    }
    return origin;
  }
}
