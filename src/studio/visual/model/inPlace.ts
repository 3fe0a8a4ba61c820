// Text in place (issue 25 item 5): which of a block's texts a double-click in the phone edits, and
// what writing the new text back changes. A text is edited in place only when what the phone shows
// is what is written: a plain string, or a `{"t": …}` template that reads nothing (its `{{` and
// `}}` are braces). A text that comes from data or a template with placeholders is refused with
// the reason, and stays the panel's (its binding). Pure: no DOM, no React.
import { interpolate, templatePaths } from '../../../../renderer/expr/template';
import type { Resolved } from '../../editor/schemaNav';
import type { FieldModel } from './fields';
import type { Path } from './textEdits';
import { humanize } from './humanize';
import { normSpaces } from '../../shared/protocol';
import { isObject } from './isObject';

export type InPlace =
  | {
      ok: true;
      /** Where the new text is written: the field, or its template's `t`. */
      path: Path;
      /** The text as the phone shows it. */
      shown: string;
      template: boolean;
    }
  | { ok: false; reason: string };

/** What a literal text shows, or null when it is not literal (bound, or a template that reads). */
function literalOf(value: unknown): { shown: string; template: boolean } | null {
  if (typeof value === 'string') return { shown: value, template: false };
  if (isObject(value) && typeof value.t === 'string' && Object.keys(value).length === 1) {
    if (templatePaths(value.t).length > 0) return null;
    return { shown: interpolate(value.t, {}, () => ''), template: true };
  }
  return null;
}

/** A template's text for what the author typed: braces doubled, so nothing is read. */
export const asTemplate = (text: string) => text.replace(/[{}]/g, (b) => b + b);

/**
 * The text of `block` (at `path`, schemas `here`) that the phone shows as `shown`: the first of
 * its text fields whose literal is that text. Without `shown`, the only text field.
 */
export function textInPlace(
  model: FieldModel,
  here: Resolved,
  block: unknown,
  path: Path,
  shown: string | undefined,
): InPlace {
  if (!isObject(block)) return { ok: false, reason: 'Nothing to edit here.' };
  const texts = model.fieldsOf(here, block).filter((f) => f.kind === 'text' && block[f.name] !== undefined);
  if (texts.length === 0) return { ok: false, reason: 'This block has no text to edit in place.' };
  const wanted = shown === undefined ? null : normSpaces(shown);
  for (const f of texts) {
    const literal = literalOf(block[f.name]);
    if (!literal || (wanted !== null && normSpaces(literal.shown) !== wanted)) continue;
    if (wanted === null && texts.length > 1) break;
    return {
      ok: true,
      path: literal.template ? [...path, f.name, 't'] : [...path, f.name],
      shown: literal.shown,
      template: literal.template,
    };
  }
  const bound = texts.find((f) => literalOf(block[f.name]) === null);
  return {
    ok: false,
    reason: bound
      ? `The ${humanize(bound.name).toLowerCase()} is filled in from data: change it in the Properties panel.`
      : 'This text cannot be edited in place: change it in the Properties panel.',
  };
}

/** The value to write at an InPlace's path for the text typed. */
export const writtenOf = (target: { template: boolean }, typed: string) =>
  target.template ? asTemplate(typed) : typed;
