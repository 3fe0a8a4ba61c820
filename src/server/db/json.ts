/** JSON columns are TEXT on both engines; parsing is tolerant so one bad row cannot break a screen. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const toJson = (value: unknown): string => JSON.stringify(value ?? null);

export const nowIso = (): string => new Date().toISOString();
