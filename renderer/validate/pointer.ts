// JSON pointers (RFC 6901): the address of a value in a document, as the validator reports it.

export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function joinPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

export function childPointer(pointer: string, key: string | number): string {
  return pointer + joinPointer([key]);
}

const own = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** The value at a pointer, or undefined. Only own properties are followed. */
export function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let value = doc;
  for (const key of segments) {
    if (value === null || typeof value !== 'object' || !own(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Where a pointer sits in document order: for each step the index of the key among its
 * object's keys (or the array index). Comparing these sorts errors as the file reads.
 */
export function documentOrder(doc: unknown, segments: readonly string[]): number[] {
  const order: number[] = [];
  let value = doc;
  for (const key of segments) {
    if (value === null || typeof value !== 'object') {
      order.push(Number.MAX_SAFE_INTEGER);
      continue;
    }
    const index = Array.isArray(value) ? Number(key) : Object.keys(value).indexOf(key);
    order.push(index < 0 || Number.isNaN(index) ? Number.MAX_SAFE_INTEGER : index);
    value = own(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return order;
}

export function compareOrder(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
