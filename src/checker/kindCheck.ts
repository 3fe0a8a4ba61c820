// Whether a document's value is an object of the kind it is saved as (issue 28 item 4): the text
// `null` was a screen with no errors, went live and showed "Something went wrong" to every
// borrower. A value that is not a JSON object, or an object that is plainly another kind of
// document (a part saved as a screen, the manifest saved as a part), gets one clear error and no
// further checks (their messages would only be noise about a document of the wrong kind).
import type { Problem } from '../../renderer/validate/problem';

export type DocumentKind = 'screen' | 'part' | 'manifest' | 'scenarios';

const NAMES: Record<DocumentKind, string> = {
  screen: 'a screen document',
  part: 'a part',
  manifest: 'the manifest',
  scenarios: 'a scenarios file',
};

function what(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list ([ ... ])';
  if (typeof value === 'string') return 'a text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return String(value);
  return typeof value;
}

/** The kind an object plainly is, by the fields only that kind has; null when it is not plain. */
function kindOfObject(value: Record<string, unknown>): 'screen' | 'part' | 'manifest' | null {
  const has = (key: string) => Object.prototype.hasOwnProperty.call(value, key);
  if (has('part') && !has('id') && !has('body')) return 'part';
  if (has('routes') && !has('body') && !has('part')) return 'manifest';
  if ((has('id') || has('body') || has('variantOf')) && !has('part') && !has('routes')) return 'screen';
  return null;
}

const HOME: Record<'screen' | 'part' | 'manifest', string> = {
  screen: "a screen (it has 'id' or 'body')",
  part: "a part (it has 'part')",
  manifest: "the manifest (it has 'routes')",
};

/** The one problem of a value that is not an object of `kind`, or null. */
export function kindProblem(kind: DocumentKind, value: unknown): Problem | null {
  const fail = (message: string): Problem => ({ pointer: '', message, keyword: 'kind', severity: 'error' });
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return fail(`${NAMES[kind]} must be a JSON object ({ ... }), not ${what(value)}`);
  if (kind === 'scenarios') return null;
  const is = kindOfObject(value as Record<string, unknown>);
  return is !== null && is !== kind ? fail(`this is ${HOME[is]}, not ${NAMES[kind]}`) : null;
}
