// The one place the app validates screen documents: renderer/validate's precompiled validators
// (no schema compiler at run time, CSP-safe) with plain-English messages. A document that only
// names block or action types this build does not know is accepted (they render as placeholders).
import { validateScreenDocument } from '../../renderer/validate/validateDocument';
import type { ScreenDocument } from '../../renderer/types.gen';

export type Validation = { ok: true; doc: ScreenDocument } | { ok: false; errors: string[] };

export function validateScreenDoc(doc: unknown): Validation {
  const result = validateScreenDocument(doc);
  if (result.ok) return { ok: true, doc: result.doc };
  const errors = result.errors.map((e) => (e.pointer ? `${e.pointer}: ${e.message}` : e.message));
  return { ok: false, errors: errors.length > 0 ? errors : ['The document is invalid'] };
}
