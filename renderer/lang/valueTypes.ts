// The value types of variables and computed values, and the one conversion every write goes
// through. Its rules are the language's coercion points for variables (docs: "Types and coercion").
import { asNumber } from '../expr/values';
import { parseDate, toIso } from '../expr/functions/manila';

export type ValueType = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'list' | 'object';

export const NOT_OF_TYPE: unique symbol = Symbol('not of type');

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The value as the type holds it, or NOT_OF_TYPE. null (no value) fits every type, and so does
 * empty text, read as null (an input bound to a number, cleared); numeric text fits a number, a
 * number or true/false fits text (as written), any date `date` reads fits a date (kept as Manila
 * ISO text).
 */
export function toType(type: string, value: unknown): unknown {
  if (value === null || (value === '' && type !== 'text')) return null;
  switch (type) {
    case 'text':
      return typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : NOT_OF_TYPE;
    case 'number':
      return asNumber(value) ?? NOT_OF_TYPE;
    case 'integer': {
      const n = asNumber(value);
      return n !== undefined && Number.isInteger(n) ? n : NOT_OF_TYPE;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : NOT_OF_TYPE;
    case 'date': {
      const ms = parseDate(value);
      return ms === undefined ? NOT_OF_TYPE : toIso(ms);
    }
    case 'list':
      return Array.isArray(value) ? value : NOT_OF_TYPE;
    case 'object':
      return isPlainObject(value) ? value : NOT_OF_TYPE;
    default:
      return NOT_OF_TYPE;
  }
}

/** What a value is, in the words of the docs, for reports. */
export function typeName(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
