// screenDocOfText (src/checker/checkText.ts): the document the studio gives the phone at once after
// a whole change, before the whole check (issue 25 speed). It must be the document the whole check
// gives, for every screen of screens/ (variants and parts resolved from the library) and for texts
// the checker refuses.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScreenText, screenDocOfText } from '../../../src/checker/checkText';
import { libraryOf } from '../../../src/parts/library';

const read = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
      .map((f) => [f.slice(0, -'.json'.length), readFileSync(`${dir}/${f}`, 'utf8')]),
  );
const screens = read('screens');
const library = libraryOf({ screens, parts: read('screens/parts') });

describe('screenDocOfText', () => {
  it('is the whole check’s document for every screen', () => {
    for (const [id, text] of Object.entries(screens)) {
      const whole = checkScreenText(text, { id, library }).doc;
      expect(screenDocOfText(text, { id, library }), id).toEqual(whole);
    }
  });

  it('is null where the whole check’s is: broken JSON, the wrong kind, a schema error, an unknown type', () => {
    const body = (blocks: unknown[]) =>
      JSON.stringify({ schemaVersion: 1, id: 'hello', title: 'Hello', body: blocks });
    const texts = [
      '{ "id": "hello", ',
      JSON.stringify({ parameters: {}, blocks: [] }),
      body([{ type: 'button', label: 'Go', variant: 'outlined' }]),
      body([{ type: 'no-such-block' }]),
      body([{ type: 'text', text: 'Hi' }]),
    ];
    for (const text of texts) {
      const whole = checkScreenText(text, { id: 'hello', library }).doc;
      expect(screenDocOfText(text, { id: 'hello', library }), text).toEqual(whole);
    }
    expect(screenDocOfText(texts[4]!, { id: 'hello', library })).not.toBeNull();
  });
});
