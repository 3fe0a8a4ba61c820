// The shape of renderer/validate/vocabulary.gen.ts: what the schemas allow, as plain data, so the
// error messages can suggest names and the document walker knows what each field holds without
// shipping the schemas to the browser.

/** What a field holds: child blocks, actions, an expression, an address, named expressions... */
export type FieldKind =
  'blocks' | 'block' | 'actions' | 'action' | 'expr' | 'url' | 'fields' | 'statePath' | 'other';

export interface NodeVocabulary {
  /** Every field the schema allows, the shared base fields (id, visible, when...) included. */
  readonly fields: readonly string[];
  readonly required: readonly string[];
  /** The kind of each field that is not 'other'. */
  readonly kinds: Readonly<Record<string, FieldKind>>;
  /** Groups of fields of which only one may be given. */
  readonly exclusive: readonly (readonly string[])[];
}

export interface Vocabulary {
  readonly blocks: Readonly<Record<string, NodeVocabulary>>;
  readonly actions: Readonly<Record<string, NodeVocabulary>>;
  /** The fields of the fixed structures: screen, modal, timer, style, manifest, route, promoPage. */
  readonly objects: Readonly<Record<string, readonly string[]>>;
  /** Expression operator keys. */
  readonly operators: readonly string[];
}
