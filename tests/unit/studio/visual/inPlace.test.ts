// Issue 25 item 5: which text of a block a double-click in the phone edits, and what is written
// back; a text the phone shows from data is refused with the reason.
import { describe, expect, it } from 'vitest';
import { schemaNav } from '../../../../src/studio/editor/schemas';
import { createFieldModel } from '../../../../src/studio/visual/model/fields';
import { textInPlace, writtenOf } from '../../../../src/studio/visual/model/inPlace';
import { applyEdit, parseText, setValue } from '../../../../src/studio/visual/model/textEdits';

const model = createFieldModel(schemaNav);
const at = (screen: Record<string, unknown>, i: number) => {
  const path = ['body', i];
  return { here: model.nav.resolve(path, screen), block: (screen.body as unknown[])[i], path };
};
const screen = {
  id: 'x',
  body: [
    { type: 'text', text: 'Hello  there' },
    { type: 'button', label: 'Pay now', onTap: [] },
    { type: 'text', text: { t: 'Braces {{kept}}' } },
    { type: 'text', text: { t: 'Due {data.date|date}' } },
    { type: 'text', text: { $: 'data.message' } },
    { type: 'spacer' },
  ],
};
const find = (i: number, shown?: string) => {
  const { here, block, path } = at(screen, i);
  return textInPlace(model, here, block, path, shown);
};

describe('text in place', () => {
  it("edits the field whose literal the phone shows (a text's text, a button's label), spaces as laid out", () => {
    expect(find(0, 'Hello there')).toEqual({
      ok: true,
      path: ['body', 0, 'text'],
      shown: 'Hello  there',
      template: false,
    });
    expect(find(1, 'Pay now')).toMatchObject({ ok: true, path: ['body', 1, 'label'] });
  });

  it('edits a template that reads nothing as the text it shows, and writes braces back doubled', () => {
    const found = find(2, 'Braces {kept}');
    expect(found).toEqual({
      ok: true,
      path: ['body', 2, 'text', 't'],
      shown: 'Braces {kept}',
      template: true,
    });
    if (!found.ok) return;
    const text = JSON.stringify(screen, null, 2);
    const after = JSON.parse(
      applyEdit(text, setValue(parseText(text), found.path, writtenOf(found, 'A {b}'))),
    );
    expect(after.body[2].text).toEqual({ t: 'A {{b}}' });
  });

  it('refuses a text filled in from data, a template with placeholders and a block without text, saying why', () => {
    expect(find(3, 'Due 1 Dec 2026')).toEqual({
      ok: false,
      reason: 'The text is filled in from data: change it in the Properties panel.',
    });
    expect(find(4, 'Welcome')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/filled in from data/),
    });
    expect(find(5, '')).toMatchObject({ ok: false, reason: expect.stringMatching(/no text/) });
  });
});
