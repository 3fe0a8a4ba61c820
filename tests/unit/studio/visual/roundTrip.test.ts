// Issue 25, "Round-trip property test": for every document in screens/ (screens and parts), the
// property panel's model (model/fields.ts for what a block's fields are, model/minimalEdit.ts for
// what writing one does) leaves the text byte for byte when a field is written with the value it
// has, and random panel edits always give JSON that parses, with the value written where it was
// asked and nothing else changed; where the checker refuses the result, the problem is one the
// panel shows on the field edited (PropertyPanel's problemsIn).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { checkPartText, checkScreenText } from '../../../../src/checker/checkText';
import { folderLibrary } from '../../../../src/checker/checkScreens';
import type { Problem } from '../../../../renderer/validate/problem';
import { schemaNav, visualPartNav } from '../../../../src/studio/editor/schemas';
import type { Resolved } from '../../../../src/studio/editor/schemaNav';
import {
  createFieldModel,
  type FieldModel,
  type FieldSpec,
} from '../../../../src/studio/visual/model/fields';
import { minimalEdit } from '../../../../src/studio/visual/model/minimalEdit';
import { buildOutline } from '../../../../src/studio/visual/model/outline';
import { pathOf, pointerOf, valueAtPath } from '../../../../src/studio/visual/model/paths';
import { applyEdit, type Path } from '../../../../src/studio/visual/model/textEdits';
import { problemsOn } from '../../../../src/studio/visual/NodeProblems';
import { problemsIn } from '../../../../src/studio/visual/PropertyPanel';
import { OUTLINED } from '../../../../src/studio/visual/VisualTools';

const DIR = 'screens';
const library = folderLibrary(DIR);
const files = [
  ...readdirSync(DIR)
    .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
    .map((f) => ({ kind: 'screen' as const, file: join(DIR, f) })),
  ...readdirSync(join(DIR, 'parts'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ kind: 'part' as const, file: join(DIR, 'parts', f) })),
];
const models = { screen: createFieldModel(schemaNav), part: createFieldModel(visualPartNav) };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field the panel shows: where it is, and its spec. */
interface Entry {
  path: Path;
  spec: FieldSpec;
}

/** The fields the panel draws for the object at `path` (as PropertyPanel's FieldsIn: nested objects, lists and steps, three deep). */
function entriesOf(
  model: FieldModel,
  here: Resolved,
  value: unknown,
  path: Path,
  skip: ReadonlySet<string> = new Set(),
  depth = 0,
): Entry[] {
  if (!isObject(value)) return [];
  const out: Entry[] = [];
  for (const spec of model.fieldsOf(here, value)) {
    if (spec.name === 'type' || spec.name === 'do' || spec.kind === 'blocks' || skip.has(spec.name)) continue;
    const at = [...path, spec.name];
    const v = value[spec.name];
    out.push({ path: at, spec });
    if (depth >= 3) continue;
    if ((spec.kind === 'object' || spec.kind === 'block') && isObject(v))
      out.push(...entriesOf(model, spec.here, v, at, undefined, depth + 1));
    if ((spec.kind === 'list' || spec.kind === 'actions') && Array.isArray(v))
      v.forEach((item, i) =>
        out.push(
          ...entriesOf(model, model.itemOf(spec.here, i, item), item, [...at, i], undefined, depth + 1),
        ),
      );
  }
  return out;
}

interface Doc {
  kind: 'screen' | 'part';
  name: string;
  text: string;
  value: unknown;
  /** Every block, popup, action… of the outline written in this text, with its panel's fields. */
  nodes: { path: Path; entries: Entry[]; fields: string[] }[];
}

const docs: Doc[] = files.map(({ kind, file }) => {
  const text = readFileSync(file, 'utf8');
  const value: unknown = parse(text);
  const model = models[kind];
  const name = basename(file, '.json');
  const outline = buildOutline({ value, kind, model, library, expanded: null, self: { kind, name } });
  const nodes = [...outline.byKey.values()]
    .filter((n) => n.pointer !== null && n.kind !== 'group')
    .map((n) => {
      const path = pathOf(n.pointer!, value);
      const here = model.nav.resolve(path, value);
      const at = valueAtPath(value, path);
      // The fields its panel shows (VisualTools: the screen's own, without its outlined branches).
      const skip = n.kind === 'screen' ? OUTLINED : new Set<string>();
      const fields = model
        .fieldsOf(here, at)
        .filter((f) => f.name !== 'type' && f.name !== 'do' && !skip.has(f.name))
        .map((f) => pointerOf([...path, f.name]));
      return { path, entries: entriesOf(model, here, at, path, skip), fields };
    });
  return { kind, name, text, value, nodes };
});

describe('the panel round trip, every document of screens/', () => {
  it('finds the documents and their blocks', () => {
    expect(docs.length).toBeGreaterThan(25);
    expect(docs.filter((d) => d.kind === 'part').length).toBeGreaterThan(0);
    expect(docs.reduce((n, d) => n + d.nodes.length, 0)).toBeGreaterThan(500);
  });

  for (const doc of docs)
    it(`${doc.kind} ${doc.name}: writing each selected block and each of its fields with the value it has leaves the text byte for byte`, () => {
      let fields = 0;
      for (const node of doc.nodes) {
        expect(applyEdit(doc.text, minimalEdit(doc.text, node.path, valueAtPath(doc.value, node.path)))).toBe(
          doc.text,
        );
        for (const { path } of node.entries) {
          const value = valueAtPath(doc.value, path);
          if (value === undefined) continue;
          fields++;
          expect(minimalEdit(doc.text, path, value), pointerOf(path)).toBeNull();
        }
      }
      expect(fields).toBeGreaterThan(0);
    });
});

/** The value at `path` in a copy of `value` set to `to` (removed when undefined). */
function setIn(value: unknown, path: Path, to: unknown): unknown {
  const copy = structuredClone(value);
  let at = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (!isObject(at[key]) && !Array.isArray(at[key])) at[key] = {};
    at = at[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (to !== undefined) at[last] = to;
  else if (Array.isArray(at)) at.splice(last as number, 1);
  else delete at[last];
  return copy;
}

/** What a control of the panel may write into a field of this kind (undefined: the field emptied). */
function panelValue(spec: FieldSpec, current: unknown): fc.Arbitrary<unknown> {
  const empty = spec.required ? [] : [fc.constant(undefined)];
  const text = fc
    .string({ unit: 'binary', maxLength: 24 })
    .map((s) => (s === '' && !spec.required ? undefined : s));
  switch (spec.kind) {
    case 'boolean':
      return fc.boolean();
    case 'number':
      return fc.oneof(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
        ...empty,
      );
    case 'enum':
      return fc.constantFrom(...(spec.options ?? [null]), ...(spec.required ? [] : [undefined]));
    case 'color':
      return fc.oneof(
        fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0').toUpperCase()}`),
        text,
      );
    case 'list':
    case 'actions':
      if (Array.isArray(current) && current.length > 0)
        return fc.oneof(
          // remove an item, move one, add a copy of the last (the list's buttons)
          fc.nat(current.length - 1).map((i) => current.filter((_, j) => j !== i)),
          fc.nat(current.length - 1).map((i) => {
            const next = [...current];
            const [item] = next.splice(i, 1);
            next.splice(Math.max(0, i - 1), 0, item);
            return next;
          }),
          fc.constant([...current, structuredClone(current[current.length - 1])]),
        );
      return fc.jsonValue({ maxDepth: 2 });
    case 'text':
    case 'string':
    case 'statePath':
    case 'image':
    case 'expr':
      return typeof current === 'string' || current === undefined ? text : fc.jsonValue({ maxDepth: 2 });
    default:
      // the JSON box (conditions as expressions, objects past three deep, anything else)
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), ...empty);
  }
}

const checkerOf = (doc: Doc, text: string) =>
  doc.kind === 'screen'
    ? checkScreenText(text, { id: doc.name, library })
    : checkPartText(text, { name: doc.name, library });
const errorsOf = (problems: readonly Problem[]) =>
  problems.filter((p) => p.severity === 'error').map((p) => `${p.pointer} ${p.message}`);
const baseline = new Map<Doc, Set<string>>();

/** Whether the panel of `node` shows `p`: above its fields (about the node itself) or on one of them. */
const panelShows = (node: Doc['nodes'][number], p: Problem) =>
  problemsOn([p], pointerOf(node.path)).length > 0 || node.fields.some((f) => problemsIn([p], f).length > 0);

describe('random panel edits', () => {
  /** [document, node, field of its panel, value written]: indices, so that a counterexample prints short. */
  const edits = fc
    .nat(docs.length - 1)
    .chain((d) => fc.nat(docs[d]!.nodes.length - 1).map((n) => [d, n] as const))
    .filter(([d, n]) => docs[d]!.nodes[n]!.entries.length > 0)
    .chain(([d, n]) => {
      const entries = docs[d]!.nodes[n]!.entries;
      return fc.nat(entries.length - 1).chain((e) => {
        const value = panelValue(entries[e]!.spec, valueAtPath(docs[d]!.value, entries[e]!.path));
        return value.map((v) => [d, n, e, v] as const);
      });
    })
    .filter(([d, n, e, v]) => valueAtPath(docs[d]!.value, docs[d]!.nodes[n]!.entries[e]!.path) !== v);

  it('always give JSON that parses, with the value written where it was asked and nothing else changed; what the checker refuses shows in the panel, on the field it concerns', () => {
    let refused = 0;
    let onTheField = 0;
    fc.assert(
      fc.property(edits, ([d, n, e, value]) => {
        const doc = docs[d]!;
        const node = doc.nodes[n]!;
        const entry = node.entries[e]!;
        const after = applyEdit(doc.text, minimalEdit(doc.text, entry.path, value));
        const parsed: unknown = JSON.parse(after);
        // (as JSON holds it: -0 is written 0)
        expect(parsed).toEqual(JSON.parse(JSON.stringify(setIn(doc.value, entry.path, value))));

        if (!baseline.has(doc)) baseline.set(doc, new Set(errorsOf(checkerOf(doc, doc.text).problems)));
        const before = baseline.get(doc)!;
        const fresh = checkerOf(doc, after).problems.filter(
          (p) => p.severity === 'error' && !before.has(`${p.pointer} ${p.message}`),
        );
        if (fresh.length === 0) return;
        refused++;
        if (problemsIn(fresh, pointerOf(entry.path)).length > 0) onTheField++;
        expect(
          fresh.some((p) => panelShows(node, p)),
          `${doc.name} ${pointerOf(entry.path)} = ${JSON.stringify(value)}: ${fresh.map((p) => `${p.pointer} ${p.message}`).join('; ')}`,
        ).toBe(true);
      }),
      {
        numRuns: Number(process.env.ROUND_TRIP_RUNS ?? 200),
        seed: Number(process.env.ROUND_TRIP_SEED ?? 25),
      },
    );
    // The runs do reach the checker's refusals, and most land on the very field edited.
    expect(refused).toBeGreaterThan(20);
    expect(onTheField / refused).toBeGreaterThan(0.8);
    // (each run checks the document against the whole library: seconds alone, more on a busy machine)
  }, 120_000);
});
