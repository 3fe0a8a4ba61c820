// Names the place of an error the way ops think of it: "block #3 'button'", "action #2 'toast'
// in body/4/onTap", "modal 'rating'", rather than only as a JSON pointer.
import { vocabulary } from './vocabulary.gen';
import type { FieldKind } from './vocabulary';

export type Subject = 'screen' | 'manifest';

export interface Place {
  kind:
    | 'root'
    | 'block'
    | 'action'
    | 'modal'
    | 'timer'
    | 'variable'
    | 'computed'
    | 'trigger'
    | 'route'
    | 'promoPage';
  /** e.g. "block #3 'button'". */
  label: string;
  /** The label without the type, for "unknown block type" messages. */
  bareLabel: string;
  type?: string;
  /** The segments from the named place to the value the error is about. */
  rest: string[];
}

const OPAQUE: ReadonlySet<FieldKind> = new Set(['expr', 'url', 'fields', 'statePath', 'data']);
const OPERATORS: ReadonlySet<string> = new Set(vocabulary.operators);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The screen's named sections, each entry a place of its own ("computed 'total'", "trigger #2"). */
const NAMED: Readonly<Record<string, 'modal' | 'timer' | 'variable' | 'computed' | 'trigger'>> = {
  modals: 'modal',
  timers: 'timer',
  variables: 'variable',
  computed: 'computed',
  triggers: 'trigger',
};

export function isOperatorObject(v: unknown): boolean {
  if (!isObject(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== 1 || !OPERATORS.has(keys[0]!)) return false;
  // As the engine reads it (expr/evaluate.ts isOperatorCall): a library function takes a list.
  return !vocabulary.functions[keys[0]!]?.library || Array.isArray(v[keys[0]!]);
}

export function kindsOf(kind: 'block' | 'action', type: string | undefined) {
  const table = kind === 'block' ? vocabulary.blocks : vocabulary.actions;
  return type !== undefined && Object.prototype.hasOwnProperty.call(table, type) ? table[type] : undefined;
}

export function nodeLabel(
  kind: 'block' | 'action',
  type: string | undefined,
  segments: readonly string[],
  inArray: boolean,
): [string, string] {
  const typed = type === undefined ? '' : ` '${type}'`;
  const list = segments.slice(0, -1).join('/');
  if (!inArray) return [`${kind}${typed} at ${segments.join('/')}`, `${kind} at ${segments.join('/')}`];
  const n = `${kind} #${Number(segments[segments.length - 1]) + 1}`;
  const where = list === 'body' ? '' : ` in ${list}`;
  return [`${n}${typed}${where}`, `${n}${where}`];
}

export function locate(doc: unknown, segments: readonly string[], subject: Subject): Place {
  const root = subject === 'screen' ? 'the screen' : 'the manifest';
  let place: Place = { kind: 'root', label: root, bareLabel: root, rest: [...segments] };
  let value: unknown = doc;
  let opaque = false;
  let nodeAt = -1;
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i]!;
    const parent = value;
    value = isObject(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[key] : undefined;
    if (opaque) continue;
    const upTo = segments.slice(0, i + 1);
    const rest = segments.slice(i + 1);
    if (subject === 'manifest') {
      if (i === 1 && segments[0] === 'routes') {
        const path = isObject(value) && typeof value.path === 'string' ? ` '${value.path}'` : '';
        const label = `route #${Number(key) + 1}`;
        place = { kind: 'route', label: label + path, bareLabel: label, rest };
      } else if (i === 1 && segments[0] === 'promo') {
        const label = `promo page '${key}'`;
        place = { kind: 'promoPage', label, bareLabel: label, rest };
      }
      continue;
    }
    if (i === 0 && (key === 'state' || key === '$schema')) opaque = true;
    // A variable's starting value is data, whatever it looks like.
    if (i === 2 && segments[0] === 'variables') opaque = true;
    // A field of a known block or action that holds an expression: nothing inside is a node.
    if (place.kind === 'block' || place.kind === 'action') {
      const known = i === nodeAt + 1 ? kindsOf(place.kind, place.type) : undefined;
      if (known && OPAQUE.has(known.kinds[key] ?? 'other')) opaque = true;
    }
    if (opaque || !isObject(value)) continue;
    const section =
      i === 1 && Object.prototype.hasOwnProperty.call(NAMED, segments[0]!) ? NAMED[segments[0]!] : undefined;
    // Maps keyed by names ops choose (modals, timers...) are not expressions, even with a key "t".
    if (!section && i > 0 && isOperatorObject(value)) {
      opaque = true;
    } else if (section) {
      const label = section === 'trigger' ? `trigger #${Number(key) + 1}` : `${section} '${key}'`;
      place = { kind: section, label, bareLabel: label, rest };
    } else if ('do' in value || 'type' in value) {
      const kind = 'do' in value ? 'action' : 'block';
      const tag = kind === 'action' ? value.do : value.type;
      const type = typeof tag === 'string' ? tag : undefined;
      const [label, bareLabel] = nodeLabel(kind, type, upTo, Array.isArray(parent));
      place = { kind, label, bareLabel, rest, ...(type === undefined ? {} : { type }) };
      nodeAt = i;
    }
  }
  return place;
}
