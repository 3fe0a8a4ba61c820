// Reads the schema files the way a person reads them: what fields a block or action has, which are
// required, what each holds. Shared by the docs generator and the validator vocabulary.
import { discriminatorOf, type Schema, type SchemaSet } from './schemas';

export type Node = Record<string, unknown>;

/** What a field holds, as far as the document walker and the lints care. */
export type FieldKind =
  'blocks' | 'block' | 'actions' | 'action' | 'expr' | 'url' | 'fields' | 'statePath' | 'data' | 'other';

export interface FieldInfo {
  name: string;
  schema: Node;
  /** The $id of the file the field was declared in (for resolving its $refs). */
  baseId: string;
  required: boolean;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function resolveId(ref: string, baseId: string): { id: string; fragment: string } {
  const [file = '', fragment = ''] = ref.split('#');
  if (!file) return { id: baseId, fragment };
  const url = new URL(file, `http://schemas.local/${baseId}`);
  return { id: url.pathname.slice(1), fragment };
}

export function schemaById(set: SchemaSet, id: string): Schema | undefined {
  return set.all.find((s) => s.$id === id);
}

/** Follows one $ref: the target node and the $id its own $refs are relative to. */
export function deref(set: SchemaSet, ref: string, baseId: string): { node: Node; baseId: string } | null {
  const { id, fragment } = resolveId(ref, baseId);
  let node: unknown = schemaById(set, id);
  for (const part of fragment.split('/').filter(Boolean)) {
    node = isNode(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isNode(node) ? { node, baseId: id } : null;
}

/** The fields of an object schema, with those of its $ref and allOf bases, in declaration order. */
export function fieldsOf(set: SchemaSet, schema: Node, baseId: string, seen = new Set<Node>()): FieldInfo[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const out = new Map<string, FieldInfo>();
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const add = (fields: FieldInfo[]) => {
    for (const f of fields) {
      const prev = out.get(f.name);
      // A derived schema narrows a base field (type: const "text"); keep the base's description.
      if (prev) out.set(f.name, mergeField(prev, f));
      else out.set(f.name, f);
    }
  };
  if (typeof schema.$ref === 'string') {
    const base = deref(set, schema.$ref, baseId);
    if (base) add(fieldsOf(set, base.node, base.baseId, seen));
  }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (isNode(part)) add(fieldsOf(set, part, baseId, seen).map((f) => ({ ...f, required: false })));
  }
  if (isNode(schema.properties)) {
    add(
      Object.entries(schema.properties).map(([name, s]) => ({
        name,
        schema: isNode(s) ? s : {},
        baseId,
        required: required.has(name),
      })),
    );
  }
  return [...out.values()].map((f) => ({ ...f, required: f.required || required.has(f.name) }));
}

function mergeField(base: FieldInfo, derived: FieldInfo): FieldInfo {
  const schema = { ...derived.schema };
  if (schema.description === undefined && base.schema.description !== undefined)
    schema.description = base.schema.description;
  return { ...derived, schema, required: base.required || derived.required };
}

const DEF_KINDS: Record<string, FieldKind> = {
  blocks: 'blocks',
  actions: 'actions',
  fields: 'fields',
  url: 'url',
  text: 'expr',
  expr: 'expr',
  condition: 'expr',
  statePath: 'statePath',
  shape: 'data',
};

/** Classifies a field by where its $ref points (anyOf of one kind counts as that kind). */
export function fieldKind(schema: Node, baseId: string): FieldKind {
  if (typeof schema.$ref === 'string') {
    const { id, fragment } = resolveId(schema.$ref, baseId);
    if (id === 'block.schema.json') return 'block';
    if (id === 'action.schema.json' || id.startsWith('actions/')) return 'action';
    if (id === 'expr.schema.json') return 'expr';
    const def = fragment.split('/').pop() ?? '';
    return DEF_KINDS[def] ?? 'other';
  }
  const alternatives = (Array.isArray(schema.anyOf) ? schema.anyOf : []).filter(
    (a): a is Node => isNode(a) && a.type !== 'null',
  );
  if (alternatives.length === 1) return fieldKind(alternatives[0]!, baseId);
  // Named fields or one expression (a bridge payload): walked as fields, an operator object as one.
  const kinds = new Set(alternatives.map((a) => fieldKind(a, baseId)));
  if (kinds.size === 2 && kinds.has('fields') && kinds.has('expr')) return 'fields';
  if (schema.type === 'array' && isNode(schema.items)) {
    const item = fieldKind(schema.items, baseId);
    if (item === 'block') return 'blocks';
    if (item === 'action') return 'actions';
  }
  return 'other';
}

/** Groups of fields of which only one may be given (oneOf of required groups, not.required). */
export function exclusiveGroups(schema: Node): string[][] {
  const groups: string[][] = [];
  const alternatives = (Array.isArray(schema.oneOf) ? schema.oneOf : []).filter(isNode);
  const names = alternatives.flatMap((a) => (Array.isArray(a.required) ? (a.required as string[]) : []));
  if (alternatives.length > 1 && names.length === alternatives.length) groups.push(names);
  const not = isNode(schema.not) ? schema.not : null;
  if (not && Array.isArray(not.required) && Object.keys(not).length === 1)
    groups.push(not.required as string[]);
  // not: {anyOf: [{required: [a, b]}, {required: [a, c]}...]}: at most one of a, b, c.
  const pairs = not && Array.isArray(not.anyOf) ? not.anyOf.filter(isNode) : [];
  if (pairs.length > 0 && pairs.every((p) => Array.isArray(p.required) && Object.keys(p).length === 1))
    groups.push([...new Set(pairs.flatMap((p) => p.required as string[]))]);
  return groups;
}

export interface NodeInfo {
  kind: 'block' | 'action';
  type: string;
  schema: Schema;
  fields: FieldInfo[];
}

export function nodeInfos(set: SchemaSet): NodeInfo[] {
  const info = (kind: 'block' | 'action', key: 'type' | 'do', schema: Schema): NodeInfo => ({
    kind,
    type: discriminatorOf(schema, key),
    schema,
    fields: fieldsOf(set, schema, schema.$id),
  });
  return [
    ...set.blocks.map((s) => info('block', 'type', s)),
    ...set.actions.map((s) => info('action', 'do', s)),
  ];
}
