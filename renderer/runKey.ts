// What a screen runs, as opposed to what it draws: its sources, on-load actions, state, variables,
// computed values, triggers, timers, native events and parameters start with the engine (Screen.tsx,
// createEngine.ts); its body, popups and title are drawn from the document each render. Two
// documents with the same key run alike, so a live screen (the studio's phone, issue 25) is given
// a document that changes only what it draws without starting again: its data, open popup and
// form stay as the person left them.

/** The document's own fields that are drawn, not run. */
const DRAWN = new Set(['body', 'modals', 'title']);

/** A key of what `doc` runs: equal for two documents that differ only in what they draw. */
export function runKeyOf(doc: object): string {
  const runs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!DRAWN.has(key)) runs[key] = value;
  return JSON.stringify(runs);
}
