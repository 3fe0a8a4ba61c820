// Writes renderer/validate/vocabulary.gen.ts: the names the schemas allow, for error messages
// ("did you mean 'label'?") and for the document walker (which fields hold blocks, actions,
// expressions, addresses), without shipping the schemas themselves to the browser.
import type { SchemaSet } from './schemas';
import { deref, exclusiveGroups, fieldKind, fieldsOf, nodeInfos, schemaById, type Node } from './schemaInfo';
import { functionInfos, signatureText } from './functions';

const OBJECTS: Record<string, [string, string]> = {
  screen: ['screen.schema.json', ''],
  modal: ['common.schema.json', '#/$defs/modal'],
  timer: ['common.schema.json', '#/$defs/timer'],
  variable: ['common.schema.json', '#/$defs/variable'],
  computed: ['common.schema.json', '#/$defs/computedValue'],
  trigger: ['common.schema.json', '#/$defs/trigger'],
  style: ['common.schema.json', '#/$defs/style'],
  manifest: ['manifest.schema.json', ''],
  route: ['manifest.schema.json', '#/properties/routes/items'],
  promoPage: ['manifest.schema.json', '#/properties/promo/additionalProperties'],
};

export function vocabularyModule(set: SchemaSet): string {
  const blocks: Record<string, unknown> = {};
  const actions: Record<string, unknown> = {};
  for (const info of nodeInfos(set)) {
    const kinds: Record<string, string> = {};
    for (const f of info.fields) {
      const kind = fieldKind(f.schema, f.baseId);
      if (kind !== 'other') kinds[f.name] = kind;
    }
    (info.kind === 'block' ? blocks : actions)[info.type] = {
      fields: info.fields.map((f) => f.name),
      required: info.fields.filter((f) => f.required).map((f) => f.name),
      kinds,
      exclusive: exclusiveGroups(info.schema),
    };
  }
  const objects: Record<string, string[]> = {};
  for (const [name, [id, fragment]] of Object.entries(OBJECTS)) {
    if (!schemaById(set, id)) continue;
    const found = deref(set, `${id}${fragment}`, id);
    if (found) objects[name] = fieldsOf(set, found.node, found.baseId).map((f) => f.name);
  }
  const operator = deref(set, 'expr.schema.json#/$defs/operator', 'expr.schema.json');
  const fns = functionInfos(set);
  const operators = [
    ...Object.keys((operator?.node.properties as Node | undefined) ?? {}),
    ...fns.filter((f) => f.library).map((f) => f.name),
  ];
  const functions = Object.fromEntries(
    fns.map((f) => [
      f.name,
      {
        params: f.params.map((p) => [p.name, p.spec]),
        returns: f.returns,
        ...(f.bare ? { bare: true } : {}),
        ...(f.library ? { library: true } : {}),
        signature: signatureText(f),
      },
    ]),
  );
  const valueTypes = (deref(set, 'common.schema.json#/$defs/valueType', 'common.schema.json')?.node.enum ??
    []) as string[];
  const vocabulary = { blocks, actions, objects, operators, functions, valueTypes };
  return [
    "import type { Vocabulary } from './vocabulary';",
    '',
    `export const vocabulary: Vocabulary = ${JSON.stringify(vocabulary)};`,
    '',
  ].join('\n');
}
