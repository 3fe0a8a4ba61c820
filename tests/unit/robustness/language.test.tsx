// Hostile and random documents with the language's second edition: typed variables (some with
// the wrong starting type), computed values (some in circles), triggers, timers of expression
// length, and calls of every function with random arguments built from their signatures. Every
// document is refused with messages or accepted; an accepted one renders and survives a tap on
// each of its buttons with no uncaught error, no failed block or action, no NaN, Infinity or
// "Invalid Date" on screen, and no prototype pollution.
import { act, fireEvent, render, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Screen } from '../../../renderer/Screen';
import { loadLanguage } from '../../../renderer/lang/load';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { validateScreenDocument } from '../../../renderer/validate/validateDocument';
import { vocabulary } from '../../../renderer/validate/vocabulary.gen';
import { createFakeHost } from '../../fixtures/fakeHost';

const RUNS = Number(process.env.LANG_FUZZ_RUNS ?? 40);
const CRASHES = ['block-failed', 'action-failed'];
const TYPES = ['text', 'number', 'integer', 'boolean', 'date', 'list', 'object'] as const;
const VARS = ['a', 'b', 'c'];
const COMPUTED = ['x', 'y'];

// Text from a small alphabet: a random "NaN" in a literal would hide a real one.
const word = fc.stringMatching(/^[a-z0-9 ./:-]{0,8}$/);
const literal = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  word,
  fc.constantFrom('12', '2025-03-01', '2025-02-30', '1740792600', '', null, true, false),
);
const path = fc.constantFrom(
  ...VARS.map((v) => `vars.${v}`),
  ...COMPUTED.map((c) => `computed.${c}`),
  'data.list',
  'data.amount',
  'data.missing',
  'form.text',
  'item',
  'index',
);

const LIBRARY = Object.entries(vocabulary.functions).filter(([, sig]) => sig.library);

/** A call of one function, its arguments shaped by its signature (literal ones as the schema wants). */
function callArb(expr: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.constantFrom(...LIBRARY).chain(([name, sig]) => {
    const args = sig.params.map(([, spec]) => {
      const choices = [...spec.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
      const arg = choices.length
        ? fc.constantFrom(...choices)
        : /pattern/.test(spec)
          ? fc.constantFrom('YYYY-MM-DD', 'D MMM, h:mm A', 'DD/MM/YYYY')
          : /field/.test(spec)
            ? fc.constantFrom('amount', '', 'n.x')
            : /name/.test(spec)
              ? fc.constantFrom('it', 'item')
              : expr;
      const optional = /\?(\.\.\.)?$/.test(spec);
      return optional ? fc.option(arg, { nil: undefined }) : arg;
    });
    return fc.tuple(...args).map((values) => {
      // An optional argument left out ends the list (a later one cannot be given without it).
      const end = values.indexOf(undefined);
      return { [name]: end < 0 ? values : values.slice(0, end) };
    });
  });
}

const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literal,
    fc.record({ $: path }),
    callArb(tie('expr')),
    fc.record({ '+': fc.tuple(tie('expr'), tie('expr')) }),
    fc.record({ if: fc.tuple(tie('expr'), tie('expr'), tie('expr')) }),
  ),
}));

const variable = fc.record({
  type: fc.constantFrom(...TYPES),
  value: fc.oneof(literal, fc.constant([1, 'x']), fc.constant({ k: 1 })),
});
const docArb = fc.record({
  variables: fc.dictionary(fc.constantFrom(...VARS), variable, { maxKeys: 3 }),
  computed: fc.dictionary(
    fc.constantFrom(...COMPUTED),
    fc.record({ type: fc.constantFrom(...TYPES), value: expr }),
    {
      maxKeys: 2,
    },
  ),
  triggers: fc.array(
    fc.record({
      when: expr,
      then: fc.array(
        fc.oneof(
          fc.record({
            do: fc.constant('set'),
            path: fc.constantFrom(...VARS.map((v) => `vars.${v}`)),
            value: expr,
          }),
          fc.record({ do: fc.constant('toast'), text: word }),
        ),
        { minLength: 1, maxLength: 2 },
      ),
      once: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  shown: fc.array(expr, { minLength: 1, maxLength: 4 }),
  sets: fc.array(fc.record({ path: fc.constantFrom(...VARS.map((v) => `vars.${v}`)), value: expr }), {
    maxLength: 3,
  }),
  seconds: expr,
});

type Generated = typeof docArb extends fc.Arbitrary<infer T> ? T : never;

function toDocument(g: Generated): unknown {
  return {
    schemaVersion: 1,
    id: 'fuzz',
    title: 'Fuzz',
    state: {
      data: { list: [{ amount: 5 }, { amount: '7' }, { n: { x: 1 } }], amount: '12.5' },
      form: { text: 'abc' },
    },
    variables: g.variables,
    computed: g.computed,
    triggers: g.triggers,
    timers: {
      t: { seconds: isOperator(g.seconds) ? g.seconds : 3, onTick: [{ do: 'track', event: 'tick' }] },
    },
    body: [
      ...g.shown.map((e) => ({ type: 'text', text: e })),
      { type: 'text', text: { t: 'A {vars.a} B {vars.b} X {computed.x} Y {computed.y}' } },
      {
        type: 'button',
        label: 'Go',
        onTap: [...g.sets.map((s) => ({ do: 'set', ...s })), { do: 'countdown', timer: 't', op: 'start' }],
        onAppear: [{ do: 'track', event: 'seen' }],
      },
    ],
  };
}

const isOperator = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

const uncaught: string[] = [];
const onWindowError = (event: ErrorEvent) => uncaught.push(`window error: ${event.message}`);
const onRejection = (reason: unknown) => uncaught.push(`unhandled rejection: ${String(reason)}`);
let rendered = 0;

beforeAll(async () => {
  await loadLanguage();
  window.addEventListener('error', onWindowError);
  process.on('unhandledRejection', onRejection);
});
afterAll(() => {
  window.removeEventListener('error', onWindowError);
  process.off('unhandledRejection', onRejection);
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('documents with variables, computed values, triggers and functions', () => {
  it(
    'are refused with messages, or render and take taps without failing',
    async () => {
      await fc.assert(
        fc.asyncProperty(docArb, async (generated) => {
          uncaught.length = 0;
          const doc = toDocument(generated);
          const result = validateScreenDocument(doc);
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const e of result.errors) expect(e.message).toMatch(/\S/);
            return;
          }
          rendered++;
          const host = createFakeHost();
          let utils: ReturnType<typeof render> | undefined;
          await act(async () => {
            utils = render(
              <Screen doc={result.doc as ScreenDocument} host={host} params={{}} setTitle={false} />,
            );
          });
          try {
            const button = within(utils!.container).getByRole('button', { name: 'Go' });
            await act(async () => {
              fireEvent.click(button);
              await new Promise((r) => setTimeout(r, 0));
            });
            const text = utils!.container.textContent ?? '';
            expect(text).not.toMatch(/NaN|Infinity|Invalid Date|\[object Object\]|undefined/);
            expect(JSON.stringify(host.log.problems.filter((p) => CRASHES.includes(p.code)))).toBe('[]');
            expect(uncaught).toEqual([]);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          } finally {
            utils!.unmount();
          }
        }),
        { numRuns: RUNS },
      );
      // Else the property proves little: most generated documents are valid by construction.
      expect(rendered).toBeGreaterThan(RUNS * 0.5);
    },
    RUNS * 500,
  );
});
