// The shape of renderer/validate/vocabulary.gen.ts: what the schemas allow, as plain data, so the
// error messages can suggest names and the document walker knows what each field holds without
// shipping the schemas to the browser.

/**
 * What a field holds: child blocks, actions, an expression, an address, named expressions, plain
 * data that is never walked (a reply's expected shape)...
 */
export type FieldKind =
  'blocks' | 'block' | 'actions' | 'action' | 'expr' | 'url' | 'fields' | 'statePath' | 'data' | 'other';

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
  /** Expression operator keys, the function library's included. */
  readonly operators: readonly string[];
  /** The typed signatures of operators and functions (schemas/functions/). */
  readonly functions: Readonly<Record<string, FunctionSignature>>;
  /** The types a variable or computed value may declare. */
  readonly valueTypes: readonly string[];
}

export interface FunctionSignature {
  /** [name, spec] per parameter; spec as "integer?", "number|list...", "\"asc\"|\"desc\"". */
  readonly params: readonly (readonly [string, string])[];
  readonly returns: string;
  /** The argument is the expression itself ({"not": x}), not a list of arguments. */
  readonly bare?: boolean;
  /** A library function: a call only with a list of arguments ({"date": "x"} in fields is a field). */
  readonly library?: boolean;
  /** round(value: number, digits?: integer) → number */
  readonly signature: string;
}
