// Issue 25 task 7: named values (a bridge step's payload, a call's body) get rows of a name and a
// value in the panel; one expression written in their place stays an expression.
import { describe, expect, it } from 'vitest';
import { schemaNav } from '../../../../src/studio/editor/schemas';
import { createFieldModel } from '../../../../src/studio/visual/model/fields';

const model = createFieldModel(schemaNav);
const doc = (payload: unknown) => ({
  schemaVersion: 1,
  id: 'x',
  body: [{ type: 'button', label: 'Call us', onTap: [{ do: 'bridge', name: 'callPhone', payload }] }],
});
const kindOfPayload = (payload: unknown) => {
  const value = doc(payload);
  const step = model.nav.resolve(['body', 0, 'onTap', 0], value);
  return model.fieldsOf(step, value.body[0]!.onTap[0]).find((f) => f.name === 'payload')?.kind;
};

describe('named values', () => {
  it('a payload not written yet, or written as names and values, is rows', () => {
    expect(kindOfPayload(undefined)).toBe('fields');
    expect(kindOfPayload({ phone: { $: 'data.contact.smWa' } })).toBe('fields');
  });
  it('one expression in its place is not', () => {
    expect(kindOfPayload({ $: 'data.jumpUrl' })).not.toBe('fields');
  });
});

// Issue 25 speed: a block type's form is made once per shape of its values, not on every selection
// or change (the panel of a button selected again, or a label changed, reuses it).
describe('fieldsOf, made once', () => {
  it('gives the same fields for two blocks of one type and shape, and new ones for another shape', () => {
    const model = createFieldModel(schemaNav);
    const doc = {
      schemaVersion: 1,
      id: 'x',
      title: 'X',
      body: [
        { type: 'button', label: 'One', onTap: [{ do: 'back' }] },
        { type: 'button', label: 'Two', onTap: [{ do: 'toast', text: 'Hi' }] },
        { type: 'button', label: { $: 'data.label' } },
      ],
    };
    const here = (i: number) => schemaNav.resolve(['body', i], doc);
    const one = model.fieldsOf(here(0), doc.body[0]);
    expect(model.fieldsOf(here(1), doc.body[1])).toBe(one);
    const bound = model.fieldsOf(here(2), doc.body[2]);
    expect(bound).not.toBe(one);
    expect(bound.map((f) => f.name)).toEqual(one.map((f) => f.name));
  });
});
