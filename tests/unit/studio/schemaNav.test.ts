// The studio editor's schema help: which fields, values and descriptions apply at a place.
import { describe, expect, it } from 'vitest';
import { schemaNav } from '../../../src/studio/editor/schemas';
import { helpAt } from '../../../src/studio/editor/hover';

const doc = {
  schemaVersion: 1,
  id: 'x',
  title: 'X',
  body: [{ type: 'button', label: 'Go', onTap: [{ do: 'toast', text: 'hi' }] }, { type: 'bu' }],
  modals: { m: { body: [] } },
};

describe('schema navigation', () => {
  it("lists a block's own and shared fields with their descriptions", () => {
    const fields = schemaNav.fields(['body', 0], doc);
    const label = fields.find((f) => f.name === 'label');
    expect(label?.description).toBe("The button's words.");
    expect(fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['type', 'id', 'visible', 'onTap', 'variant']),
    );
    expect(fields.find((f) => f.name === 'onTap')?.shape).toBe('array');
  });

  it('offers the block types (with titles) where a block is not chosen yet, and enum values', () => {
    const types = schemaNav.values(['body', 1, 'type'], doc);
    expect(types.map((o) => o.value)).toEqual(expect.arrayContaining(['button', 'text', 'image', 'switch']));
    expect(types.find((o) => o.value === 'button')?.title).toBe('Button');
    expect(schemaNav.values(['body', 0, 'variant'], doc).map((o) => o.value)).toEqual([
      'primary',
      'secondary',
      'outline',
      'text',
      'link',
    ]);
    expect(
      schemaNav
        .values(['body', 0, 'onTap', 0, 'do'], {
          ...doc,
          body: [{ type: 'button', label: 'Go', onTap: [{}] }],
        })
        .map((o) => o.value),
    ).toEqual(expect.arrayContaining(['toast', 'call', 'navigate', 'openModal']));
  });

  it('knows the action fields, the screen fields, modal fields and expression operators', () => {
    expect(schemaNav.fields(['body', 0, 'onTap', 0], doc).map((f) => f.name)).toEqual(
      expect.arrayContaining(['do', 'when', 'text']),
    );
    expect(schemaNav.fields([], doc).map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'schemaVersion',
        'id',
        'title',
        'sources',
        'onLoad',
        'body',
        'modals',
        'timers',
      ]),
    );
    expect(schemaNav.fields(['modals', 'm'], doc).map((f) => f.name)).toEqual(
      expect.arrayContaining(['title', 'body', 'closeIcon']),
    );
    const withExpr = { ...doc, body: [{ type: 'text', text: {} }] };
    expect(schemaNav.fields(['body', 0, 'text'], withExpr).map((f) => f.name)).toEqual(
      expect.arrayContaining(['$', 't', '==', 'and', 'if']),
    );
  });

  it('offers example blocks for a new item of a block list', () => {
    const union = schemaNav.items(['body'], doc);
    const button = union?.options.find((o) => o.value === 'button');
    expect(button?.example).toMatchObject({ type: 'button' });
  });

  it('hover: field descriptions and block descriptions', () => {
    const text = JSON.stringify(doc, null, 2);
    const label = helpAt(schemaNav, text, text.indexOf('"label"') + 2);
    expect(label).toMatchObject({ title: 'label', text: "The button's words." });
    const button = helpAt(schemaNav, text, text.indexOf('"button"') + 2);
    expect(button?.title).toBe('button: Button');
    expect(button?.text).toMatch(/^A button\./);
    const toast = helpAt(schemaNav, text, text.indexOf('"toast"') + 2);
    expect(toast?.title).toMatch(/^toast: /);
  });
});
