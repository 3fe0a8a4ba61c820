// The document as the visual tools see it (issue 25): its value, the text's parse tree, and its
// outline, made from the editor's text a render late (typing stays quick). The text is the one
// source of truth: nothing here is kept apart from it.
import { parse, type ParseError } from 'jsonc-parser';
import { useDeferredValue, useMemo } from 'react';
import type { Library } from '../../parts/library';
import { resolveScreen } from '../../parts/resolve';
import { documentOf } from '../api';
import { schemaNav, visualPartNav } from '../editor/schemas';
import { createFieldModel, type FieldModel } from './model/fields';
import { buildOutline, type Outline, type OutlineInput } from './model/outline';
import { parseText, type ParsedText } from './model/textEdits';

export interface VisualDoc {
  /** The parsed value, null while the text is not JSON. */
  value: unknown;
  parsed: ParsedText;
  outline: Outline | null;
  model: FieldModel;
  /** The screen as the phone draws it, with where each place was written (a screen's only). */
  expanded: OutlineInput['expanded'];
  /** The document's own name, to tell its places from its base's. */
  self: { kind: 'screen' | 'part'; name: string };
}

const screenModel = createFieldModel(schemaNav);
const partModel = createFieldModel(visualPartNav);

export function useVisualDoc(id: string, text: string | null, library: Library | null): VisualDoc | null {
  const late = useDeferredValue(text);
  return useMemo(() => {
    if (late === null || library === null) return null;
    const { kind, name } = documentOf(id);
    const model = kind === 'part' ? partModel : screenModel;
    const parsed = parseText(late);
    const errors: ParseError[] = [];
    const value: unknown = parse(late, errors, { allowTrailingComma: false });
    if (errors.length > 0 || value === null || typeof value !== 'object')
      return { value: null, parsed, outline: null, model, expanded: null, self: { kind, name } };
    let expanded: OutlineInput['expanded'] = null;
    if (kind === 'screen') {
      try {
        const r = resolveScreen(value, name, library);
        if (r.doc) expanded = { doc: r.doc, origin: r.origin };
      } catch {
        expanded = null;
      }
    }
    const outline = buildOutline({ value, kind, model, library, expanded, self: { kind, name } });
    return { value, parsed, outline, model, expanded, self: { kind, name } };
  }, [id, late, library]);
}
