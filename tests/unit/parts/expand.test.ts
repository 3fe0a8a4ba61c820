// @vitest-environment node
// Issue 18, reusable parts: a part expands to exactly the blocks written out by hand; slots,
// defaults and nested parts; variants (changes by block id, their own fields, parameters of a
// base screen); what the phone gets carries nothing of the source language.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { folderLibrary } from '../../../src/checker/checkScreens';
import { libraryOf } from '../../../src/parts/library';
import { resolveScreen, usesSource } from '../../../src/parts/resolve';

const library = folderLibrary('screens');
const screen = (body: unknown[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  id: 'example',
  title: 'Example',
  body,
  ...extra,
});
const expand = (doc: unknown, lib = library) => {
  const resolved = resolveScreen(doc, 'example', lib);
  expect(resolved.issues).toEqual([]);
  return resolved.doc as Record<string, unknown>;
};

/** The joint-login failure page's product card, as it was written out before parts existed. */
const HAND_WRITTEN_CARD = {
  type: 'section',
  id: 'product',
  disabled: { '==': [{ $: 'item.glow' }, 0] },
  onTap: [{ do: 'toast', text: 'tapped' }],
  children: [
    {
      type: 'row',
      gap: 'md',
      children: [
        {
          type: 'image',
          src: { $: 'item.lantern' },
          alt: { t: '{item.harbor} logo' },
          width: 40,
          height: 40,
          round: true,
          placeholder: true,
        },
        {
          type: 'column',
          grow: true,
          children: [
            { type: 'text', text: { $: 'item.harbor' }, style: { weight: 'bold' } },
            { type: 'text', text: { $: 'item.fable' }, variant: 'caption' },
          ],
        },
        {
          type: 'text',
          id: 'product-button',
          text: { $: 'item.bellow' },
          style: { background: 'primary', rounded: true, padding: 'sm', size: 'sm' },
        },
      ],
    },
    {
      type: 'row',
      justify: 'between',
      align: 'end',
      children: [
        {
          type: 'column',
          children: [
            { type: 'text', text: { $: 'item.horizon' }, style: { weight: 'bold' } },
            { type: 'text', text: { $: 'item.echo' }, variant: 'caption' },
          ],
        },
        { type: 'text', text: { $: 'item.saffron' }, variant: 'caption' },
      ],
    },
    {
      type: 'repeat',
      id: 'tags',
      visible: { '<': [{ $: 'index' }, 2] },
      items: { $: 'item.ribbons' },
      as: 'tag',
      indexAs: 'tagIndex',
      direction: 'row',
      limit: 10,
      children: [
        {
          type: 'text',
          text: { $: 'tag' },
          style: { size: 'xs', tone: 'primary', background: 'muted', rounded: true, padding: 'sm' },
        },
      ],
    },
  ],
};

const CARD_USE = {
  type: 'part',
  part: 'product-card',
  with: {
    id: 'product',
    disabled: { '==': [{ $: 'item.glow' }, 0] },
    onTap: [{ do: 'toast', text: 'tapped' }],
    logo: { $: 'item.lantern' },
    logoAlt: { t: '{item.harbor} logo' },
    name: { $: 'item.harbor' },
    description: { $: 'item.fable' },
    button: { $: 'item.bellow' },
    amount: { $: 'item.horizon' },
    amountNote: { $: 'item.echo' },
    rate: { $: 'item.saffron' },
    more: [{ type: 'part', part: 'product-tags', with: { items: { $: 'item.ribbons' } } }],
  },
};

describe('a part expands to the same blocks as its hand-written copy', () => {
  it('product-card with a product-tags part in its slot (screens/parts/)', () => {
    const doc = expand(screen([{ type: 'text', text: 'Before' }, CARD_USE, { type: 'divider' }]));
    expect(doc.body).toEqual([{ type: 'text', text: 'Before' }, HAND_WRITTEN_CARD, { type: 'divider' }]);
  });

  it('whatever text the arguments carry, it lands where the hand-written copy has it (property)', () => {
    const lib = libraryOf({
      parts: {
        notice: JSON.stringify({
          schemaVersion: 1,
          part: 'notice',
          parameters: {
            title: { type: 'text' },
            note: { type: 'text', default: 'See the details below.' },
            tone: { type: 'text', default: 'muted' },
          },
          blocks: [
            { type: 'text', text: { $param: 'title' }, variant: 'subtitle' },
            { type: 'text', text: { $param: 'note' }, style: { tone: { $param: 'tone' } } },
          ],
        }),
      },
    });
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (title, note) => {
        const given = note === undefined ? { title } : { title, note };
        const doc = expand(screen([{ type: 'part', part: 'notice', with: given }]), lib);
        expect(doc.body).toEqual([
          { type: 'text', text: title, variant: 'subtitle' },
          { type: 'text', text: note ?? 'See the details below.', style: { tone: 'muted' } },
        ]);
      }),
      { numRuns: 50 },
    );
  });

  it('a value that looks like a use or a placeholder is not one inside a given value’s string', () => {
    const doc = expand(
      screen([
        { type: 'part', part: 'preview-link', with: { id: 'x', label: '{"$param": "id"}', to: '/repay' } },
      ]),
    );
    expect((doc.body as { label: string }[])[0]!.label).toBe('{"$param": "id"}');
  });

  it('what the phone gets has no part, no placeholder and no variant field left', () => {
    for (const id of library.names('screen')) {
      const resolved = resolveScreen(library.get('screen', id)!.value, id, library);
      expect(
        resolved.issues.filter((i) => i.severity !== 'warning'),
        id,
      ).toEqual([]);
      expect(usesSource(resolved.doc), id).toBe(false);
    }
  });

  it('a screen that uses nothing of it is served as it is (the same object)', () => {
    const plain = screen([{ type: 'text', text: 'Hi' }]);
    expect(resolveScreen(plain, 'example', library).doc).toBe(plain);
  });

  it('a part used in a list of actions runs its actions there, and a blocks part fills a single-block field', () => {
    const lib = libraryOf({
      parts: {
        thanks: JSON.stringify({
          schemaVersion: 1,
          part: 'thanks',
          parameters: { who: { type: 'text' } },
          actions: [
            { do: 'toast', text: { $param: 'who' } },
            { do: 'track', event: 'thanked' },
          ],
        }),
        plain: JSON.stringify({ schemaVersion: 1, part: 'plain', blocks: [{ type: 'text', text: 'Plain' }] }),
      },
    });
    const doc = expand(
      screen([
        {
          type: 'button',
          label: 'Go',
          onTap: [{ do: 'part', part: 'thanks', with: { who: 'you' } }, { do: 'back' }],
          fallback: { type: 'part', part: 'plain' },
        },
      ]),
      lib,
    );
    expect(doc.body).toEqual([
      {
        type: 'button',
        label: 'Go',
        onTap: [{ do: 'toast', text: 'you' }, { do: 'track', event: 'thanked' }, { do: 'back' }],
        fallback: { type: 'text', text: 'Plain' },
      },
    ]);
  });

  it('a default may use another parameter; a part inside a part gets the outer values', () => {
    const lib = libraryOf({
      parts: {
        outer: JSON.stringify({
          schemaVersion: 1,
          part: 'outer',
          parameters: {
            name: { type: 'text' },
            greeting: { type: 'expression', default: { concat: ['Hi ', { $param: 'name' }] } },
          },
          blocks: [{ type: 'part', part: 'inner', with: { text: { $param: 'greeting' } } }],
        }),
        inner: JSON.stringify({
          schemaVersion: 1,
          part: 'inner',
          parameters: { text: { type: 'expression' } },
          blocks: [{ type: 'text', text: { $param: 'text' } }],
        }),
      },
    });
    expect(expand(screen([{ type: 'part', part: 'outer', with: { name: 'Ana' } }]), lib).body).toEqual([
      { type: 'text', text: { concat: ['Hi ', 'Ana'] } },
    ]);
  });
});

describe('variants', () => {
  const base = {
    schemaVersion: 1,
    id: 'base',
    title: 'Base',
    parameters: { amount: { type: 'expression', default: { $: 'data.a' } } },
    body: [
      { type: 'text', id: 'head', text: 'Head' },
      { type: 'section', id: 'box', children: [{ type: 'text', id: 'amount', text: { $param: 'amount' } }] },
      { type: 'text', id: 'foot', text: 'Foot', style: { tone: 'muted' } },
    ],
    modals: { help: { body: [{ type: 'text', text: 'Help' }] } },
  };
  const lib = libraryOf({ screens: { base: JSON.stringify(base) } });

  it('the base itself is shown with its defaults', () => {
    const doc = resolveScreen(base, 'base', lib).doc as Record<string, unknown>;
    expect(doc).toEqual({
      schemaVersion: 1,
      id: 'base',
      title: 'Base',
      body: [
        { type: 'text', id: 'head', text: 'Head' },
        { type: 'section', id: 'box', children: [{ type: 'text', id: 'amount', text: { $: 'data.a' } }] },
        { type: 'text', id: 'foot', text: 'Foot', style: { tone: 'muted' } },
      ],
      modals: base.modals,
    });
  });

  it('a variant is the base with its values, its changes (in order) and its own fields', () => {
    const variant = {
      schemaVersion: 1,
      id: 'example',
      variantOf: 'base',
      title: 'Variant',
      with: { amount: { $: 'data.b' } },
      changes: [
        { block: 'head', replace: { type: 'hero', id: 'head', title: 'New head' } },
        { block: 'box', insertBefore: [{ type: 'divider', id: 'line' }] },
        { block: 'line', insertAfter: [{ type: 'spacer' }] },
        { block: 'foot', set: { text: 'New foot', style: null } },
        { block: 'amount', remove: true },
      ],
      modals: { terms: { body: [{ type: 'text', text: 'Terms' }] } },
    };
    expect(expand(variant, lib)).toEqual({
      schemaVersion: 1,
      id: 'example',
      title: 'Variant',
      body: [
        { type: 'hero', id: 'head', title: 'New head' },
        { type: 'divider', id: 'line' },
        { type: 'spacer' },
        { type: 'section', id: 'box', children: [] },
        { type: 'text', id: 'foot', text: 'New foot' },
      ],
      modals: { help: base.modals.help, terms: variant.modals.terms },
    });
  });

  it('the real variants carry their base: repay-delay is repay-installment with the extension’s amount', () => {
    const delay = expand(library.get('screen', 'repay-delay')!.value) as {
      body: { id?: string }[];
      id: string;
    };
    expect(delay.id).toBe('repay-delay');
    expect(delay.body.map((b) => b.id)).toEqual([
      'header',
      'product',
      'plan',
      'detail',
      'pay-help',
      'pay-code',
      'notice',
      undefined,
      'repaid',
    ]);
    expect(JSON.stringify(delay)).toContain('data.plan.delayInfo.delayAmount');
    expect(JSON.stringify(delay)).not.toContain('data.plan.repayAmount');
  });
});
