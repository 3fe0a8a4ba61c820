// Issue 25 item 1 and 4: the outline of a real screen, the cursor's block, the palette's entries
// and structure changes that give back the text byte for byte when undone.
import { readFileSync } from 'node:fs';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { libraryOf } from '../../../../src/parts/library';
import { schemaNav } from '../../../../src/studio/editor/schemas';
import { createFieldModel } from '../../../../src/studio/visual/model/fields';
import { buildOutline } from '../../../../src/studio/visual/model/outline';
import { keyAtOffset, offsetOf } from '../../../../src/studio/visual/model/selection';
import { applyEdit, parseText } from '../../../../src/studio/visual/model/textEdits';
import { blockSchemas, searchPalette } from '../../../../src/studio/visual/palette';
import { moveBy } from '../../../../src/studio/visual/structureOps';

const TEXT = readFileSync('screens/loan-details.json', 'utf8');
const model = createFieldModel(schemaNav);
const outlineOf = (text: string) =>
  buildOutline({
    value: parse(text),
    kind: 'screen',
    model,
    library: libraryOf({}),
    expanded: null,
    self: { kind: 'screen', name: 'loan-details' },
  });

describe('outline', () => {
  it('has the page, popups and sources as branches, blocks labelled by their text', () => {
    const outline = outlineOf(TEXT);
    const groups = outline.root.children.map((c) => c.label);
    expect(groups).toEqual(expect.arrayContaining(['Page', 'Popups', 'Data sources']));
    const labels = [...outline.byKey.values()]
      .filter((n) => n.kind === 'block')
      .map((n) => `${n.type} ${n.label}`);
    expect(labels).toContain('button Rollover Repayment');
  });

  it('the cursor inside a block selects that block, and the block is found where it is written', () => {
    const outline = outlineOf(TEXT);
    const parsed = parseText(TEXT);
    const at = TEXT.indexOf('"label": "Rollover Repayment"');
    const key = keyAtOffset(parsed, outline, at + 3)!;
    expect(outline.byKey.get(key)?.label).toBe('Rollover Repayment');
    const start = offsetOf(parsed, parse(TEXT), key)!;
    expect(TEXT.slice(start, at)).toMatch(/^\{\s*"type": "button",\s*$/);
  });

  it('moving a block up and down again gives the text back byte for byte', () => {
    const outline = outlineOf(TEXT);
    const node = [...outline.byKey.values()].find((n) => n.label === 'Rollover Repayment')!;
    const up = moveBy(TEXT, node, -1)!;
    const moved = applyEdit(TEXT, up.edit);
    expect(moved).not.toBe(TEXT);
    const again = outlineOf(moved).byKey.get(up.select!)!;
    expect(again.label).toBe('Rollover Repayment');
    expect(applyEdit(moved, moveBy(moved, again, 1)!.edit)).toBe(TEXT);
  });
});

describe('palette', () => {
  it('offers every block type with a starting value, grouped, and searchable', () => {
    expect(blockSchemas().length).toBeGreaterThan(20);
    expect(blockSchemas().every((b) => b.scaffold.type === b.type)).toBe(true);
    const found = searchPalette('divider');
    expect(found.flatMap((g) => g.entries.map((e) => e.type))).toContain('divider');
  });
});
