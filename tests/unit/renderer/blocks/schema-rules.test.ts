// The document rules of the layout, display and collection blocks, as the editor and the
// screen checker enforce them (the compiled schema validator), and their examples.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateScreen } from '../../../../renderer/validate/validators.gen.js';

const validate = validateScreen as unknown as (doc: unknown) => boolean;
const BLOCKS = [
  'article',
  'button',
  'column',
  'divider',
  'foldList',
  'hero',
  'iframe',
  'image',
  'keyValue',
  'link',
  'repeat',
  'row',
  'section',
  'spacer',
  'switch',
  'tabs',
];
const doc = (body: unknown[]) => ({ schemaVersion: 1, id: 'x', title: 'X', body });
const schemaOf = (type: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'schemas', 'blocks', `${type}.schema.json`), 'utf8')) as {
    examples: unknown[];
  };

describe('block schemas', () => {
  it.each(BLOCKS)('the %s example is a valid block', (type) => {
    expect(validate(doc(schemaOf(type).examples))).toBe(true);
  });

  it.each([
    ['a link with two targets', { type: 'link', text: 'x', href: '/a', mailto: 'a@b.ph' }],
    ['a link with no target', { type: 'link', text: 'x' }],
    ['keyValue with neither rows nor items', { type: 'keyValue' }],
    ['keyValue with both rows and items', { type: 'keyValue', rows: [], items: [] }],
    ['tabs with neither tabs nor items', { type: 'tabs' }],
    [
      'an iframe sandbox token outside the list',
      { type: 'iframe', src: '/a', title: 't', sandbox: ['allow-top-navigation'] },
    ],
    ['an iframe without a title', { type: 'iframe', src: '/a' }],
    ['an image without alt', { type: 'image', src: '/a.png' }],
    ['an item name that hides a state root', { type: 'repeat', items: [], children: [], as: 'data' }],
    ['a button without a label', { type: 'button', onTap: [] }],
    ['an unknown property', { type: 'row', children: [], colour: 'red' }],
  ])('refuses %s', (_what, block) => {
    expect(validate(doc([block]))).toBe(false);
  });

  it('accepts a decorative image with an empty alt', () => {
    expect(validate(doc([{ type: 'image', src: '/a.png', alt: '' }]))).toBe(true);
  });
});
