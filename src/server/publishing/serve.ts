// "Expand before serving" (issue 18): what a live screen is served as. A screen that uses parts,
// is a variant or has parameters is expanded against the live set into the plain document the
// phone renders, so the phone makes no extra request, caches and revalidates it like any other
// screen, and its ETag (a hash of these bytes) changes whenever a part or base it uses is
// published. Any other screen is served exactly as written.
import type { Library } from '../../parts/library.js';
import { resolveScreen } from '../../parts/resolve.js';

export class ExpansionError extends Error {}

const NOT_JSON = Symbol('not JSON');

/**
 * Screen `name` as served, parsed: expanded when it uses parts, is a variant or has parameters,
 * else as written; NOT_JSON when the text does not parse. Throws ExpansionError when it cannot be
 * expanded.
 */
function served(name: string, text: string, library: Library): { value: unknown; expanded: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: NOT_JSON, expanded: false };
  }
  const resolved = resolveScreen(value, name, library);
  if (!resolved.expanded) return { value, expanded: false };
  const errors = resolved.issues.filter((i) => i.severity !== 'warning');
  if (resolved.doc === null || errors.length > 0)
    throw new ExpansionError(
      `screen '${name}' cannot be expanded: ${errors.map((e) => e.message).join('; ') || 'no document'}`,
    );
  return { value: resolved.doc, expanded: true };
}

/** The served text of screen `name`; throws ExpansionError when it cannot be expanded. */
export function servedScreen(name: string, text: string, library: Library): string {
  // Not JSON: the app's validators refuse it, and the borrower keeps the last good copy.
  const { value, expanded } = served(name, text, library);
  return expanded ? JSON.stringify(value) : text;
}

/** The served document of screen `name`, parsed (undefined when not JSON); throws like servedScreen. */
export function servedDocument(name: string, text: string, library: Library): unknown {
  const { value } = served(name, text, library);
  return value === NOT_JSON ? undefined : value;
}
