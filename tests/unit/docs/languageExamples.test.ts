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
  TIMERS_EXAMPLE,
  VARIABLES_EXAMPLE,
} from '../../../src/schema-gen/docsExamples';

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
