// Issue 25 item 4: a block goes inside a container (an empty one too) and out of it, by the phone's
// drop, the outline's and the keys (Alt+→, Alt+←), with one rule of what may hold blocks
// (structureOps.holdsBlocks); each move rewrites only the moved block's lines.
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { libraryOf } from '../../../../src/parts/library';
import { resolveScreen } from '../../../../src/parts/resolve';
import { schemaNav } from '../../../../src/studio/editor/schemas';
import { createFieldModel } from '../../../../src/studio/visual/model/fields';
import { buildOutline, type Outline } from '../../../../src/studio/visual/model/outline';
import { applyEdit } from '../../../../src/studio/visual/model/textEdits';
import {
  holdsBlocks,
  moveIn,
  moveOut,
  moveTo,
  phoneTargets,
} from '../../../../src/studio/visual/structureOps';

const model = createFieldModel(schemaNav);
const library = libraryOf({
  parts: Object.fromEntries(
    readdirSync('screens/parts')
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), readFileSync(`screens/parts/${f}`, 'utf8')]),
  ),
});
const outlineOf = (text: string, expand = false): Outline => {
  const value = parse(text);
  const r = expand ? resolveScreen(value, 'nest', library) : null;
  return buildOutline({
    value,
    kind: 'screen',
    model,
    library,
    expanded: r?.doc ? { doc: r.doc, origin: r.origin } : null,
    self: { kind: 'screen', name: 'nest' },
  });
};

const TEXT = `{
  "schemaVersion": 1,
  "id": "nest",
  "title": "Nest",
  "body": [
    {
      "type": "section",
      "children": [
        { "type": "text", "text": "One" },
        { "type": "text", "text": "Two" }
      ]
    },
    { "type": "divider" },
    { "type": "section", "title": "Empty" },
    { "type": "text", "text": "Last" }
  ]
}
`;

const byLabel = (outline: Outline, label: string) =>
  [...outline.byKey.values()].find((n) => n.label === label || n.type === label)!;
const lines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
};

describe('what may hold blocks', () => {
  it('a container does, an empty one too (its list is the schema’s); a leaf block does not', () => {
    const outline = outlineOf(TEXT);
    expect(holdsBlocks(outline.byKey.get('/body/0')!)).toBe(true);
    expect(holdsBlocks(byLabel(outline, 'Empty'))).toBe(true);
    expect(holdsBlocks(byLabel(outline, 'divider'))).toBe(false);
    expect(holdsBlocks(byLabel(outline, 'Last'))).toBe(false);
  });
});

describe('moving inside', () => {
  it('puts a block first in a container ("inside-first"), as the phone’s upper band does', () => {
    const outline = outlineOf(TEXT);
    const change = moveTo(TEXT, byLabel(outline, 'Last'), outline.byKey.get('/body/0')!, 'inside-first')!;
    const after = applyEdit(TEXT, change.edit);
    expect(parse(after).body[0].children.map((c: { text: string }) => c.text)).toEqual([
      'Last',
      'One',
      'Two',
    ]);
    expect(change.select).toBe('/body/0/children/0');
  });

  it('writes the list of an empty container when the first block goes in, touching no other line', () => {
    const outline = outlineOf(TEXT);
    const change = moveTo(TEXT, byLabel(outline, 'divider'), byLabel(outline, 'Empty'), 'inside')!;
    const after = applyEdit(TEXT, change.edit);
    expect(parse(after).body[1]).toEqual({
      type: 'section',
      title: 'Empty',
      children: [{ type: 'divider' }],
    });
    const { removed } = lines(TEXT, after);
    expect(removed).toEqual(['    { "type": "divider" },', '    { "type": "section", "title": "Empty" },']);
  });

  it('refuses inside a block that holds none', () => {
    const outline = outlineOf(TEXT);
    expect(moveTo(TEXT, byLabel(outline, 'Last'), byLabel(outline, 'divider'), 'inside')).toBeNull();
    expect(moveTo(TEXT, byLabel(outline, 'Last'), byLabel(outline, 'divider'), 'inside-first')).toBeNull();
  });
});

describe('the keys: Alt+→ into the block above, Alt+← out of the one around', () => {
  it('Alt+→ moves a block to the end of the container just above it, an empty one too', () => {
    const outline = outlineOf(TEXT);
    const last = moveIn(TEXT, outline, byLabel(outline, 'Last'))!;
    const after = applyEdit(TEXT, last.edit);
    expect(parse(after).body[2]).toEqual({
      type: 'section',
      title: 'Empty',
      children: [{ type: 'text', text: 'Last' }],
    });
    expect(last.select).toBe('/body/2/children/0');
    const divider = moveIn(TEXT, outline, byLabel(outline, 'divider'))!;
    expect(parse(applyEdit(TEXT, divider.edit)).body[0].children.at(-1)).toEqual({ type: 'divider' });
  });

  it('Alt+→ does nothing under a block that holds none, or for the first of a list', () => {
    const outline = outlineOf(TEXT);
    expect(moveIn(TEXT, outline, byLabel(outline, 'Empty'))).toBeNull();
    expect(moveIn(TEXT, outline, byLabel(outline, 'One'))).toBeNull();
  });

  it('Alt+← moves a block out to just after its container; Alt+→ takes it back in, byte for byte', () => {
    const outline = outlineOf(TEXT);
    const out = moveOut(TEXT, outline, byLabel(outline, 'Two'))!;
    const after = applyEdit(TEXT, out.edit);
    expect(parse(after).body.map((b: { type: string }) => b.type)).toEqual([
      'section',
      'text',
      'divider',
      'section',
      'text',
    ]);
    expect(out.select).toBe('/body/1');
    const back = moveIn(after, outlineOf(after), outlineOf(after).byKey.get('/body/1')!)!;
    expect(applyEdit(after, back.edit)).toBe(TEXT);
  });

  it('Alt+← does nothing for a block of the page itself', () => {
    const outline = outlineOf(TEXT);
    expect(moveOut(TEXT, outline, byLabel(outline, 'Last'))).toBeNull();
  });
});

describe('what the phone may drag and drop into', () => {
  it('names the phone’s places of the blocks written here and of the containers, an empty one too', () => {
    const targets = phoneTargets(outlineOf(TEXT, true));
    expect(targets.movable.sort()).toEqual([
      '/body/0',
      '/body/0/children/0',
      '/body/0/children/1',
      '/body/1',
      '/body/2',
      '/body/3',
    ]);
    expect(targets.containers.sort()).toEqual(['/body/0', '/body/2']);
  });

  it('a part’s blocks move as the part’s use and are not containers here (the part is written elsewhere)', () => {
    const text = TEXT.replace('{ "type": "divider" },', '{ "type": "part", "part": "recommended-product" },');
    const outline = outlineOf(text, true);
    const targets = phoneTargets(outline);
    const inPart = outline.expandedOf('/body/1');
    expect(inPart.length).toBeGreaterThan(1);
    expect(targets.movable).toEqual(expect.arrayContaining(inPart));
    expect(targets.containers.filter((p) => p.startsWith('/body/1'))).toEqual([]);
  });
});
