// @vitest-environment node
// Issue 18: a wrong parameter name or type, a missing required parameter, an unknown part and a
// cycle are errors at the line and column of the reference (the screen's text) and at the part's
// own definition (the part's text); cycles are refused; a variant of a variant is refused with a
// message that says what to do; expansion cannot be made to blow up.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScreens } from '../../../src/checker/checkScreens';
import { checkPartText, checkScreenText } from '../../../src/checker/checkText';
import type { Problem } from '../../../renderer/validate/problem';
import { libraryOf, type Library } from '../../../src/parts/library';
import { resolveScreen } from '../../../src/parts/resolve';
import { MAX_DEPTH, MAX_USES } from '../../../src/parts/limits';

const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

const BADGE = pretty({
  schemaVersion: 1,
  part: 'badge',
  parameters: {
    label: { type: 'text', description: 'What the badge says.' },
    tone: { type: 'text', default: 'primary' },
  },
  blocks: [{ type: 'text', text: { $param: 'label' }, style: { tone: { $param: 'tone' } } }],
});

/** Line and column (1-based) of the n-th occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`'${needle}' is not in the text`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const errors = (problems: Problem[]) =>
  problems
    .filter((p) => p.severity === 'error')
    .map((p) => ({ line: p.line, column: p.column, message: p.message }));

function pair(screenBody: unknown[], parts: Record<string, string> = { badge: BADGE }) {
  const text = pretty({ schemaVersion: 1, id: 'home', title: 'Home', body: screenBody });
  const library: Library = libraryOf({ parts, screens: { home: text } });
  return {
    text,
    screen: checkScreenText(text, { id: 'home', library }),
    part: (name: string) => checkPartText(parts[name]!, { name, library }),
  };
}

describe('parameter errors at the reference and at the definition', () => {
  it('a wrong parameter name', () => {
    const { text, screen, part } = pair([
      { type: 'part', part: 'badge', with: { label: 'New', tnoe: 'danger' } },
    ]);
    expect(errors(screen.problems)).toEqual([
      { ...at(text, '"tnoe"'), message: "part 'badge' has no parameter 'tnoe' (did you mean 'tone'?)" },
    ]);
    expect(errors(part('badge').problems)).toEqual([
      {
        ...at(BADGE, '"parameters"'),
        message: `screen 'home' gives 'tnoe', which is not a parameter here (home.json:${at(text, '"tnoe"').line}:${at(text, '"tnoe"').column})`,
      },
    ]);
  });

  it('a wrong type', () => {
    const { text, screen, part } = pair([
      { type: 'part', part: 'badge', with: { label: { $: 'data.name' } } },
    ]);
    expect(errors(screen.problems)).toEqual([
      {
        ...at(text, '"label"'),
        message: "parameter 'label' of part 'badge' takes text, not an expression or object",
      },
    ]);
    const where = at(text, '"label"');
    expect(errors(part('badge').problems)).toEqual([
      {
        // The declaration as the studio underlines it: its type.
        ...at(BADGE, '"type": "text"'),
        message: `screen 'home' gives 'label' an expression or object, but it takes text, not an expression or object (home.json:${where.line}:${where.column})`,
      },
    ]);
  });

  it('a missing required parameter', () => {
    const { text, screen, part } = pair([
      { type: 'text', text: 'x' },
      { type: 'part', part: 'badge' },
    ]);
    expect(errors(screen.problems)).toEqual([
      { ...at(text, '"part": "badge"'), message: "part 'badge' needs 'label' (text): give it in 'with'" },
    ]);
    expect(errors(part('badge').problems)).toEqual([
      expect.objectContaining({
        ...at(BADGE, '"type": "text"'),
        message: expect.stringMatching(/^'label' is required, but screen 'home' does not give it/),
      }),
    ]);
  });

  it('an unknown part, with a suggestion', () => {
    const { text, screen } = pair([{ type: 'part', part: 'bagde', with: { label: 'x' } }]);
    expect(errors(screen.problems)).toEqual([
      {
        ...at(text, '"part": "bagde"'),
        message: "there is no part 'bagde' (screens/parts/bagde.json) (did you mean 'badge'?)",
      },
    ]);
  });

  it('an error inside the part, caused by what the screen gives, is said at the argument', () => {
    const { text, screen } = pair([{ type: 'part', part: 'badge', with: { label: 'x', tone: 'loud' } }]);
    expect(errors(screen.problems)).toEqual([
      expect.objectContaining({
        ...at(text, '"tone"'),
        message: expect.stringContaining("'style/tone' must be one of"),
      }),
    ]);
  });

  it('an error in the part itself is said in the part, and at the use with where it is', () => {
    const broken = pretty({
      schemaVersion: 1,
      part: 'badge',
      parameters: { label: { type: 'text' } },
      blocks: [{ type: 'text', text: { $param: 'label' }, variant: 'shout' }],
    });
    const { text, screen, part } = pair([{ type: 'part', part: 'badge', with: { label: 'x' } }], {
      badge: broken,
    });
    const inPart = at(broken, '"variant"');
    expect(errors(part('badge').problems)).toEqual([
      expect.objectContaining({ ...inPart, message: expect.stringContaining("'variant' must be one of") }),
    ]);
    expect(errors(screen.problems)).toEqual([
      expect.objectContaining({
        ...at(text, '"type": "part"'),
        message: expect.stringContaining(
          `(in part 'badge', parts/badge.json:${inPart.line}:${inPart.column})`,
        ),
      }),
    ]);
  });
});

describe('cycles and limits', () => {
  const loop = (name: string, next: string) =>
    pretty({
      schemaVersion: 1,
      part: name,
      blocks: [
        { type: 'text', text: name },
        { type: 'part', part: next },
      ],
    });
  const parts = { a: loop('a', 'b'), b: loop('b', 'a') };

  it('a part that uses itself through another is refused, at the use that closes the circle and in the screen', () => {
    const { text, screen, part } = pair([{ type: 'part', part: 'a' }], parts);
    expect(errors(screen.problems)).toEqual([
      expect.objectContaining({
        ...at(text, '"type": "part"'),
        message: expect.stringContaining("part 'a' uses itself: a → b → a"),
      }),
    ]);
    expect(errors(part('b').problems)).toEqual(
      expect.arrayContaining([
        { ...at(parts.b, '"part": "a"'), message: expect.stringContaining("part 'a' uses itself") },
      ]),
    );
    // The screen is not expanded forever: what it could expand is there, the circle is cut.
    const resolved = resolveScreen(JSON.parse(text), 'home', libraryOf({ parts }));
    expect(resolved.doc).toMatchObject({ body: [{ text: 'a' }, { text: 'b' }] });
  });

  it('a part that uses itself directly is refused too', () => {
    const { screen } = pair([{ type: 'part', part: 'self' }], { self: loop('self', 'self') });
    expect(errors(screen.problems).map((e) => e.message)).toEqual([
      expect.stringContaining("part 'self' uses itself: self → self"),
    ]);
  });

  it('nesting deeper than the limit is refused', () => {
    const chain: Record<string, string> = {};
    for (let i = 0; i <= MAX_DEPTH + 1; i++) chain[`p${i}`] = loop(`p${i}`, `p${i + 1}`);
    chain[`p${MAX_DEPTH + 2}`] = pretty({
      schemaVersion: 1,
      part: `p${MAX_DEPTH + 2}`,
      blocks: [{ type: 'divider' }],
    });
    const { screen } = pair([{ type: 'part', part: 'p0' }], chain);
    expect(errors(screen.problems).map((e) => e.message)).toEqual([
      expect.stringContaining(`nested more than ${MAX_DEPTH} deep`),
    ]);
  });

  it('a part used twice by a part used twice... cannot blow a screen up (exponential growth is cut)', () => {
    const doubling: Record<string, string> = {};
    for (let i = 0; i < 7; i++)
      doubling[`d${i}`] = pretty({
        schemaVersion: 1,
        part: `d${i}`,
        blocks: [
          { type: 'part', part: `d${i + 1}` },
          { type: 'part', part: `d${i + 1}` },
          { type: 'part', part: `d${i + 1}` },
          { type: 'part', part: `d${i + 1}` },
        ],
      });
    doubling.d7 = pretty({ schemaVersion: 1, part: 'd7', blocks: [{ type: 'divider' }] });
    const { screen } = pair([{ type: 'part', part: 'd0' }], doubling);
    expect(errors(screen.problems).map((e) => e.message)).toEqual([
      expect.stringContaining(`more than ${MAX_USES} times`),
    ]);
  });
});

describe('a variant of a variant is refused, saying what to do instead', () => {
  const base = pretty({
    schemaVersion: 1,
    id: 'base',
    title: 'Base',
    body: [{ type: 'text', id: 'amount', text: 'A' }],
  });
  const middle = pretty({
    schemaVersion: 1,
    id: 'middle',
    variantOf: 'base',
    changes: [{ block: 'amount', set: { text: 'B' } }],
  });
  const last = pretty({
    schemaVersion: 1,
    id: 'last',
    variantOf: 'middle',
    changes: [{ block: 'amount', set: { text: 'C' } }],
  });
  const library = libraryOf({ screens: { base, middle, last } });

  it('is refused at variantOf', () => {
    const result = checkScreenText(last, { id: 'last', library });
    expect(result.doc).toBeNull();
    expect(errors(result.problems)).toEqual([
      {
        ...at(last, '"variantOf"'),
        message:
          "'middle' is itself a variant (of 'base'), and a variant of a variant is not allowed: make this screen a variant of 'base' with the changes it needs, or move what they share into a screen part (parts/<name>)",
      },
    ]);
  });

  it('a variant of the base works', () => {
    expect(checkScreenText(middle, { id: 'middle', library }).errors).toBe(0);
  });

  it('a change aimed at a block the base does not have is said in the variant and in the base', () => {
    const wrong = pretty({
      schemaVersion: 1,
      id: 'wrong',
      variantOf: 'base',
      changes: [{ block: 'amout', remove: true }],
    });
    const lib = libraryOf({ screens: { base, wrong } });
    expect(errors(checkScreenText(wrong, { id: 'wrong', library: lib }).problems)).toEqual([
      {
        ...at(wrong, '"block"'),
        message: "change #1: screen 'base' has no block with id 'amout' (did you mean 'amount'?)",
      },
    ]);
    expect(errors(checkScreenText(base, { id: 'base', library: lib }).problems)).toEqual([
      expect.objectContaining({
        line: 1,
        column: 1,
        message: expect.stringContaining(
          "screen 'wrong' changes the block with id 'amout', which is not here",
        ),
      }),
    ]);
  });
});

describe('screens:check on a folder: both places, file:line:col', () => {
  it('reports the wrong parameter in the screen and in the part', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parts-check-'));
    mkdirSync(join(dir, 'parts'));
    const home = pretty({
      schemaVersion: 1,
      id: 'home',
      title: 'Home',
      body: [{ type: 'part', part: 'badge', with: { label: 'x', tnoe: 'danger' } }],
    });
    writeFileSync(join(dir, 'home.json'), home);
    writeFileSync(join(dir, 'parts', 'badge.json'), BADGE);
    writeFileSync(
      join(dir, 'manifest.json'),
      pretty({ schemaVersion: 1, routes: [{ path: '/', screen: 'home' }] }),
    );
    const { problems } = checkScreens(dir, (p) => p.slice(dir.length + 1));
    const where = at(home, '"tnoe"');
    expect(
      problems
        .filter((f) => f.severity === 'error')
        .map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`),
    ).toEqual([
      `home.json:${where.line}:${where.column} part 'badge' has no parameter 'tnoe' (did you mean 'tone'?)`,
      `parts/badge.json:${at(BADGE, '"parameters"').line}:${at(BADGE, '"parameters"').column} screen 'home' gives 'tnoe', which is not a parameter here (home.json:${where.line}:${where.column})`,
    ]);
  });
});
