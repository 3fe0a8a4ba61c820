// A screen as ops wrote it -> the plain screen the phone renders, with its source map and the
// problems found on the way. A screen that uses nothing of the source language (no part, no
// variant, no parameters) is returned as it is. Otherwise:
//   1. a variant starts from a copy of its base (another screen, or a screen part) and applies its
//      changes and its own screen fields; any other screen starts from a copy of itself;
//   2. the parameters' values (the variant's `with`, else the defaults) are put in place;
//   3. every part used in a list of blocks or actions is expanded (recursively);
//   4. the source language's own fields are left out.
// A variant's base may not itself be a variant (docs/decisions.md, issue 18).
import { splitPointer } from '../../renderer/validate/pointer';
import { didYouMean } from '../../renderer/validate/suggest';
import { applyChanges, overrideFields } from './changes';
import type { Problem } from '../../renderer/validate/problem';
import { problemAt } from './issues';
import { refKey, type DocRef, type Library } from './library';
import { deeper, deeperPath, SourceMap, type Origin } from './origins';
import { bind, checkDefaults, isPlaceholder, substitute, unusedWarnings, type Scope } from './params';
import { expandIn, partUseKind, type Expansion } from './uses';
import { checkPiece, isValidPart } from './validate';

export interface Resolution {
  /** The expanded document, or null when it could not be made (`issues` says why). */
  doc: unknown;
  /** Where the value at a pointer of `doc` was written. */
  origin(pointer: string): Origin;
  issues: Problem[];
  /** The documents it was made from besides itself: its base, the parts it uses (at any depth). */
  dependsOn: DocRef[];
  /** False when the document uses nothing of the source language (`doc` is the input itself). */
  expanded: boolean;
}

/** The fields only the source language has: never in what the phone gets. */
export const SOURCE_FIELDS = ['variantOf', 'with', 'changes', 'parameters'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether anything in `value` is a part used, a placeholder or a source field. */
export function usesSource(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (SOURCE_FIELDS.some((f) => f in value)) return true;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      if (partUseKind(node) || isPlaceholder(node)) return true;
      stack.push(...Object.values(node));
    }
  }
  return false;
}

function identity(value: unknown, self: DocRef): Resolution {
  return {
    doc: value,
    origin: (pointer) => ({ doc: self, pointer, via: null }),
    issues: [],
    dependsOn: [],
    expanded: false,
  };
}

/** A resolution that could not make a document: the issues say why. */
const failed = (top: Origin, issues: Problem[]): Resolution => ({
  doc: null,
  origin: () => top,
  issues,
  dependsOn: [],
  expanded: true,
});

/** The resolution of an expanded document. */
const done = (
  root: Record<string, unknown>,
  map: SourceMap,
  issues: Problem[],
  x: Expansion,
): Resolution => ({
  doc: root,
  origin: (pointer) => map.at(root, splitPointer(pointer)),
  issues,
  dependsOn: [...x.used.values()],
  expanded: true,
});

interface Base {
  ref: DocRef;
  /** Pointer of the screen fields in the base document ('' or '/screen'). */
  at: string;
  fields: Record<string, unknown>;
  parameters: unknown;
}

function baseOf(variantOf: string, self: DocRef, lib: Library, at: Origin, issues: Problem[]): Base | null {
  const fail = (message: string, keyword = 'variant-base') => {
    issues.push(problemAt(at, keyword, message));
    return null;
  };
  if (variantOf.startsWith('parts/')) {
    const name = variantOf.slice('parts/'.length);
    const part = lib.get('part', name)?.value;
    if (part === undefined)
      return fail(
        `there is no part '${name}' (screens/parts/${name}.json)${didYouMean(name, lib.names('part'))}`,
      );
    if (!isObject(part) || !isValidPart(part))
      return fail(`part '${name}' has errors: fix screens/parts/${name}.json first`);
    if (!isObject(part.screen))
      return fail(
        `part '${name}' is made of ${Array.isArray(part.blocks) ? 'blocks' : 'actions'}, not a whole screen: a variant's base is a screen or a screen part ({"screen": {...}})`,
      );
    if ('variantOf' in part.screen) return fail(`screen part '${name}' cannot itself be a variant`);
    return { ref: { kind: 'part', name }, at: '/screen', fields: part.screen, parameters: part.parameters };
  }
  if (variantOf === self.name) return fail('a screen cannot be a variant of itself');
  const base = lib.get('screen', variantOf)?.value;
  if (base === undefined)
    return fail(
      `there is no screen '${variantOf}' (screens/${variantOf}.json)${didYouMean(variantOf, lib.names('screen'))}`,
    );
  if (!isObject(base)) return fail(`screen '${variantOf}' is not a JSON object: fix it first`);
  if (typeof base.variantOf === 'string')
    return fail(
      `'${variantOf}' is itself a variant (of '${base.variantOf}'), and a variant of a variant is not allowed: make this screen a variant of '${base.variantOf}' with the changes it needs, or move what they share into a screen part (parts/<name>)`,
      'variant-of-variant',
    );
  return { ref: { kind: 'screen', name: variantOf }, at: '', fields: base, parameters: base.parameters };
}

/**
 * Expands the screen `value` (its id `self`) against `lib`, where its base and the parts it uses
 * are found. A variant's parameters are its base's, given in `with`; any other screen is shown
 * with its own parameters' defaults.
 */
export function resolveScreen(value: unknown, self: string, lib: Library): Resolution {
  const ref: DocRef = { kind: 'screen', name: self };
  if (!usesSource(value)) return identity(value, ref);
  const doc = value as Record<string, unknown>;
  const map = new SourceMap();
  const issues: Problem[] = [];
  const x: Expansion = { lib, map, issues, used: new Map(), uses: 0, user: `screen '${self}'` };
  const top: Origin = { doc: ref, pointer: '', via: null };
  const field = (name: string) => deeper(top, name);
  const pieceIssues = (piece: Parameters<typeof checkPiece>[0], name: string, label: string) => {
    if (!(name in doc)) return 0;
    const found = checkPiece(piece, doc[name], label);
    for (const p of found) issues.push(problemAt(deeperPath(field(name), p.pointer), 'variant', p.message));
    return found.length;
  };

  let root: Record<string, unknown>;
  let scope: Scope;
  if ('variantOf' in doc) {
    if (pieceIssues('variantOf', 'variantOf', "'variantOf'") + pieceIssues('arguments', 'with', "'with'") > 0)
      return failed(top, issues);
    const misplaced = ['parameters', 'body'].filter((f) => f in doc);
    for (const f of misplaced)
      issues.push(
        problemAt(
          field(f),
          'variant',
          f === 'body'
            ? "a variant has no body of its own: it changes its base's blocks with 'changes'"
            : "a variant cannot declare parameters (its base declares them; a variant's base cannot itself be a variant)",
        ),
      );
    const base = baseOf(doc.variantOf as string, ref, lib, field('variantOf'), issues);
    if (!base) return failed(top, issues);
    x.used.set(refKey(base.ref), base.ref);
    const baseAt: Origin = { doc: base.ref, pointer: base.at, via: field('variantOf') };
    root = map.copy(base.fields, baseAt) as Record<string, unknown>;
    for (const f of [...SOURCE_FIELDS, 'id', '$schema']) delete root[f];
    const label = base.ref.kind === 'part' ? `screen part '${base.ref.name}'` : `screen '${base.ref.name}'`;
    applyChanges(
      root,
      doc.changes,
      field('changes'),
      { label, at: baseAt, user: `screen '${self}'` },
      map,
      issues,
    );
    overrideFields(root, doc, top, [...SOURCE_FIELDS, 'body'], map);
    scope = bind(
      {
        declarations: base.parameters,
        declaredAt: { doc: base.ref, pointer: '/parameters', via: field('variantOf') },
        owner: label,
        args: doc.with,
        argsAt: field('with'),
        useAt: field('variantOf'),
        user: `screen '${self}'`,
      },
      issues,
    );
  } else {
    for (const f of ['with', 'changes'].filter((k) => k in doc))
      issues.push(
        problemAt(field(f), 'variant', `'${f}' belongs to a variant: name its base in 'variantOf'`),
      );
    pieceIssues('parameters', 'parameters', "'parameters'");
    root = map.copy(doc, top) as Record<string, unknown>;
    const declarations = isObject(doc.parameters) ? doc.parameters : {};
    checkDefaults(declarations, field('parameters'), issues);
    for (const [name, d] of Object.entries(declarations))
      if (isObject(d) && !('default' in d))
        issues.push(
          problemAt(
            deeper(field('parameters'), name),
            'part-parameter-missing',
            `parameter '${name}' needs a default: this screen itself is shown with the defaults`,
          ),
        );
    scope = bind(
      {
        declarations,
        declaredAt: field('parameters'),
        owner: `screen '${self}'`,
        args: {},
        argsAt: field('with'),
        useAt: top,
        user: `screen '${self}'`,
        standIns: true,
      },
      [],
    );
  }
  substitute(root, map.originOf(root) ?? top, scope, map, issues);
  if (!('variantOf' in doc)) unusedWarnings(scope, issues);
  for (const f of SOURCE_FIELDS) delete root[f];
  // Initial state is data: a {"type": "part"} there is a value, not a use.
  expandIn(root, map.originOf(root) ?? top, [], x, ['state']);
  return done(root, map, issues, x);
}

/**
 * A part on its own, as its author checks it: expanded with its defaults (a stand-in of its type
 * for a required parameter) into a screen of its kind, for the screen's validators. Its unused
 * parameters are warnings. The screen's id is `part-<name>`.
 */
export function resolvePartAlone(value: unknown, name: string, lib: Library): Resolution {
  const ref: DocRef = { kind: 'part', name };
  const top: Origin = { doc: ref, pointer: '', via: null };
  const issues: Problem[] = [];
  for (const p of checkPiece('part', value, 'the part'))
    issues.push(problemAt(deeperPath(top, p.pointer), 'part', p.message));
  if (issues.length > 0 || !isObject(value)) return failed(top, issues);
  if (value.part !== name)
    issues.push(
      problemAt(
        deeper(top, 'part'),
        'id',
        `the part's name '${String(value.part)}' does not match its file name (${name}.json): make it '${name}'`,
      ),
    );
  const map = new SourceMap();
  const x: Expansion = { lib, map, issues, used: new Map(), uses: 0, user: `part '${name}'`, alone: true };
  const id = `part-${name}`;
  checkDefaults(value.parameters, deeper(top, 'parameters'), issues);
  if (isObject(value.screen)) {
    const root = map.copy(
      { schemaVersion: value.schemaVersion, ...value.screen, id },
      deeper(top, 'screen'),
    ) as Record<string, unknown>;
    const scope = bind(
      {
        declarations: value.parameters,
        declaredAt: deeper(top, 'parameters'),
        owner: `screen part '${name}'`,
        args: {},
        argsAt: top,
        useAt: top,
        user: `part '${name}'`,
        standIns: true,
      },
      issues,
    );
    substitute(root, deeper(top, 'screen'), scope, map, issues);
    unusedWarnings(scope, issues);
    expandIn(root, deeper(top, 'screen'), [name], x, ['state']);
    return done(root, map, issues, x);
  }
  const blocks = Array.isArray(value.blocks);
  // The use stands for the part's root, so what it expands to maps into the part.
  const use = map.copy(blocks ? { type: 'part', part: name } : { do: 'part', part: name }, top);
  const root: Record<string, unknown> = { schemaVersion: 1, id, title: name, body: blocks ? [use] : [] };
  if (!blocks) root.onLoad = [use];
  map.mark(root, top);
  const list = (blocks ? root.body : root.onLoad) as unknown[];
  expandIn(list, top, [], x);
  return done(root, map, issues, x);
}
