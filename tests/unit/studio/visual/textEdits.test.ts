// Issue 25 item 7: a visual change rewrites only the lines it touches, in the style of the lines
// around it, and keeps everything else byte for byte.
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  insertItem,
  parseText,
  removeAt,
  render,
  setValue,
  styleOf,
  type Path,
} from '../../../../src/studio/visual/model/textEdits';
import { deleteItem, duplicateItem, moveItem, wrapItem } from '../../../../src/studio/visual/model/structure';

const EXPANDED = `{
  "id": "x",
  "body": [
    {
      "type": "text",
      "text": "Hello"
    },
    {
      "type": "button",
      "label": "Go"
    }
  ]
}
`;
const COMPACT = `{
  "id": "x",
  "body": [
    { "type": "divider" },
    { "type": "text", "text": "Hello", "style": { "align": "center" } }
  ]
}
`;

const set = (text: string, path: Path, value: unknown) =>
  applyEdit(text, setValue(parseText(text), path, value));
const lines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  return { removed: a.filter((l) => !b.includes(l)), added: b.filter((l) => !a.includes(l)) };
};

describe('text edits', () => {
  it('replaces a value where it is written', () => {
    const after = set(EXPANDED, ['body', 0, 'text'], 'Hi there');
    expect(lines(EXPANDED, after)).toEqual({
      removed: ['      "text": "Hello"'],
      added: ['      "text": "Hi there"'],
    });
  });

  it('setting the value already there changes nothing', () => {
    expect(setValue(parseText(EXPANDED), ['body', 1, 'label'], 'Go')).toBeNull();
    expect(setValue(parseText(COMPACT), ['body', 1, 'style'], { align: 'center' })).toBeNull();
  });

  it('adds a field on its own line after the last one, in the document style', () => {
    const after = set(EXPANDED, ['body', 1, 'visible'], { $: 'data.ok' });
    expect(lines(EXPANDED, after)).toEqual({
      removed: ['      "label": "Go"'],
      added: ['      "label": "Go",', '      "visible": {', '        "$": "data.ok"', '      }'],
    });
    const compact = set(COMPACT, ['body', 0, 'id'], 'line');
    expect(compact).toContain('{ "type": "divider", "id": "line" }');
    expect(JSON.parse(compact)).toEqual({
      id: 'x',
      body: [{ type: 'divider', id: 'line' }, JSON.parse(COMPACT).body[1]],
    });
  });

  it('makes the objects on the way to a new field', () => {
    const after = set(COMPACT, ['body', 0, 'style', 'margin'], 'md');
    expect(after).toContain('{ "type": "divider", "style": { "margin": "md" } }');
  });

  it('removes a field or an item with its line and comma', () => {
    const noLabel = applyEdit(EXPANDED, removeAt(parseText(EXPANDED), ['body', 1, 'label']));
    expect(JSON.parse(noLabel).body[1]).toEqual({ type: 'button' });
    expect(lines(EXPANDED, noLabel)).toEqual({
      removed: ['      "type": "button",', '      "label": "Go"'],
      added: ['      "type": "button"'],
    });
    const first = applyEdit(COMPACT, removeAt(parseText(COMPACT), ['body', 0]));
    expect(first).toBe(COMPACT.replace('    { "type": "divider" },\n', ''));
    const last = applyEdit(COMPACT, removeAt(parseText(COMPACT), ['body', 1]));
    expect(JSON.parse(last).body).toEqual([{ type: 'divider' }]);
  });

  it('inserts a list item before another, or at the end, or into an empty list', () => {
    const before = applyEdit(COMPACT, insertItem(parseText(COMPACT), ['body'], 1, { type: 'spacer' }));
    expect(before.split('\n')[4]).toBe('    { "type": "spacer" },');
    const expanded = applyEdit(EXPANDED, insertItem(parseText(EXPANDED), ['body'], 2, { type: 'spacer' }));
    expect(expanded).toBe(
      EXPANDED.replace('"Go"\n    }\n', '"Go"\n    },\n    {\n      "type": "spacer"\n    }\n'),
    );
    const empty = '{\n  "body": []\n}\n';
    expect(applyEdit(empty, insertItem(parseText(empty), ['body'], 0, { type: 'text', text: 'A' }))).toBe(
      '{\n  "body": [\n    {\n      "type": "text",\n      "text": "A"\n    }\n  ]\n}\n',
    );
  });

  it('reads the style: indentation and whether short objects sit on one line', () => {
    expect(styleOf(EXPANDED)).toMatchObject({ unit: '  ', compact: false });
    expect(styleOf(COMPACT)).toMatchObject({ unit: '  ', compact: true });
    expect(render([{ a: 1 }, { b: 2 }], '', styleOf(COMPACT))).toBe('[\n  { "a": 1 },\n  { "b": 2 }\n]');
    expect(render([1, 2, 3], '', styleOf(EXPANDED))).toBe('[1, 2, 3]');
  });
});

describe('structure', () => {
  it('moves a block keeping its text, and moving it back restores the document', () => {
    const down = moveItem(EXPANDED, ['body', 0], { list: ['body'], index: 2 })!;
    const moved = applyEdit(EXPANDED, down.edit);
    expect(JSON.parse(moved).body.map((b: { type: string }) => b.type)).toEqual(['button', 'text']);
    expect(down.path).toEqual(['body', 1]);
    const back = moveItem(moved, ['body', 1], { list: ['body'], index: 0 })!;
    expect(applyEdit(moved, back.edit)).toBe(EXPANDED);
  });

  it('moves into another list at another depth, re-indented, and refuses a move into itself', () => {
    const text = `{
  "body": [
    {
      "type": "column",
      "children": [
        { "type": "text", "text": "In" }
      ]
    },
    { "type": "text", "text": "Out" }
  ]
}
`;
    const result = moveItem(text, ['body', 1], { list: ['body', 0, 'children'], index: 0 })!;
    const after = applyEdit(text, result.edit);
    expect(after).toContain(
      '        { "type": "text", "text": "Out" },\n        { "type": "text", "text": "In" }',
    );
    expect(result.path).toEqual(['body', 0, 'children', 0]);
    expect(moveItem(text, ['body', 0], { list: ['body', 0, 'children'], index: 0 })).toBeNull();
    expect(moveItem(text, ['body', 0], { list: ['body'], index: 1 })).toBeNull();
  });

  it('duplicates with new ids, deletes, and wraps in a section', () => {
    const text =
      '{\n  "body": [\n    { "type": "input", "id": "name", "bind": "form.name", "label": "Name" }\n  ]\n}\n';
    const copy = duplicateItem(text, ['body', 0], [{ at: ['id'], value: 'name-2' }])!;
    const copied = applyEdit(text, copy.edit);
    expect(JSON.parse(copied).body[1]).toEqual({
      type: 'input',
      id: 'name-2',
      bind: 'form.name',
      label: 'Name',
    });
    expect(applyEdit(copied, deleteItem(copied, ['body', 1]))).toBe(text);
    const wrapped = wrapItem(text, ['body', 0], { type: 'section' }, 'children')!;
    expect(JSON.parse(applyEdit(text, wrapped.edit)).body).toEqual([
      { type: 'section', children: [JSON.parse(text).body[0]] },
    ]);
  });
});
