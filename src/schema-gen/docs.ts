// Writes docs/screen-language.md from the schemas: the document's shape, expressions, the state a
// screen can read, then every block and every action with its fields and example. Deterministic,
// so `npm run gen:check` can compare it.
import { discriminatorOf, type Schema, type SchemaSet } from './schemas';
import { deref, fieldsOf, schemaById, type Node } from './schemaInfo';
import { languageChapters } from './docsLanguage';
import {
  cell,
  code,
  examples,
  fieldTable,
  GLOSSARY,
  isNode,
  objectSection,
  refName,
  typeName,
} from './docsSections';

export { cell, code, objectSection, typeName };
import { MAX_DEPTH } from '../../renderer/validate/validateDocument';

/** How an operator's argument is written, e.g. "[a, b]" or "[a, b, c?]". */
function operatorForm(schema: Node, baseId: string): string {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref, baseId);
    if (name === 'pair') return '[a, b]';
    if (name === 'list') return '[a, b, ...]';
    if (name === 'path') return '"path"';
    return name;
  }
  if (schema.type === 'string') return '"text"';
  if (schema.type === 'object') return '{"name": expression, ...}';
  if (schema.type === 'array') {
    const min = Number(schema.minItems ?? 0);
    const max = Number(schema.maxItems ?? min);
    const letters = 'abcdefgh'.slice(0, Math.max(min, max)).split('');
    return `[${letters.map((l, i) => (i < min ? l : `${l}?`)).join(', ')}]`;
  }
  return typeName(schema, baseId);
}

function expressionSection(set: SchemaSet): string[] {
  const expr = schemaById(set, 'expr.schema.json');
  if (!expr) return [];
  const operator = deref(set, 'expr.schema.json#/$defs/operator', 'expr.schema.json');
  const ops = Object.entries((operator?.node.properties as Node | undefined) ?? {}).filter(
    (e): e is [string, Node] => isNode(e[1]),
  );
  const condition = deref(set, 'expr.schema.json#/$defs/condition', 'expr.schema.json');
  return [
    '## Expressions',
    '',
    String(expr.description ?? ''),
    '',
    'Every operator object has exactly one key:',
    '',
    '| Operator | Written as | Description |',
    '| --- | --- | --- |',
    ...ops.map(
      ([name, s]) =>
        `| \`${cell(name)}\` | \`${cell(`{"${name}": ${operatorForm(s, 'expr.schema.json')}}`)}\` | ${cell(String(s.description ?? ''))} |`,
    ),
    '',
    '### What a screen can read',
    '',
    'A binding `{"$": "path"}` or a template placeholder `{path}` reads from these roots:',
    '',
    '| Root | What it holds |',
    '| --- | --- |',
    "| `params` | The page's query parameters the screen lists in `params`. |",
    '| `data` | Server data: what calls stored with `into`, and the initial `state.data`. |',
    '| `form` | What the user typed or chose (inputs write here through `bind`). |',
    '| `ui` | Screen flags: selected tab, stars, what is open (written by `bind` and `set`). |',
    '| `vars` | The typed variables the screen declares (see Variables, computed values and triggers). |',
    '| `computed` | The computed values the screen declares. |',
    "| `local` | Inside a list: the current item's own state; elsewhere, a screen-wide scratch area. |",
    '| `timers` | Countdowns: `timers.<id>.remaining` (seconds) and `timers.<id>.running`. |',
    "| `config` | The app's configuration (feature flags, default texts, links). |",
    '| `env` | Where the page runs: `env.inApp`, `env.messagingBrowser`. |',
    '| `item`, `index` | Inside a list block: the current item and its position (renamed by `as`, `indexAs`). |',
    "| `result` | Inside a call's `then`, `else` and `finally`: `result.ok`, `result.code`, `result.message`, `result.data`. |",
    '',
    'A path that does not exist reads as missing; it never fails. `__proto__`, `prototype` and',
    '`constructor` are refused in every path.',
    '',
    '### True and false',
    '',
    String(condition?.node.description ?? ''),
    '',
  ];
}

function glossary(set: SchemaSet): string[] {
  const rows = GLOSSARY.flatMap(([name, ref]) => {
    const found = deref(set, ref, ref.split('#')[0] ?? '');
    return found ? [`| ${name} | ${cell(String(found.node.description ?? ''))} |`] : [];
  });
  return ['### Kinds of value', '', '| Kind | Meaning |', '| --- | --- |', ...rows, ''];
}

/** The shared fields (id, visible, when...), documented once rather than in every table. */
function baseFields(set: SchemaSet, key: 'type' | 'do'): Set<string> {
  const ref = `common.schema.json#/$defs/${key === 'type' ? 'blockBase' : 'actionBase'}`;
  const found = deref(set, ref, 'common.schema.json');
  const names = found ? fieldsOf(set, found.node, found.baseId).map((f) => f.name) : [];
  return new Set(names.filter((n) => n !== key));
}

function nodeSection(set: SchemaSet, schema: Schema, key: 'type' | 'do'): string[] {
  const name = discriminatorOf(schema, key);
  const lazy =
    schema['x-lazy'] === true
      ? ' Not in the first chunk: it loads with the screens that use it, before they draw.'
      : '';
  const shared = baseFields(set, key);
  return [
    `### \`${name}\` — ${String(schema.title ?? name)}`,
    '',
    String(schema.description ?? '') + lazy,
    '',
    ...fieldTable(
      set,
      fieldsOf(set, schema, schema.$id).filter((f) => !shared.has(f.name)),
    ),
    ...examples(schema),
  ];
}

export function screenLanguageDoc(set: SchemaSet): string {
  const screen = schemaById(set, 'screen.schema.json');
  const blocks = set.blocks.map((b) => discriminatorOf(b, 'type'));
  const actions = set.actions.map((a) => discriminatorOf(a, 'do'));
  const lines = [
    '# The screen language',
    '',
    '_Generated by `npm run gen` from `schemas/`. Do not edit: change the schemas._',
    '',
    'Each screen of the app is a JSON document in `screens/<id>.json`, listed by route in',
    '`screens/manifest.json`. `npm run screens:check` checks every document against these rules and',
    'prints `file:line:col  /json/pointer  message` for each problem.',
    '',
    'Every document (a screen, a part, the manifest, a scenarios file) is a JSON object of its kind:',
    'any other JSON value (`null`, a list, a text) or an object of another kind (a part saved as a',
    `screen) is refused with one error. Objects and lists nest at most ${MAX_DEPTH} levels deep; a deeper`,
    'text is refused before anything else is read.',
    '',
    `Blocks: ${blocks.map((b) => `\`${b}\``).join(', ')}.`,
    '',
    `Actions: ${actions.map((a) => `\`${a}\``).join(', ')}.`,
    '',
    '## A screen document',
    '',
    String(screen?.description ?? ''),
    '',
    ...(screen ? fieldTable(set, fieldsOf(set, screen, screen.$id)) : []),
    ...objectSection(set, 'Modals', 'common.schema.json#/$defs/modal', 'Each entry of `modals`.'),
    ...objectSection(set, 'Timers', 'common.schema.json#/$defs/timer', 'Each entry of `timers`.'),
    ...objectSection(set, 'Style hints', 'common.schema.json#/$defs/style', 'The `style` of any block.'),
    ...objectSection(set, 'Fields of every block', 'common.schema.json#/$defs/blockBase', ''),
    ...objectSection(set, 'Fields of every action', 'common.schema.json#/$defs/actionBase', ''),
    ...glossary(set),
    ...expressionSection(set),
    ...languageChapters(set),
    '## Blocks',
    '',
    'Every block also has the fields of every block (`id`, `visible`, `fallback`, `style`).',
    '',
    ...set.blocks.flatMap((b) => nodeSection(set, b, 'type')),
    '## Actions',
    '',
    'Every action also has the fields of every action (`when`).',
    '',
    ...set.actions.flatMap((a) => nodeSection(set, a, 'do')),
  ];
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}
