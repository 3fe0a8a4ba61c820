// Issue 25 task 9: a new screen made from a part gives each required parameter a start, so the
// screen is a valid variant when it opens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { libraryOf } from '../../../../src/parts/library';
import { resolveScreen } from '../../../../src/parts/resolve';
import { newScreenFromPart, newScreenIdProblem } from '../../../../src/studio/visual/model/newFromPart';

const PART = readFileSync('screens/parts/promo-landing.json', 'utf8');

describe('newScreenFromPart', () => {
  it('writes a variant of the part with its required parameters only, and it expands', () => {
    const text = newScreenFromPart('promo-landing-summer', 'promo-landing', JSON.parse(PART));
    expect(JSON.parse(text)).toEqual({
      $schema: '../schemas/screen.schema.json',
      schemaVersion: 1,
      id: 'promo-landing-summer',
      variantOf: 'parts/promo-landing',
      with: { banner: [] },
    });
    const r = resolveScreen(
      JSON.parse(text),
      'promo-landing-summer',
      libraryOf({ parts: { 'promo-landing': PART } }),
    );
    expect(r.issues.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.doc).toBeTruthy();
  });
  it('starts a text or a value empty (never a stand-in word a borrower could see), others as the checker does', () => {
    const declared = {
      parameters: {
        title: { type: 'text' },
        amount: { type: 'expression' },
        count: { type: 'number' },
        shown: { type: 'boolean' },
        slot: { type: 'blocks' },
        then: { type: 'actions' },
        note: { type: 'text', default: 'Kept out: it has a default' },
      },
    };
    expect(JSON.parse(newScreenFromPart('x', 'p', declared)).with).toEqual({
      title: '',
      amount: '',
      count: 0,
      shown: false,
      slot: [],
      then: [],
    });
    expect(JSON.parse(newScreenFromPart('x', 'p', { parameters: { odd: 'text' } })).with).toEqual({});
  });
  it('takes screen ids only, as the server does: not a reserved name, not a screen there is', () => {
    expect(newScreenIdProblem('promo-landing-summer', ['home'])).toBeNull();
    expect(newScreenIdProblem('Promo landing', [])).toMatch(/not a screen id/);
    expect(newScreenIdProblem('9-landing', [])).toMatch(/not a screen id/);
    expect(newScreenIdProblem('manifest', [])).toMatch(/reserved name/);
    expect(newScreenIdProblem('parts', [])).toMatch(/reserved name/);
    expect(newScreenIdProblem('home', ['home'])).toBe('There is a screen home already');
    expect(newScreenIdProblem(`a${'b'.repeat(63)}`, [])).toBeNull();
  });
});
