// @vitest-environment node
// The worked examples of docs/screen-language.md's language chapters are what ops copy: each must
// be a document (or a block of one) that the checker accepts without an error or a warning, and the
// generated docs must print exactly these examples.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, registerOperators } from '../../../renderer/expr/evaluate';
import { LIBRARY } from '../../../renderer/expr/functions/library.gen';
import { checkScreenText } from '../../../src/checker/checkText';
import { loadConfig } from '../../../src/config/load';
import { urlPolicyOf } from '../../../src/config/origins';
import {
  APPEAR_EXAMPLE,
  GATING_EXAMPLE,
  LANDING_VARIANT_EXAMPLE,
  PART_EXAMPLE,
  PART_USE_EXAMPLE,
  TIMERS_EXAMPLE,
  VARIABLES_EXAMPLE,
} from '../../../src/schema-gen/docsExamples';
import { fitJson } from '../../../src/schema-gen/jsonFit';
import { checkPartText } from '../../../src/checker/checkText';
import { folderLibrary } from '../../../src/checker/checkScreens';
import { libraryOf, withDocument } from '../../../src/parts/library';
import { resolveScreen } from '../../../src/parts/resolve';
import type { ScreensManifest } from '../../../renderer/types.gen';
import type { Problem } from '../../../renderer/validate/problem';

const screen = (fields: Record<string, unknown>) =>
  JSON.stringify({ schemaVersion: 1, id: 'example', title: 'Example', body: [], ...fields }, null, 2);

// As screens:check checks them: with the default configuration's allowed origins.
const urls = urlPolicyOf(loadConfig({}));
const problems = (text: string) =>
  checkScreenText(text, { id: 'example', urls }).problems.map((p) => p.message);

const docs = readFileSync(join(process.cwd(), 'docs', 'screen-language.md'), 'utf8');

registerOperators(LIBRARY);

describe('the language chapters’ examples', () => {
  const examples: [string, string][] = [
    ['variables, computed values and triggers', screen(VARIABLES_EXAMPLE)],
    ['timers', screen(TIMERS_EXAMPLE)],
    ['capability gating', screen({ body: [GATING_EXAMPLE] })],
    ['appear events', screen({ body: [APPEAR_EXAMPLE] })],
  ];
  it.each(examples)('%s: the checker accepts it', (_name, text) => {
    expect(problems(text)).toEqual([]);
  });

  it.each([VARIABLES_EXAMPLE, TIMERS_EXAMPLE, GATING_EXAMPLE, APPEAR_EXAMPLE])(
    'is printed in the docs (example %#)',
    (example) => {
      expect(docs).toContain(JSON.stringify(example, null, 2));
    },
  );

  it('would catch a broken example (an undeclared modal, a misspelt variable)', () => {
    const broken = {
      ...VARIABLES_EXAMPLE,
      modals: {},
      body: [{ type: 'text', text: { t: 'Due in {computed.daysLft} days' } }],
    };
    const found = problems(screen(broken));
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining("there is no modal 'tooManyTries'"),
        expect.stringContaining("did you mean 'daysLeft'?"),
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('the countdown example shows minutes and seconds', () => {
    const clock = (remaining: number) =>
      evaluate(TIMERS_EXAMPLE.computed.clock.value, {
        scope: { timers: { offer: { remaining, running: true } } },
        format: () => '',
      });
    expect([clock(125), clock(60), clock(9), clock(0)]).toEqual(['2:05', '1:00', '0:09', '0:00']);
  });
});

describe('the Reusing parts chapter’s examples', () => {
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), 'screens', 'manifest.json'), 'utf8'),
  ) as ScreensManifest;
  const library = folderLibrary(join(process.cwd(), 'screens'));

  it('the part and a screen using it: the checker accepts both', () => {
    const part = JSON.stringify(PART_EXAMPLE, null, 2);
    const lib = libraryOf({ parts: { notice: part } });
    // Examples stand alone: no screen of the library uses the part, no route shows the screens.
    const used = (p: Problem) => p.keyword !== 'unused';
    expect(checkPartText(part, { name: 'notice', library: lib, urls }).problems.filter(used)).toEqual([]);
    const screenText = screen({ body: [PART_USE_EXAMPLE], params: [], state: { data: { nextLimit: 0 } } });
    const checked = checkScreenText(screenText, { id: 'example', urls, manifest, library: lib });
    expect(checked.problems.filter(used).map((p) => p.message)).toEqual([]);
    expect(checked.doc?.body[0]).toMatchObject({
      type: 'section',
      children: [{ text: 'Pay on time, borrow more' }, {}, { type: 'link' }],
    });
  });

  it('a third landing template, under 40 lines: accepted, and only its banner and colours differ', () => {
    const text = fitJson(LANDING_VARIANT_EXAMPLE);
    expect(text.split('\n').length).toBeLessThan(40);
    const lib = withDocument(library, { kind: 'screen', name: 'promo-landing-sunny' }, text);
    const checked = checkScreenText(text, { id: 'promo-landing-sunny', urls, manifest, library: lib });
    // A new template: no promotion template names it yet (a warning until the manifest does).
    expect(checked.problems.map((p) => p.message)).toEqual([
      "no route or promotion template in the manifest shows screen 'promo-landing-sunny'",
    ]);
    // Against the same base with the same banner and no changes: the colours are all that differ.
    const { changes: _changes, ...bannerOnly } = LANDING_VARIANT_EXAMPLE;
    const plain = resolveScreen(bannerOnly, 'promo-landing-sunny', lib).doc as {
      body: Record<string, unknown>[];
    };
    const sunny = JSON.parse(JSON.stringify(checked.doc)) as { body: Record<string, unknown>[] };
    expect(sunny.body[0]).toMatchObject({ type: 'image', aspect: '750:300' });
    expect(sunny.body[1]!.style).toEqual({ margin: 'md', background: 'muted', rounded: true });
    expect(JSON.stringify(sunny).split('"variant":"secondary"')).toHaveLength(2);
    sunny.body[1]!.style = plain.body[1]!.style;
    expect(JSON.stringify(sunny).replace(',"variant":"secondary"', '')).toBe(JSON.stringify(plain));
  });

  it('is printed in the docs', () => {
    for (const example of [PART_EXAMPLE, PART_USE_EXAMPLE, LANDING_VARIANT_EXAMPLE])
      expect(docs).toContain(fitJson(example));
  });
});
