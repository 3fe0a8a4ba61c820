// A screen's sources (issue 20 §3): each one that stores data says what shape it needs (`expect`),
// so a reply of the wrong shape fails visibly, and each one the screen waits for says what it
// loads (`loads`), so the borrower reads what the page is waiting for.
import { childPointer } from './pointer';

type Say = (pointer: string, what: (where: string) => string, keyword: string, warning?: boolean) => void;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const SOURCE_ONLY = ['loads', 'optional'];

export function lintSources(doc: Record<string, unknown>, say: Say): void {
  const sources = Array.isArray(doc.sources) ? doc.sources : [];
  sources.forEach((source, i) => {
    if (!isObject(source)) return;
    const at = childPointer('/sources', i);
    if (source.into !== undefined && source.expect === undefined)
      say(
        at,
        (w) =>
          `${w} stores its reply in '${String(source.into)}' without saying what it needs: add 'expect' (e.g. {"amount": "number|text"}), so a reply of the wrong shape shows an error instead of a half-empty page`,
        'expect',
      );
    if (source.optional !== true && source.loads === undefined)
      say(
        at,
        (w) =>
          `${w}: the screen waits for it, so say what it loads ('loads', e.g. "your loan details"); the page then reads "Loading your loan details…"`,
        'loads',
        true,
      );
  });
}

/** `loads` and `optional` mean something in sources only. */
export function lintSourceFields(
  nodes: readonly { kind: string; type: string; node: Record<string, unknown>; pointer: string }[],
  say: Say,
): void {
  for (const n of nodes) {
    if (n.kind !== 'action' || n.type !== 'call' || /^\/sources\/\d+$/.test(n.pointer)) continue;
    for (const field of SOURCE_ONLY)
      if (field in n.node)
        say(
          childPointer(n.pointer, field),
          (w) => `${w}: '${field}' is for the screen's sources only; here it does nothing`,
          'source-only',
          true,
        );
  }
}
