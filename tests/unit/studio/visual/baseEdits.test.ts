// Issue 25 task 2: a field of a block the variant does not write (loan confirm's apply button is
// parts/loan-confirm's) changes where this screen can say it: the parameter it gives, or a change
// of that block; the base's text stays out of the diff.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { libraryOf } from '../../../../src/parts/library';
import { resolveScreen } from '../../../../src/parts/resolve';
import { baseFieldEdit, type BaseBlock } from '../../../../src/studio/visual/model/baseEdits';
import { pathOf } from '../../../../src/studio/visual/model/paths';
import { applyEdit } from '../../../../src/studio/visual/model/textEdits';
import { drawnBlocks } from '../../../../src/studio/visual/model/outline';
import { createFieldModel } from '../../../../src/studio/visual/model/fields';
import { schemaNav } from '../../../../src/studio/editor/schemas';

const TEXT = readFileSync('screens/loan-confirm.json', 'utf8');
const library = libraryOf({
  parts: { 'loan-confirm': readFileSync('screens/parts/loan-confirm.json', 'utf8') },
});

function goLoan(text: string): BaseBlock {
  const r = resolveScreen(JSON.parse(text), 'loan-confirm', library);
  const found = drawnBlocks(createFieldModel(schemaNav), r.doc).find((b) => b.value.id === 'go-loan')!;
  return {
    id: 'go-loan',
    expandedPath: pathOf(found.pointer, r.doc),
    expanded: r.doc,
    origin: r.origin,
    mine: (o) => o.doc.kind === 'screen' && o.doc.name === 'loan-confirm',
  };
}

const changed = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
};

describe('baseFieldEdit', () => {
  it('changes a label given as a parameter where this screen gives it', () => {
    const after = applyEdit(TEXT, baseFieldEdit(TEXT, goLoan(TEXT), ['label'], 'Apply now'));
    expect(changed(TEXT, after)).toEqual({
      removed: ['    "goLabel": "Go Loan >",'],
      added: ['    "goLabel": "Apply now",'],
    });
  });

  it('makes a field the base gives or lacks a change of the block, then changes that change', () => {
    const first = applyEdit(TEXT, baseFieldEdit(TEXT, goLoan(TEXT), ['color'], '#0A7D3C'));
    expect(JSON.parse(first).changes).toEqual([{ block: 'go-loan', set: { color: '#0A7D3C' } }]);
    expect(JSON.parse(first).with).toEqual(JSON.parse(TEXT).with);
    const second = applyEdit(first, baseFieldEdit(first, goLoan(first), ['color'], '#123456'));
    expect(changed(first, second).added).toEqual([expect.stringContaining('"color": "#123456"')]);
    // The phone's block has the new colour.
    const drawn = resolveScreen(JSON.parse(second), 'loan-confirm', library).doc;
    const block = drawnBlocks(createFieldModel(schemaNav), drawn).find((b) => b.value.id === 'go-loan');
    expect(block?.value.color).toBe('#123456');
  });

  it('a removed field is set to null (left out), and a field deep in an object is written whole', () => {
    const base = goLoan(TEXT);
    const removed = applyEdit(TEXT, baseFieldEdit(TEXT, base, ['disabled'], undefined));
    expect(JSON.parse(removed).changes).toEqual([{ block: 'go-loan', set: { disabled: null } }]);
    const styled = applyEdit(removed, baseFieldEdit(removed, goLoan(removed), ['style', 'tone'], 'primary'));
    expect(JSON.parse(styled).changes[0].set).toEqual({ disabled: null, style: { tone: 'primary' } });
  });

  it('reads a text with comments, as the editor does (a comment does not throw)', () => {
    const commented = TEXT.replace('"with": {', '"with": { // what the part is given');
    const edit = baseFieldEdit(commented, goLoan(TEXT), ['label'], 'Apply now');
    expect(applyEdit(commented, edit)).toContain('"goLabel": "Apply now"');
    expect(applyEdit(commented, edit)).toContain('// what the part is given');
  });
});
