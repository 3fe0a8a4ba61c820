// Generic damage to a JSON document, for the hostile-document fuzz tests: drop, retype and
// duplicate fields, nest deeply, blow strings up, name block and action types nobody knows, and
// smuggle prototype keys. Works on any document shape (screens, the manifest) by walking it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { folderLibrary } from '../../../src/checker/checkScreens';
import { resolveScreen } from '../../../src/parts/resolve';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Container = Json[] | { [key: string]: Json };
type Key = string | number;

export const SCREENS_DIR = resolve(import.meta.dirname, '../../../screens');

/**
 * Every document under screens/ as the phone gets it, read now (new screens are covered too): the
 * manifest, and each screen expanded by the server's resolver (parts, variants, parameters:
 * src/parts/). Parts themselves are never served; `sourceFiles` has them.
 */
export function screenFiles(dir = SCREENS_DIR): { name: string; doc: Json }[] {
  const library = folderLibrary(dir);
  return sourceFiles(dir)
    .filter((f) => !f.name.startsWith('parts/'))
    .map((f) => {
      if (f.name === 'manifest.json') return f;
      const id = f.name.replace(/\.json$/, '');
      const resolved = resolveScreen(f.doc, id, library);
      if (resolved.issues.some((i) => i.severity !== 'warning') || resolved.doc === null)
        throw new Error(
          `screens/${f.name} does not expand: ${resolved.issues.map((i) => i.message).join('; ')}`,
        );
      return { name: f.name, doc: resolved.doc as Json };
    });
}

/** Every JSON file under screens/ as written (sub-folders included but scenarios/). */
export function sourceFiles(dir = SCREENS_DIR): { name: string; doc: Json }[] {
  const out: { name: string; doc: Json }[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at).sort()) {
      const file = join(at, entry);
      // screens/scenarios/ holds the studio's scenario data (issue 9), not screen documents.
      if (statSync(file).isDirectory()) {
        if (entry !== 'scenarios') walk(file);
      } else if (entry.endsWith('.json'))
        out.push({ name: relative(dir, file), doc: JSON.parse(readFileSync(file, 'utf8')) as Json });
    }
  };
  walk(dir);
  return out;
}

export const OPS = [
  'drop',
  'retype',
  'duplicate',
  'deep',
  'huge',
  'unknown-type',
  'proto-key',
  'null-item',
] as const;
export type Op = (typeof OPS)[number];

export interface Mutation {
  op: Op;
  /** Picks the node (modulo the number of candidates). */
  pick: number;
  /** Picks the junk value, the nesting depth, ... */
  junk: number;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom(...OPS),
  pick: fc.nat(),
  junk: fc.nat(),
});

export const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 3 });

export const HUGE = 'W'.repeat(300_000);

/** Values of every JSON type, some of them hostile as text or as a binding. */
const JUNK: Json[] = [
  7,
  -1,
  0,
  1e308,
  null,
  true,
  false,
  '',
  'x',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  [],
  [null],
  {},
  { $: 'data.nope.deeper' },
  { $: '__proto__.polluted' },
  { t: '{data.x|nosuchformat} {constructor}' },
  { '==': [] },
  [{ type: 'text' }],
];

interface Slot {
  parent: Container;
  key: Key;
}

/** Every place in the document that holds a value (the root excluded). */
function slots(root: Json): Slot[] {
  const out: Slot[] = [];
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const keys: Key[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      out.push({ parent: node, key });
      stack.push((node as Record<Key, Json>)[key]!);
    }
  }
  return out;
}

const get = (s: Slot): Json => (s.parent as Record<Key, Json>)[s.key]!;
const put = (s: Slot, value: Json) => ((s.parent as Record<Key, Json>)[s.key] = value);

function isTagged(value: Json): value is { [key: string]: Json } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (typeof value.type === 'string' || typeof value.do === 'string')
  );
}

const pickFrom = <T>(items: T[], n: number): T | undefined =>
  items.length === 0 ? undefined : items[n % items.length];

function nest(value: Json, depth: number, asBlocks: boolean): Json {
  let out = value;
  for (let i = 0; i < depth; i++) out = asBlocks ? { type: 'column', children: [out] } : [out];
  return out;
}

/** Applies one mutation in place (the root is replaced by returning a new value). */
function applyOne(doc: Json, m: Mutation): Json {
  const all = slots(doc);
  const slot = pickFrom(all, m.pick);
  if (!slot) return pickFrom(JUNK, m.junk)!;
  switch (m.op) {
    case 'drop':
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete slot.parent[slot.key as string];
      return doc;
    case 'retype': {
      const junk = JUNK.filter((j) => typeof j !== typeof get(slot) || Array.isArray(j));
      put(slot, structuredClone(pickFrom(junk, m.junk)!));
      return doc;
    }
    case 'duplicate': {
      // An array gets one of its items twice (same block ids, same actions twice); an object
      // gets a sibling's value in place of one of its fields.
      if (Array.isArray(slot.parent)) {
        slot.parent.splice(slot.key as number, 0, structuredClone(get(slot)));
      } else {
        const sibling = pickFrom(Object.keys(slot.parent), m.junk)!;
        put(slot, structuredClone(slot.parent[sibling]!));
      }
      return doc;
    }
    case 'deep': {
      const tagged = all.filter((s) => isTagged(get(s)) && Array.isArray(s.parent));
      const target = pickFrom(tagged, m.pick) ?? slot;
      const depth = 20 + (m.junk % 200);
      put(target, nest(get(target), depth, target !== slot && 'type' in (get(target) as object)));
      return doc;
    }
    case 'huge': {
      const strings = all.filter((s) => typeof get(s) === 'string');
      const target = pickFrom(strings, m.pick) ?? slot;
      put(target, HUGE + String(get(target)));
      return doc;
    }
    case 'unknown-type': {
      const tagged = all.filter((s) => isTagged(get(s)));
      const target = pickFrom(tagged, m.pick);
      if (target) {
        const node = get(target) as { [key: string]: Json };
        node[typeof node.type === 'string' ? 'type' : 'do'] = `zzFuture${m.junk % 5}`;
      } else if (Array.isArray(slot.parent)) {
        slot.parent.push({ type: `zzFuture${m.junk % 5}`, text: 'from the future' });
      }
      return doc;
    }
    case 'proto-key': {
      // Own properties named like the prototype chain, as JSON.parse makes them.
      const objects = all.filter((s) => {
        const v = get(s);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const target = pickFrom(objects, m.pick);
      const name = pickFrom(['__proto__', 'constructor', 'prototype', 'hasOwnProperty'], m.junk)!;
      if (target) {
        Object.defineProperty(get(target), name, {
          value: { polluted: 'yes', type: 'text' },
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return doc;
    }
    case 'null-item': {
      const arrays = all.filter((s) => Array.isArray(get(s)));
      const target = pickFrom(arrays, m.pick);
      if (target) (get(target) as Json[]).splice(m.junk % ((get(target) as Json[]).length + 1), 0, null);
      return doc;
    }
  }
}

/** A damaged deep copy of the document; the original is left as it was. */
export function mutate(doc: Json, mutations: Mutation[]): Json {
  let out = structuredClone(doc);
  for (const m of mutations) out = applyOne(out, m);
  return out;
}
