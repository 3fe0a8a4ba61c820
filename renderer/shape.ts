// The shape a reply's data must have (a call's `expect`, schemas/common.schema.json#/$defs/shape):
// type names joined with |, a final ? for "may be null or missing", objects of named fields (a
// name ending in ? is optional) and one-item lists for "every item". Checked before the data is
// stored, so a reply of the wrong shape fails visibly instead of leaving a half-empty page.
import type { Shape } from './types.gen';

const TYPES: Record<string, (v: unknown) => boolean> = {
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  list: Array.isArray,
  text: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  // Money as the server sends it (rulings 6, D-06): whole cents, or a text that is not negative.
  amount: (v) =>
    typeof v === 'number' ? Number.isInteger(v) && v >= 0 : typeof v === 'string' && /^\s*[^\s-]/.test(v),
  any: (v) => v !== null && v !== undefined,
};

const missing = (v: unknown) => v === null || v === undefined;

/** Where `value` first departs from `shape` ('' is the value itself), or null when it fits. */
export function shapeMismatch(value: unknown, shape: Shape, at = ''): string | null {
  if (typeof shape === 'string') {
    const optional = shape.endsWith('?');
    if (optional && missing(value)) return null;
    const names = (optional ? shape.slice(0, -1) : shape).split('|');
    return names.some((name) => TYPES[name]?.(value))
      ? null
      : `${at || 'the data'}: not ${names.join(' or ')}`;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return `${at || 'the data'}: not a list`;
    for (let i = 0; i < value.length; i++) {
      const problem = shapeMismatch(value[i], shape[0], `${at}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (!TYPES.object!(value)) return `${at || 'the data'}: not an object`;
  for (const [key, inner] of Object.entries(shape)) {
    if (inner === undefined) continue;
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    const field = Object.prototype.hasOwnProperty.call(value, name)
      ? (value as Record<string, unknown>)[name]
      : undefined;
    if (optional && missing(field)) continue;
    const problem = shapeMismatch(field, inner, at ? `${at}.${name}` : name);
    if (problem) return problem;
  }
  return null;
}
