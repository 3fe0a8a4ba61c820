// Where the borrower's session, device and identity parameters can flow in a document (issue 28
// item 3), worked out without running it: a taint analysis over the expression language. The
// sources are reads of those page parameters (`params.sessionId`, or every `params.*` when no
// list is given). A value is tainted when its expression reads a tainted path anywhere in it
// (a template, a concat, any function, a condition: the result depends on it), and the taint
// follows what a document can store: computed values, `set` (state and variables), storage it
// writes and reads back under one key, a list block's item over a tainted list, a picker's
// choice among tainted items. Sound for what a document can say, because the language has no
// read by a computed path: `{"$": ...}` and `{"t": ...}` with a literal path are the only reads.
import { templatePaths } from '../expr/template';
import type { DocumentParts } from './walk';

export interface IdentityFlow {
  /** The tainted path an expression reads, said as its chain ("computed.sid, from params.sessionId"), or null. */
  carried(expr: unknown): string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every path an expression reads, wherever it is in it (a lookup table and a format name too). */
export function allReads(expr: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [expr];
  while (stack.length > 0) {
    const e = stack.pop();
    if (Array.isArray(e)) stack.push(...e);
    else if (isObject(e)) {
      const keys = Object.keys(e);
      if (keys.length === 1 && keys[0] === '$' && typeof e.$ === 'string') out.push(e.$);
      else if (keys.length === 1 && keys[0] === 't' && typeof e.t === 'string')
        out.push(...templatePaths(e.t));
      else stack.push(...Object.values(e));
    }
  }
  return out;
}

/** One way a value gets to a path: `target` gets what `expr` reads. */
interface Flow {
  target: string;
  expr: unknown;
}

/** `a` and `b` overlap: one is the other, or inside it (reading `data` reads `data.sid`). */
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

/** A written path up to its first `{item.field}` segment: the key is known only at run time. */
const fixedPart = (path: string) => path.replace(/\.\{.*$/, '');

function flowsOf(doc: Record<string, unknown>, parts: DocumentParts): Flow[] {
  const flows: Flow[] = [];
  if (isObject(doc.computed))
    for (const [name, decl] of Object.entries(doc.computed))
      if (isObject(decl)) flows.push({ target: `computed.${name}`, expr: decl.value });
  for (const n of parts.nodes) {
    const f = n.node;
    if (n.kind === 'action' && n.type === 'set' && typeof f.path === 'string')
      flows.push({ target: f.path, expr: f.value });
    if (n.kind === 'action' && n.type === 'storage' && typeof f.key === 'string') {
      const slot = `storage:${String(f.scope)}:${f.key}`;
      if (f.op === 'set') flows.push({ target: slot, expr: f.value });
      if (typeof f.into === 'string') flows.push({ target: f.into, expr: { $: slot } });
    }
    if (n.kind === 'block' && f.items !== undefined) {
      // The item names of a list, and what a picker writes when the borrower picks an item.
      for (const name of ['as', 'indexAs'].map((k) => f[k]))
        if (typeof name === 'string') flows.push({ target: name, expr: f.items });
      if (typeof f.as !== 'string') flows.push({ target: 'item', expr: f.items });
      for (const key of ['bind', 'bindItem', 'bindLabel'])
        if (typeof f[key] === 'string') flows.push({ target: f[key], expr: f.items });
    }
  }
  return flows.map((f) => ({ ...f, target: fixedPart(f.target) }));
}

/**
 * The document's identity flow. `identity`: the names of the page parameters that carry the
 * session, the device or the borrower (src/config/sessionParams.ts); undefined: every parameter.
 */
export function identityFlow(
  doc: Record<string, unknown>,
  parts: DocumentParts,
  identity?: readonly string[],
): IdentityFlow {
  // Tainted path -> how it came to be ("computed.sid, from params.sessionId").
  const tainted = new Map<string, string>(
    identity === undefined ? [['params', 'params']] : identity.map((k) => [`params.${k}`, `params.${k}`]),
  );
  const taintedRead = (expr: unknown): string | null => {
    for (const read of allReads(expr))
      for (const [path, why] of tainted) if (overlaps(read, path)) return why;
    return null;
  };
  const flows = flowsOf(doc, parts);
  for (let changed = true; changed;) {
    changed = false;
    for (const flow of flows) {
      if (tainted.has(flow.target)) continue;
      const why = taintedRead(flow.expr);
      if (why === null) continue;
      const name = flow.target.startsWith('storage:') ? 'a value it stores' : flow.target;
      tainted.set(flow.target, `${name}, from ${why.replace(/^.*, from /, '')}`);
      changed = true;
    }
  }
  return { carried: taintedRead };
}
