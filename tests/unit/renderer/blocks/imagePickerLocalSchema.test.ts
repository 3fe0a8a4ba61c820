// @vitest-environment node
// imagePicker: `upload` and `append` come together, or neither (a local preview).
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../src/schema-gen/validators';
import { loadSchemas } from '../../../../src/schema-gen/schemas';

const valid = createAjv(loadSchemas(), { source: false }).getSchema('block.schema.json')!;
const picker = { type: 'imagePicker', bind: 'form.photos', label: 'Photo', max: 2 };
const upload = { do: 'call', api: 'complaint', path: '/u', files: { f: 'file' } };

describe('imagePicker schema', () => {
  it('accepts a picker without upload (local preview) or with upload and append', () => {
    expect(valid(picker)).toBe(true);
    expect(valid({ ...picker, upload, append: { $: 'result.data.url' } })).toBe(true);
  });

  it('refuses upload without append, and append without upload', () => {
    expect(valid({ ...picker, append: { $: 'result.data.url' } })).toBe(false);
    expect(valid({ ...picker, upload })).toBe(false);
  });
});
