// List functions (schemas/functions/lists.schema.json). List arguments arrive as lists of at most
// MAX_ITEMS items (typed.ts); a per-item condition or expression reads `item` (or its `as` name)
// and `index`, as filter does.
import { subWith, type EvalEnv } from '../evaluate';
import { readPath } from '../path';
import { asNumber, isTruthy, toText } from '../values';
import type { Impl } from './typed';

const list = (v: unknown) => v as unknown[];

function perItem(env: EvalEnv, expr: unknown, as: unknown) {
  const name = typeof as === 'string' && as !== '' ? as : 'item';
  return (item: unknown, index: number) => subWith(env, expr, { [name]: item, index });
}

const fieldOf = (field: unknown) =>
  typeof field === 'string' && field !== '' ? (v: unknown) => readPath(v, field) : (v: unknown) => v;

// Missing last; then numbers (and numeric text) by value; then other text by character code.
function compare(a: unknown, b: unknown, sign: number): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return sign * (x - y);
  if (x !== undefined || y !== undefined) return sign * (x !== undefined ? -1 : 1);
  const p = toText(a);
  const q = toText(b);
  return sign * (p < q ? -1 : p > q ? 1 : 0);
}

const lists = {
  count: ([items, where, as], env) => {
    if (where === undefined) return list(items).length;
    const test = perItem(env, where, as);
    return list(items).filter((item, i) => isTruthy(test(item, i))).length;
  },
  sum: ([items, field]) => {
    const pick = fieldOf(field);
    let total = 0;
    for (const item of list(items)) total += asNumber(pick(item)) ?? 0;
    return total;
  },
  find: ([items, where, as], env) => {
    const test = perItem(env, where, as);
    return list(items).find((item, i) => isTruthy(test(item, i)));
  },
  sort: ([items, field, order]) => {
    const pick = fieldOf(field);
    const sign = order === 'desc' ? -1 : 1;
    // Decorated with positions: a stable sort even where Array.prototype.sort is not (old webviews).
    return list(items)
      .map((item, i) => ({ item, key: pick(item), i }))
      .sort((a, b) => compare(a.key, b.key, sign) || a.i - b.i)
      .map((entry) => entry.item);
  },
  map: ([items, to, as], env) => {
    const value = perItem(env, to, as);
    return list(items).map((item, i) => value(item, i));
  },
} satisfies Record<string, Impl>;

export default lists;
