// Issue 25 item 2 and 7: the condition builder's rows read and written as the engine's operator
// JSON, and whole values written over old ones touching only what changed.
import { describe, expect, it } from 'vitest';
import { conditionOf, rowsOf, valueOfText } from '../../../../src/studio/visual/model/conditions';
import { minimalEdit } from '../../../../src/studio/visual/model/minimalEdit';
import { applyEdit } from '../../../../src/studio/visual/model/textEdits';

describe('condition rows', () => {
  it('reads comparisons joined by and/or as rows, anything else as an expression row, and writes them back as they were', () => {
    const cond = {
      or: [{ '==': [{ $: 'data.order.orderStatus' }, 200] }, { not: { $: 'ui.open' } }],
    };
    const rows = rowsOf(cond);
    expect(rows.join).toBe('or');
    expect(rows.rows[0]).toEqual({ path: 'data.order.orderStatus', op: '==', value: 200 });
    expect(rows.rows[1]).toEqual({ expr: { not: { $: 'ui.open' } } });
    expect(conditionOf(rows)).toEqual(cond);
    expect(conditionOf(rowsOf(undefined))).toBeUndefined();
    expect(conditionOf(rowsOf({ $: 'ui.x' }))).toEqual({ $: 'ui.x' });
  });

  it('adds a row to a condition as an and of both', () => {
    const one = { '==': [{ $: 'data.a' }, 1] };
    const rows = rowsOf(one);
    rows.rows.push({ path: 'data.b', op: '!=', value: valueOfText('200', '!=') });
    expect(conditionOf(rows)).toEqual({ and: [one, { '!=': [{ $: 'data.b' }, 200] }] });
    expect(valueOfText('170, 200', 'in')).toEqual([170, 200]);
    expect(valueOfText('yes', '==')).toBe('yes');
  });
});

describe('minimal edits', () => {
  const TEXT = `{
  "visible": {
    "and": [
      { "not": { "$": "ui.a" } },
      {
        "==": [{ "$": "data.b" }, 1]
      }
    ]
  },
  "label": "Go"
}
`;
  it('writes an added row as one more item, the others keep their text', () => {
    const value = {
      and: [{ not: { $: 'ui.a' } }, { '==': [{ $: 'data.b' }, 1] }, { '!=': [{ $: 'data.c' }, 200] }],
    };
    const after = applyEdit(TEXT, minimalEdit(TEXT, ['visible'], value));
    expect(after).toContain(
      '      { "not": { "$": "ui.a" } },\n      {\n        "==": [{ "$": "data.b" }, 1]\n      },\n',
    );
    expect(JSON.parse(after).visible).toEqual(value);
  });

  it('writes the same value as no edit, and a changed leaf as that leaf only', () => {
    expect(minimalEdit(TEXT, ['visible'], JSON.parse(TEXT).visible)).toBeNull();
    const value = { and: [{ not: { $: 'ui.a' } }, { '==': [{ $: 'data.b' }, 2] }] };
    const edit = minimalEdit(TEXT, ['visible'], value)!;
    expect(edit.insert).toBe('2');
  });
});
