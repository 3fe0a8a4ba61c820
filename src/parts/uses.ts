// Parts used in lists of blocks ({"type": "part"}) and actions ({"do": "part"}): each use is
// replaced by the part's blocks or actions, with its arguments in place, and the parts those use
// are expanded in turn. A part that uses itself (directly or not) is refused, and so is nesting
// deeper than MAX_DEPTH or more than MAX_USES uses in one screen (a part used twice by a part
// used twice... grows exponentially: the server must not be made to build a huge document).
import { didYouMean } from '../../renderer/validate/suggest';
import type { Problem } from '../../renderer/validate/problem';
import { problemAt } from './issues';
import { MAX_DEPTH, MAX_USES } from './limits';
import { refKey, type DocRef, type Library } from './library';
import { deeper, deeperPath, type Origin, type SourceMap } from './origins';
import { bind, substitute, unusedWarnings } from './params';
import { checkPiece, isValidPart } from './validate';

export interface Expansion {
  lib: Library;
  map: SourceMap;
  issues: Problem[];
  /** Every document the result was made from (parts, a base screen). */
  used: Map<string, DocRef>;
  uses: number;
  /** Who uses the parts, for messages said at a part's declarations ("screen 'joint-fail'"). */
  user: string;
  /** A part checked on its own: required values take stand-ins, unused parameters are warned. */
  alone?: boolean;
}

type Kind = 'block' | 'action';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const partUseKind = (v: unknown): Kind | null =>
  !isObject(v) ? null : v.type === 'part' ? 'block' : v.do === 'part' ? 'action' : null;

/** The part's blocks or actions for one use, expanded; nothing when the use is wrong (reported). */
function expandUse(
  use: Record<string, unknown>,
  at: Origin,
  kind: Kind,
  stack: string[],
  x: Expansion,
): unknown[] {
  const shape = checkPiece(
    kind === 'block' ? 'useBlock' : 'useAction',
    use,
    `the use of part '${String(use.part)}'`,
  );
  for (const p of shape) x.issues.push(problemAt(deeperPath(at, p.pointer), 'part-ref', p.message));
  if (shape.length > 0) return [];
  const name = use.part as string;
  const partAt = deeper(at, 'part');
  const entry = x.lib.get('part', name);
  if (!entry) {
    x.issues.push(
      problemAt(
        partAt,
        'part-ref',
        `there is no part '${name}' (screens/parts/${name}.json)${didYouMean(name, x.lib.names('part'))}`,
      ),
    );
    return [];
  }
  const ref: DocRef = { kind: 'part', name };
  x.used.set(refKey(ref), ref);
  if (stack.includes(name)) {
    x.issues.push(
      problemAt(
        partAt,
        'part-cycle',
        `part '${name}' uses itself: ${[...stack, name].join(' → ')}; a part cannot contain itself`,
      ),
    );
    return [];
  }
  if (stack.length >= MAX_DEPTH) {
    x.issues.push(
      problemAt(
        partAt,
        'part-depth',
        `parts are nested more than ${MAX_DEPTH} deep here (${[...stack, name].join(' → ')})`,
      ),
    );
    return [];
  }
  if (++x.uses > MAX_USES) {
    if (x.uses === MAX_USES + 1)
      x.issues.push(
        problemAt(
          partAt,
          'part-size',
          `this screen uses parts more than ${MAX_USES} times once expanded: it would be too big for a phone`,
        ),
      );
    return [];
  }
  const part = entry.value;
  if (!isObject(part) || !isValidPart(part)) {
    x.issues.push(
      problemAt(partAt, 'part-ref', `part '${name}' has errors: fix screens/parts/${name}.json first`),
    );
    return [];
  }
  const field = kind === 'block' ? 'blocks' : 'actions';
  if (!Array.isArray(part[field])) {
    const has = Array.isArray(part.blocks) ? 'blocks' : Array.isArray(part.actions) ? 'actions' : 'a screen';
    x.issues.push(
      problemAt(
        partAt,
        'part-kind',
        has === 'a screen'
          ? `part '${name}' is a whole screen: a screen uses it with "variantOf": "parts/${name}", not in a list of ${field}`
          : `part '${name}' is made of ${has}: use it ${has === 'blocks' ? 'in a list of blocks ({"type": "part"})' : 'in a list of actions ({"do": "part"})'}`,
      ),
    );
    return [];
  }
  const bodyAt: Origin = { doc: ref, pointer: `/${field}`, via: at };
  const body = x.map.copy(part[field], bodyAt) as unknown[];
  const scope = bind(
    {
      declarations: part.parameters,
      declaredAt: { doc: ref, pointer: '/parameters', via: at },
      owner: `part '${name}'`,
      args: use.with,
      argsAt: deeper(at, 'with'),
      useAt: partAt,
      user: x.user,
      standIns: x.alone === true && stack.length === 0,
    },
    x.issues,
  );
  substitute(body, bodyAt, scope, x.map, x.issues);
  if (x.alone && stack.length === 0) unusedWarnings(scope, x.issues);
  expandIn(body, bodyAt, [...stack, name], x);
  return body;
}

/**
 * Expands, in place, every use of a part inside `node`: items of lists are replaced by the part's
 * items; a use standing alone (a block's `fallback`) by its only block.
 */
export function expandIn(
  node: unknown,
  at: Origin,
  stack: string[],
  x: Expansion,
  skip: readonly string[] = [],
): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item = node[i];
      const itemAt = (isObject(item) && x.map.originOf(item)) || deeper(at, i);
      const kind = partUseKind(item);
      if (kind) {
        const items = expandUse(item as Record<string, unknown>, itemAt, kind, stack, x);
        node.splice(i, 1, ...items);
        i += items.length - 1;
      } else expandIn(item, itemAt, stack, x);
    }
    return;
  }
  if (!isObject(node)) return;
  for (const key of Object.keys(node)) {
    if (skip.includes(key)) continue;
    const value = node[key];
    const valueAt = (typeof value === 'object' && value !== null && x.map.originOf(value)) || deeper(at, key);
    const kind = partUseKind(value);
    if (!kind) {
      expandIn(value, valueAt, stack, x);
      continue;
    }
    const items = expandUse(value as Record<string, unknown>, valueAt, kind, stack, x);
    if (items.length === 1) x.map.put(node, key, items[0], valueAt);
    else {
      // None: the use was wrong and said so already.
      if (items.length > 1)
        x.issues.push(
          problemAt(
            valueAt,
            'part-kind',
            `'${key}' holds one ${kind}, but part '${String((value as { part?: unknown }).part)}' gives ${items.length}: use it in a list`,
          ),
        );
      delete node[key];
    }
  }
}
