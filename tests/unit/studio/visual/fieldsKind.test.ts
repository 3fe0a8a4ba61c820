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
