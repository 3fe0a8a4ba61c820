// "Expand before serving" (issue 18): what a live screen is served as. A screen that uses parts,
// is a variant or has parameters is expanded against the live set into the plain document the
// phone renders, so the phone makes no extra request, caches and revalidates it like any other
// screen, and its ETag (a hash of these bytes) changes whenever a part or base it uses is
// published. Any other screen is served exactly as written.
import type { Library } from '../../parts/library.js';
import { resolveScreen, usesSource } from '../../parts/resolve.js';

export class ExpansionError extends Error {}

/** The served text of screen `name`; throws ExpansionError when it cannot be expanded. */
export function servedScreen(name: string, text: string, library: Library): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text; // the app's validators refuse it: the borrower keeps the last good copy
  }
  if (!usesSource(value)) return text;
  const resolved = resolveScreen(value, name, library);
  const errors = resolved.issues.filter((i) => i.severity !== 'warning');
  if (resolved.doc === null || errors.length > 0)
    throw new ExpansionError(
      `screen '${name}' cannot be expanded: ${errors.map((e) => e.message).join('; ') || 'no document'}`,
    );
  return JSON.stringify(resolved.doc);
}
