// @vitest-environment node
// The form and special blocks' schemas: each example is valid, and the shapes they promise hold.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../src/schema-gen/validators';
import { loadSchemas } from '../../../../src/schema-gen/schemas';

const set = loadSchemas();
const ajv = createAjv(set, { source: false });
const validateBlock = ajv.getSchema('block.schema.json')!;
const validateAction = ajv.getSchema('action.schema.json')!;
const ok = (block: unknown) => validateBlock(block) === true;

const MINE = [
  'input',
  'textarea',
  'picker',
  'checkbox',
  'choice',
  'imagePicker',
  'countdownButton',
  'stars',
  'codeBox',
  'qrcode',
  'barcode',
];

describe('form and special block schemas', () => {
  it.each(MINE)('%s has a description and a valid example', (type) => {
    const schema = set.blocks.find((s) => s.$id === `blocks/${type}.schema.json`)!;
    expect(typeof schema.description).toBe('string');
    for (const example of schema.examples as unknown[])
      expect(ok(example), JSON.stringify(validateBlock.errors)).toBe(true);
  });

  it('qrcode and barcode load lazily', () => {
    for (const type of ['qrcode', 'barcode'])
      expect(set.blocks.find((s) => s.$id === `blocks/${type}.schema.json`)!['x-lazy']).toBe(true);
  });

  it('inputs need a label and a state path', () => {
    expect(ok({ type: 'input', bind: 'form.phone', label: 'Phone' })).toBe(true);
    expect(ok({ type: 'input', bind: 'form.phone' })).toBe(false);
    expect(ok({ type: 'input', bind: 'window.x', label: 'X' })).toBe(false);
    expect(ok({ type: 'input', bind: 'form.phone', label: 'Phone', mask: 'iban' })).toBe(false);
  });

  it('a textarea needs something to show: a bound path or a value', () => {
    expect(ok({ type: 'textarea', label: 'Content', value: { $: 'data.content' }, readOnly: true })).toBe(
      true,
    );
    expect(ok({ type: 'textarea', label: 'Content' })).toBe(false);
  });

  it('picker options are a static {label, value} list or an expression', () => {
    const base = { type: 'picker', bind: 'form.day', label: 'Day' };
    expect(ok({ ...base, options: [{ label: '1', value: 1 }] })).toBe(true);
    expect(ok({ ...base, options: { $: 'item.note' } })).toBe(true);
    expect(ok({ ...base, options: [{ name: '1' }] })).toBe(false);
  });

  it('an image picker uploads with a call action', () => {
    const base = {
      type: 'imagePicker',
      bind: 'form.images',
      label: 'Images',
      append: { $: 'result.data.url' },
    };
    expect(
      ok({ ...base, upload: { do: 'call', api: 'complaint', path: '/nepenthes/upload-problem-image' } }),
    ).toBe(true);
    expect(ok({ ...base, upload: { do: 'toast', text: 'hi' } })).toBe(false);
  });

  it('validate rules need a value and a message', () => {
    expect(validateAction({ do: 'validate', rules: [{ value: 'x', required: true, message: 'm' }] })).toBe(
      true,
    );
    expect(validateAction({ do: 'validate', rules: [{ value: 'x', required: true }] })).toBe(false);
    expect(validateAction({ do: 'validate', rules: [] })).toBe(false);
  });
});
