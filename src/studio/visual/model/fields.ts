// What the property panel shows for a value, read from the screen language's JSON Schemas at run
// time (issue 25 item 2): the fields an object has, and for each the kind of control it gets. A
// field is known by the definition it refers to (common.schema.json's text, url, statePath,
// blocks, actions; expr.schema.json's condition) and by the studio's hints in the schemas
// (x-input, x-choices), so a new block type gets its panel with no change here.
import type { Resolved, Schema, SchemaNav } from '../../editor/schemaNav';
import { isOperatorCall } from '../../../../renderer/expr/evaluate';

export type FieldKind =
  | 'blocks'
  | 'block'
  | 'actions'
  | 'condition'
  | 'text'
  | 'expr'
  | 'statePath'
  | 'color'
  | 'image'
  | 'enum'
  | 'boolean'
  | 'number'
  | 'string'
  | 'list'
  | 'object'
  | 'fields'
  | 'json';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** The schema's description: the field's help. */
  description: string;
  required: boolean;
  default?: unknown;
  /** An enum's values (for `enum`), in the schema's order. */
  options?: unknown[];
  /** The list the value is chosen from (x-choices): routes, modals, timers, apiPaths, trackEvents. */
  choices?: string;
  minimum?: number;
  maximum?: number;
  integer?: boolean;
  /** The schema takes an expression here, so the field may be bound (`{"$": path}`) instead of fixed. */
  bindable?: boolean;
  /** The schemas of the value, to go deeper (a list's items, an object's fields). */
  here: Resolved;
}

/** An object of named values, not one operator call ({"$": …}, {"merge": […]}). */
export const isNamedValues = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !Object.entries(v).some(([k, x]) => Object.keys(v).length === 1 && isOperatorCall(k, x));

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface FieldModel {
  nav: SchemaNav;
  kindOf(here: Resolved, value: unknown): FieldKind;
  /** The fields of the object at `here` with value `value`, in the schema's order. */
  fieldsOf(here: Resolved, value: unknown): FieldSpec[];
  /** The schemas of one item of the list at `here`. */
  itemOf(here: Resolved, index: number, value: unknown): Resolved;
  isBlock(here: Resolved): boolean;
  isAction(here: Resolved): boolean;
  /** A hint (x-…) on the first schema along `here` that has it. */
  hint(here: Resolved, name: string): unknown;
}

export function createFieldModel(nav: SchemaNav): FieldModel {
  const def = (ref: string) => nav.def(ref);
  const D = {
    blocks: def('common.schema.json#/$defs/blocks'),
    actions: def('common.schema.json#/$defs/actions'),
    block: nav.byId.get('block.schema.json'),
    action: nav.byId.get('action.schema.json'),
    condition: def('expr.schema.json#/$defs/condition'),
    text: def('common.schema.json#/$defs/text'),
    url: def('common.schema.json#/$defs/url'),
    expr: def('expr.schema.json#/$defs/expr'),
    statePath: def('common.schema.json#/$defs/statePath'),
    fields: def('common.schema.json#/$defs/fields'),
  };
  const has = (here: Resolved, schema: Schema | undefined) =>
    !!schema && here.ctxs.some((c) => c.schema === schema);
  const hint = (here: Resolved, name: string) => here.ctxs.find((c) => name in c.schema)?.schema[name];

  function types(here: Resolved): Set<string> {
    const out = new Set<string>();
    for (const { schema } of here.ctxs) {
      if (typeof schema.type === 'string') out.add(schema.type);
      else if (Array.isArray(schema.type)) schema.type.forEach((t) => typeof t === 'string' && out.add(t));
      if (isSchema(schema.properties) || isSchema(schema.additionalProperties)) out.add('object');
      if (schema.items || schema.prefixItems) out.add('array');
    }
    return out;
  }

  function kindOf(here: Resolved, value: unknown): FieldKind {
    const input = hint(here, 'x-input');
    if (input === 'color') return 'color';
    if (input === 'image') return 'image';
    if (has(here, D.blocks)) return 'blocks';
    if (has(here, D.actions)) return 'actions';
    if (has(here, D.block)) return 'block';
    if (has(here, D.condition)) return 'condition';
    if (has(here, D.text) || has(here, D.url)) return 'text';
    // Named values (a bridge payload, a call's body): rows of a name and a value, unless the value
    // written is one expression giving them all.
    if (has(here, D.fields) && (value === undefined || isNamedValues(value))) return 'fields';
    if (has(here, D.statePath)) return 'statePath';
    if (has(here, D.expr)) return 'expr';
    if (here.ctxs.some((c) => Array.isArray(c.schema.enum))) return 'enum';
    const t = types(here);
    const kind =
      value === undefined ? null : Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    if (t.size === 1 || (kind && t.has(kind))) {
      const only = kind && t.has(kind) ? kind : [...t][0];
      if (only === 'boolean') return 'boolean';
      if (only === 'number' || only === 'integer') return 'number';
      if (only === 'string') return 'string';
      if (only === 'array') return 'list';
      if (only === 'object') return 'object';
    }
    if (t.has('integer') && (kind === 'number' || value === undefined) && t.size === 1) return 'number';
    return 'json';
  }

  /** Conditions have their own builder and state paths name a place, not a value: neither is bound. */
  const bindable = (here: Resolved, kind: FieldKind) =>
    ['text', 'string', 'expr', 'image', 'color'].includes(kind) && has(here, D.expr);

  function describe(here: Resolved): string {
    for (const c of here.ctxs) if (typeof c.schema.description === 'string') return c.schema.description;
    return '';
  }

  /**
   * What of a field's value its spec depends on (the schema step's shapeKey, the kind's JSON type,
   * named values or one expression): a block type's form is made once per such shape, not per
   * selection or per change (issue 25 speed).
   */
  const shapeOf = (v: unknown): string => {
    if (v === undefined) return 'u';
    if (v === null) return 'n';
    if (Array.isArray(v)) return 'a';
    if (typeof v !== 'object') return typeof v;
    const o = v as Record<string, unknown>;
    return `${isNamedValues(v) ? 'N' : 'o'}${JSON.stringify([o.type, o.do])}`;
  };
  /** The schemas by number: a place's schemas (its block type, wherever it is) as a key. */
  const numbers = new WeakMap<Schema, number>();
  let numbered = 0;
  const numberOf = (schema: Schema) => {
    let n = numbers.get(schema);
    if (n === undefined) numbers.set(schema, (n = numbered++));
    return n;
  };
  const made = new Map<string, FieldSpec[]>();

  function fieldsOf(here: Resolved, value: unknown): FieldSpec[] {
    const object = isSchema(value) ? value : {};
    const key = `${here.ctxs.map((c) => numberOf(c.schema)).join(' ')}|${Object.keys(object)
      .sort()
      .map((k) => `${k}:${shapeOf(object[k])}`)
      .join(',')}`;
    const found = made.get(key);
    if (found) return found;
    const specs = makeFields(here, object);
    made.set(key, specs);
    return specs;
  }

  function makeFields(here: Resolved, object: Record<string, unknown>): FieldSpec[] {
    const names: string[] = [];
    const required = new Set<string>();
    for (const { schema } of here.ctxs) {
      if (isSchema(schema.properties))
        for (const n of Object.keys(schema.properties)) if (!names.includes(n)) names.push(n);
      if (Array.isArray(schema.required))
        schema.required.forEach((r) => typeof r === 'string' && required.add(r));
    }
    return names.map((name) => {
      const child = nav.step(here, name, object[name]);
      const kind = kindOf(child, object[name]);
      const first = (key: string) => child.ctxs.find((c) => key in c.schema)?.schema[key];
      const enumValues = child.ctxs.find((c) => Array.isArray(c.schema.enum))?.schema.enum as
        unknown[] | undefined;
      const choices = hint(child, 'x-choices');
      const minimum = first('minimum');
      const maximum = first('maximum');
      return {
        name,
        kind,
        description: describe(child),
        required: required.has(name),
        ...(first('default') !== undefined ? { default: first('default') } : {}),
        ...(enumValues ? { options: enumValues } : {}),
        ...(typeof choices === 'string' ? { choices } : {}),
        ...(typeof minimum === 'number' ? { minimum } : {}),
        ...(typeof maximum === 'number' ? { maximum } : {}),
        ...(types(child).has('integer') ? { integer: true } : {}),
        ...(bindable(child, kind) ? { bindable: true } : {}),
        here: child,
      };
    });
  }

  return {
    nav,
    kindOf,
    fieldsOf,
    itemOf: (here, index, value) => nav.step(here, index, value),
    isBlock: (here) => has(here, D.block),
    isAction: (here) => has(here, D.action),
    hint,
  };
}
