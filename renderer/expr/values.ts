// The comparison and truth rules of the screen language, in one place.

export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  return Boolean(value);
}

export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A number, or numeric text read as one (D-44); undefined for anything else. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** '1' equals 1, because servers send flags as either (checklist D-44). */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x === y;
  if (typeof a === 'object' || typeof b === 'object') return a === b;
  return String(a) === String(b);
}

export function compareNumbers(a: unknown, b: unknown, test: (x: number, y: number) => boolean): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  return x !== undefined && y !== undefined && test(x, y);
}

export function toNumber(value: unknown): number {
  return asNumber(value) ?? 0;
}

export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return '';
  }
}
