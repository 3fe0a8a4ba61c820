// Whether a document needs the lazily loaded part of the language (runtime.ts: the function
// library, typed variables, computed values, triggers, appear events). The first screen's code stays without it
// unless its document uses it: one pass over the document, remembered per document object.
import { LIBRARY_FUNCTIONS } from './functionNames.gen';

const known = new WeakMap<object, boolean>();

/** Declares variables, computed values or triggers, or calls a library function or has an appear event anywhere. */
export function needsLanguage(doc: unknown): boolean {
  if (doc === null || typeof doc !== 'object') return false;
  const hit = known.get(doc);
  if (hit !== undefined) return hit;
  const d = doc as Record<string, unknown>;
  const needs =
    d.variables !== undefined || d.computed !== undefined || d.triggers !== undefined || callsLibrary(doc);
  known.set(doc, needs);
  return needs;
}

// An explicit stack: documents can be deep, and this runs before the validator has looked at them.
function callsLibrary(doc: object): boolean {
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const keys = Object.keys(node);
    if (Array.isArray((node as Record<string, unknown>).onAppear)) return true;
    // A call always has a list of arguments; {"min": 3} in the state is data, not a call.
    const only = keys.length === 1 ? keys[0]! : '';
    if (LIBRARY_FUNCTIONS.has(only) && Array.isArray((node as Record<string, unknown>)[only])) return true;
    for (const key of keys) stack.push((node as Record<string, unknown>)[key]);
  }
  return false;
}
