// The pieces of docs/screen-language.md that every chapter uses: type names, field tables and an
// object's section. Below docs.ts and its chapters (docsLanguage.ts, docsParts.ts), so none of
// them imports another back.
import type { SchemaSet } from './schemas';
import { deref, fieldsOf, resolveId, type FieldInfo, type Node } from './schemaInfo';

export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Readable names for the shared definitions a field can point at. */
export const REF_NAMES: Record<string, string> = {
  'common.schema.json#/$defs/text': 'text',
  'common.schema.json#/$defs/url': 'url',
  'common.schema.json#/$defs/blocks': 'blocks',
  'common.schema.json#/$defs/actions': 'actions',
  'common.schema.json#/$defs/fields': 'fields',
  'common.schema.json#/$defs/statePath': 'state path',
  'common.schema.json#/$defs/style': 'style',
  'common.schema.json#/$defs/modal': 'modal',
  'common.schema.json#/$defs/timer': 'timer',
  'common.schema.json#/$defs/valueType': 'value type',
  'common.schema.json#/$defs/requires': 'requirements',
  'expr.schema.json#/$defs/expr': 'expression',
  'expr.schema.json#/$defs/condition': 'condition',
  'expr.schema.json#/$defs/operator': 'expression object',
  'expr.schema.json#/$defs/path': 'path',
  'expr.schema.json#/$defs/literal': 'plain value',
  'expr.schema.json': 'expression',
  'block.schema.json': 'block',
  'action.schema.json': 'action',
};

/** The value kinds explained in the glossary, in order. */
export const GLOSSARY: [string, string][] = [
  ['text', 'common.schema.json#/$defs/text'],
  ['url', 'common.schema.json#/$defs/url'],
  ['condition', 'expr.schema.json#/$defs/condition'],
  ['expression', 'expr.schema.json#/$defs/expr'],
  ['path', 'expr.schema.json#/$defs/path'],
  ['state path', 'common.schema.json#/$defs/statePath'],
  ['fields', 'common.schema.json#/$defs/fields'],
  ['blocks', 'common.schema.json#/$defs/blocks'],
  ['actions', 'common.schema.json#/$defs/actions'],
  ['style', 'common.schema.json#/$defs/style'],
];

export const cell = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
export const code = (v: unknown) => '`' + JSON.stringify(v) + '`';

export function refName(ref: string, baseId: string): string {
  const { id, fragment } = resolveId(ref, baseId);
  const key = fragment ? `${id}#${fragment}` : id;
  if (REF_NAMES[key]) return REF_NAMES[key];
  const action = /^actions\/(.+)\.schema\.json$/.exec(id);
  if (action && !fragment) return `${action[1]} action`;
  const block = /^blocks\/(.+)\.schema\.json$/.exec(id);
  if (block && !fragment) return `${block[1]} block`;
  return fragment.split('/').pop() || id.replace(/\.schema\.json$/, '');
}

function range(min: unknown, max: unknown, unit = ''): string {
  if (min !== undefined && max !== undefined) return ` ${String(min)}–${String(max)}${unit}`;
  if (min !== undefined) return ` ≥ ${String(min)}${unit}`;
  if (max !== undefined) return ` ≤ ${String(max)}${unit}`;
  return '';
}

/** A short readable type: "text", "integer 1–86400", "one of `a`, `b`", "list of block". */
export function typeName(schema: Node, baseId: string, depth = 0): string {
  if (depth > 4) return 'any';
  if (typeof schema.$ref === 'string') return refName(schema.$ref, baseId);
  if ('const' in schema) return code(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(code).join(', ')}`;
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(alternatives))
    return alternatives
      .filter(isNode)
      .map((a) => typeName(a, baseId, depth + 1))
      .join(' or ');
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.length > 1) return types.map(String).join(' or ');
  switch (types[0]) {
    case 'string':
      return `string${range(schema.minLength, schema.maxLength, ' chars')}`;
    case 'integer':
      return `integer${range(schema.minimum, schema.maximum)}`;
    case 'number':
      return `number${range(schema.minimum, schema.maximum)}`;
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return isNode(schema.items) ? `list of ${typeName(schema.items, baseId, depth + 1)}` : 'list';
    case 'object':
      if (isNode(schema.additionalProperties))
        return `map of ${typeName(schema.additionalProperties, baseId, depth + 1)}`;
      return 'object';
    default:
      return 'any';
  }
}

/** The object a field holds inline (itself, or each item of its list), to document its fields. */
function inlineObject(schema: Node): { node: Node; list: boolean } | null {
  if (isNode(schema.properties)) return { node: schema, list: false };
  if (isNode(schema.items) && isNode(schema.items.properties)) return { node: schema.items, list: true };
  for (const a of [...((schema.anyOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])]) {
    const found = isNode(a) ? inlineObject(a) : null;
    if (found) return found;
  }
  return null;
}

function fieldRows(set: SchemaSet, fields: FieldInfo[], prefix = '', depth = 0): string[] {
  const rows: string[] = [];
  for (const f of fields) {
    const name = prefix + f.name;
    const d = f.schema.default;
    rows.push(
      `| \`${cell(name)}\` | ${cell(typeName(f.schema, f.baseId))} | ${f.required ? 'yes' : ''} | ${
        d === undefined ? '' : cell(code(d))
      } | ${cell(String(f.schema.description ?? ''))} |`,
    );
    const inner = depth < 2 ? inlineObject(f.schema) : null;
    if (inner)
      rows.push(
        ...fieldRows(
          set,
          fieldsOf(set, inner.node, f.baseId),
          `${name}${inner.list ? '[].' : '.'}`,
          depth + 1,
        ),
      );
  }
  return rows;
}

export function fieldTable(set: SchemaSet, fields: FieldInfo[]): string[] {
  return [
    '| Field | Type | Required | Default | Description |',
    '| --- | --- | --- | --- | --- |',
    ...fieldRows(set, fields),
    '',
  ];
}

export function examples(schema: Node): string[] {
  const list = Array.isArray(schema.examples) ? schema.examples : [];
  return list.flatMap((ex) => ['```json', JSON.stringify(ex, null, 2), '```', '']);
}

export function objectSection(set: SchemaSet, title: string, ref: string, intro: string): string[] {
  const found = deref(set, ref, ref.split('#')[0] ?? '');
  if (!found) return [];
  const description = String(found.node.description ?? '');
  return [
    `### ${title}`,
    '',
    [intro, description].filter(Boolean).join(' '),
    '',
    ...fieldTable(set, fieldsOf(set, found.node, found.baseId)),
  ];
}
