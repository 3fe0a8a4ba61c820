// Walks a screen document generically: blocks are objects with a "type", actions objects with a
// "do", found in any property at any depth, so a new block or action is covered without changes
// here. The vocabulary says which fields hold expressions, so a call's payload field named "type"
// is not mistaken for a block.
import { childPointer } from './pointer';
import { isOperatorObject, kindsOf } from './locate';
import type { FieldKind } from './vocabulary';

export interface FoundNode {
  kind: 'block' | 'action';
  type: string;
  node: Record<string, unknown>;
  pointer: string;
  /** False for a type the schemas do not know (the validator reports it). */
  known: boolean;
  /** The list-item names (repeat `as`/`indexAs`) in scope here. */
  itemNames: readonly string[];
}

export interface FoundExpr {
  expr: unknown;
  pointer: string;
  /** The block or action whose field holds it (none for the screen title). */
  owner?: FoundNode;
  /** The owner's field, e.g. "src". */
  field: string;
  fieldKind: FieldKind;
}

export interface FoundString {
  key: string;
  value: string;
  pointer: string;
  owner?: FoundNode;
}

export interface DocumentParts {
  nodes: FoundNode[];
  exprs: FoundExpr[];
  /** Every string held by a non-expression field, with its key (bind, pattern, id...). */
  strings: FoundString[];
}

const EXPRESSION_KINDS: ReadonlySet<FieldKind> = new Set(['expr', 'url', 'statePath']);
const URL_FIELDS = new Set(['src', 'href', 'to']);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function walkDocument(doc: unknown): DocumentParts {
  const parts: DocumentParts = { nodes: [], exprs: [], strings: [] };
  if (!isObject(doc)) return parts;
  // An explicit stack: a pathological document must not overflow the call stack.
  type Item = {
    value: unknown;
    pointer: string;
    key: string;
    owner?: FoundNode;
    field: string;
    names: string[];
  };
  const stack: Item[] = [];
  for (const [key, value] of Object.entries(doc).reverse()) {
    // Variables hold data; a computed value's {type, value} is not a block with a "type".
    if (key === '$schema' || key === 'state' || key === 'params' || key === 'variables') continue;
    if (key === 'title') parts.exprs.push({ expr: value, pointer: `/${key}`, field: key, fieldKind: 'expr' });
    else if (key === 'computed') pushComputed(parts, value);
    else stack.push({ value, pointer: childPointer('', key), key, field: key, names: [] });
  }
  while (stack.length > 0) {
    const { value, pointer, key, owner, field, names } = stack.pop()!;
    if (typeof value === 'string') {
      parts.strings.push({ key, value, pointer, ...(owner ? { owner } : {}) });
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({
          value: value[i],
          pointer: childPointer(pointer, i),
          key,
          ...ownerOf(owner),
          field,
          names,
        });
      continue;
    }
    if (!isObject(value)) continue;
    if (isOperatorObject(value) && !(key === 'modals' || key === 'timers')) {
      parts.exprs.push({ expr: value, pointer, ...ownerOf(owner), field, fieldKind: 'expr' });
      continue;
    }
    const tag = typeof value.do === 'string' ? 'do' : typeof value.type === 'string' ? 'type' : null;
    let current = owner;
    let scope = names;
    if (tag) {
      const kind = tag === 'do' ? 'action' : 'block';
      const type = value[tag] as string;
      const vocab = kindsOf(kind, type);
      scope = [...names, ...itemNamesOf(value)];
      current = { kind, type, node: value, pointer, known: vocab !== undefined, itemNames: scope };
      parts.nodes.push(current);
      const entries = Object.entries(value).reverse();
      for (const [f, v] of entries) {
        const fieldKind: FieldKind = vocab?.kinds[f] ?? (URL_FIELDS.has(f) ? 'url' : 'other');
        const at = childPointer(pointer, f);
        // A tag, or plain data (an expected shape): nothing in it is a block, an action or an expression.
        if (f === tag || fieldKind === 'data') continue;
        if (EXPRESSION_KINDS.has(fieldKind))
          parts.exprs.push({ expr: v, pointer: at, owner: current, field: f, fieldKind });
        else if (fieldKind === 'fields' && isObject(v) && !isOperatorObject(v))
          for (const [name, e] of Object.entries(v))
            parts.exprs.push({
              expr: e,
              pointer: childPointer(at, name),
              owner: current,
              field: f,
              fieldKind: 'expr',
            });
        else stack.push({ value: v, pointer: at, key: f, owner: current, field: f, names: scope });
      }
      continue;
    }
    for (const [k, v] of Object.entries(value).reverse())
      stack.push({
        value: v,
        pointer: childPointer(pointer, k),
        key: k,
        ...ownerOf(current),
        field,
        names: scope,
      });
  }
  return parts;
}

const ownerOf = (owner: FoundNode | undefined) => (owner ? { owner } : {});

function pushComputed(parts: DocumentParts, computed: unknown): void {
  if (!isObject(computed)) return;
  for (const [name, decl] of Object.entries(computed))
    if (isObject(decl) && 'value' in decl)
      parts.exprs.push({
        expr: decl.value,
        pointer: `/computed/${name}/value`,
        field: 'computed',
        fieldKind: 'expr',
      });
}

/** The names a list block gives its item and position (`as`, `indexAs`), when it sets them. */
function itemNamesOf(node: Record<string, unknown>): string[] {
  return ['as', 'indexAs'].map((k) => node[k]).filter((v): v is string => typeof v === 'string');
}
