// A JSON object (not an array, not null): what the visual tools' readers of a document test first.
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
