// The chapters of docs/screen-language.md for the language's second edition: variables, computed
// values and triggers; the function library (signatures, rules and examples from the schemas,
// each example checked by tests/unit/renderer/functions/examples.test.ts); where values are
// converted; capability gating; appear events; countdowns. The worked examples are in
// docsExamples.ts, checked by tests/unit/docs/languageExamples.test.ts.
import { cell, code, objectSection } from './docsSections';
import { functionInfos, signatureText, type FunctionInfo } from './functions';
import type { SchemaSet } from './schemas';
import { deref } from './schemaInfo';
import { APPEAR_EXAMPLE, GATING_EXAMPLE, TIMERS_EXAMPLE, VARIABLES_EXAMPLE } from './docsExamples';
import { partsChapter } from './docsParts';

const description = (set: SchemaSet, ref: string): string =>
  String(deref(set, ref, ref.split('#')[0] ?? '')?.node.description ?? '');

const example = (value: unknown) => (value === null ? 'missing' : code(value));

function variablesChapter(set: SchemaSet): string[] {
  return [
    '## Variables, computed values and triggers',
    '',
    'A screen can keep typed state of its own (`variables`), name expressions that other bindings',
    'read (`computed`) and run actions when a condition becomes true (`triggers`). Documents that use',
    'them, or any function of the library below, load that part of the engine when they open (a few',
    'KB, fetched with the first screen when that screen needs it); other screens never do.',
    '',
    ...objectSection(set, 'Variables', 'common.schema.json#/$defs/variable', 'Each entry of `variables`.'),
    `Types: ${description(set, 'common.schema.json#/$defs/valueType')}`,
    '',
    ...objectSection(
      set,
      'Computed values',
      'common.schema.json#/$defs/computedValue',
      'Each entry of `computed`.',
    ),
    ...objectSection(set, 'Triggers', 'common.schema.json#/$defs/trigger', 'Each item of `triggers`.'),
    'A trigger that fires more than 20 times within a second (its actions keep turning its condition',
    'false and true again) is stopped for the page view and reported.',
    '',
    'For example, a retry limit and a due-date line:',
    '',
    '```json',
    JSON.stringify(VARIABLES_EXAMPLE, null, 2),
    '```',
    '',
    'The checker (`npm run screens:check`, the studio) refuses a read or write of a variable or',
    'computed value that is not declared, a starting value not of its type, a `set` of a value it',
    'can tell is of another type, and computed values that read each other in a circle, each at the',
    'line and column where it is written.',
    '',
  ];
}

// The timer fields are in the screen document's Timers table; this shows them working together.
const TIMERS_CHAPTER = [
  '## Countdowns',
  '',
  'A countdown is declared under `timers` (see Timers above) and driven by the `countdown` action:',
  '`start` counts from the full time, `pause` halts it where it is, `resume` goes on from there and',
  '`reset` puts it back, halted. Its length may be an expression, read each time it starts (here',
  'the seconds until an offer ends, from a date the server sends); `onTick` runs after every tick',
  'but the last and `onEnd` at zero. The app keeps time by its clock, not by counting ticks, so a',
  'phone that slowed the page down in the background still ends on time. For example, an offer',
  'counted down as minutes and seconds, with a warning a minute before the end, paused while its',
  'terms are open:',
  '',
  '```json',
  JSON.stringify(TIMERS_EXAMPLE, null, 2),
  '```',
  '',
];

function functionRows(f: FunctionInfo): string[] {
  const examples = f.examples.map(([expr, result]) => `${code(expr)} → ${example(result)}`).join('<br>');
  return [`| \`${cell(f.name)}\` | \`${cell(signatureText(f))}\` | ${cell(f.description)} | ${examples} |`];
}

function functionsChapter(set: SchemaSet): string[] {
  const fns = functionInfos(set).filter((f) => f.library);
  const order = ['numbers', 'text', 'dates', 'lists'];
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  const groups = [...new Set(fns.map((f) => f.group))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  return [
    '## Functions',
    '',
    'A function is called like an operator, always with a list of arguments: `{"round": [{"$":',
    '"data.fee"}, 2]}`, `{"now": []}`. (An object such as `{"date": {"$": "form.date"}}` among a',
    "call's named fields is a field called date, not a call.) Each argument is converted to the type",
    'of its parameter (see Types and coercion); an argument that cannot be, or a result that is not',
    'a finite number or a real date, makes the value missing: never an error, never NaN shown to a',
    'borrower. `?` marks an optional parameter, `...` one that takes any number of arguments; `each`',
    'is an expression worked out for every item of the list, `name` the name it reads the item by',
    '(default `item`), `field` a field of each item, `pattern` text written as it is.',
    '',
    ...groups.flatMap((group) => {
      const members = fns.filter((f) => f.group === group);
      const first = members[0]!;
      const schema = set.functions.find((s) => s.$id === `functions/${group}.schema.json`);
      const scope = first.exampleScope;
      return [
        `### ${first.title}`,
        '',
        String(schema?.description ?? ''),
        '',
        ...(Object.keys(scope).length > 0 ? ['```json', JSON.stringify(scope, null, 2), '```', ''] : []),
        '| Function | Signature | What it gives | Examples |',
        '| --- | --- | --- | --- |',
        ...members.flatMap(functionRows),
        '',
      ];
    }),
  ];
}

const COERCION = [
  '## Types and coercion',
  '',
  'Values are JSON: text, numbers, true/false, null, lists and objects; a date is ISO text in Manila',
  'time. A value is converted to another type in these places only:',
  '',
  "1. `==`, `!=` and `in` compare a number with numeric text as numbers ('1' == 1, because servers",
  "   send flags as either, D-44); other pairs of plain values compare as text (true == 'true');",
  '   missing and null equal each other and nothing else; lists and objects equal only themselves.',
  '2. `<`, `<=`, `>` and `>=` compare numbers and numeric text; any other pair is false. Dates are',
  '   compared with `dateDiff` (e.g. `{">": [{"dateDiff": [{"now": []}, {"$": "vars.due"}, "seconds"]}, 0]}`).',
  '3. `+` and `-` read numeric text as a number and anything else as 0 (as since the first edition).',
  '4. A function parameter converts its argument: a number (or whole number, cut towards 0) takes a',
  '   number or numeric text, anything else makes the result missing; text takes text, numbers and',
  '   true/false as written, missing and null as empty text, lists and objects as JSON; a condition',
  '   takes anything by its truth; a date takes date text, ISO text with any offset or none (Manila),',
  '   and Unix time in seconds or milliseconds; a list takes a list, anything else as an empty list.',
  "5. A write to a variable (and a computed value's result) converts to its type as described under",
  '   Variables, or is refused (a computed value is then missing).',
  '6. Conditions (`visible`, `when`, `if`, `and`...) read missing, null, false, 0, empty text and an',
  '   empty list as false, everything else as true.',
  '7. Text shown on screen (`{path}` in a template, `concat`) writes missing and null as nothing,',
  '   lists and objects as JSON.',
  '',
  'The checker applies the same rules to what it can see (literals, declared variables and computed',
  'values, the results of functions) and reports an argument or a write that cannot be converted.',
  '',
];

function gatingChapter(set: SchemaSet): string[] {
  const screen = set.all.find((s) => s.$id === 'screen.schema.json');
  const version = String(screen?.['x-engine-version'] ?? '');
  return [
    '## Capability gating',
    '',
    `This engine is version ${version} of the screen language (schemaVersion 1 is its major: a`,
    'document of another schemaVersion is refused whole, and the app keeps showing its last good',
    'copy). Every block and action may say what it needs:',
    '',
    description(set, 'common.schema.json#/$defs/requires'),
    '',
    '```json',
    JSON.stringify(GATING_EXAMPLE, null, 2),
    '```',
    '',
    'A block whose requirement is not met shows its `fallback` (no placeholder, no report) or nothing;',
    'an action runs its `otherwise`, or is skipped. An action this engine does not know at all (a',
    'document written for a newer app) also runs its `otherwise`. A document meant for newer apps',
    'that must still work on older ones wraps its new parts in `requires` with a fallback: an older',
    'app then accepts the document and shows the fallbacks, where without them it would refuse the',
    'document and keep its last good copy. (Apps of the first edition, 1.0, know no `requires`: they',
    'refuse any document that uses this edition.)',
    '',
  ];
}

function appearChapter(set: SchemaSet): string[] {
  const base = deref(set, 'common.schema.json#/$defs/blockBase', 'common.schema.json');
  const onAppear = (base?.node.properties as Record<string, { description?: string }> | undefined)?.onAppear;
  return [
    '## Appear events',
    '',
    `\`onAppear\`, on any block: ${String(onAppear?.description ?? '')} A block hidden and shown again`,
    'does not count twice, and a block that takes no space (an empty list) has not appeared: put',
    "the impression on the list's items. Where the webview has no IntersectionObserver, a block",
    'counts as shown when it is drawn. A document with appear events loads the part of the engine',
    'that runs them when it opens, as one with variables does (a few KB); other screens never do.',
    '',
    '```json',
    JSON.stringify(APPEAR_EXAMPLE, null, 2),
    '```',
    '',
  ];
}

export function languageChapters(set: SchemaSet): string[] {
  return [
    ...variablesChapter(set),
    ...TIMERS_CHAPTER,
    ...functionsChapter(set),
    ...COERCION,
    ...gatingChapter(set),
    ...appearChapter(set),
    ...partsChapter(set),
  ];
}
