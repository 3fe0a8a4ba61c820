// How a field value travels in a query string or a form body.

/** A value as text; null, undefined and files are left out (undefined). */
export function fieldText(value: unknown): string | undefined {
  if (value === undefined || value === null || (typeof Blob !== 'undefined' && value instanceof Blob))
    return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  // Lists of plain values go comma-joined (the server keeps one value per key); anything else as JSON.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return value.map((v) => (v === null || v === undefined ? '' : String(v))).join(',');
  return JSON.stringify(value);
}
