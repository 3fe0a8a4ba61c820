// Hostile documents (issue 10): every document in screens/ (read now, so new screens are covered)
// is damaged at random: fields dropped, retyped and duplicated, deep nesting, huge strings, block
// and action types nobody knows, prototype keys. Each damaged document is either refused with at
// least one message, or accepted and rendered by the engine without an uncaught error and without
// an empty page. The validator never throws. Documents as ops write them (issue 18: parts, variants,
// a screen with parts and typed variables) are damaged too and expanded as the server does first:
// the resolver never throws, a refusal says why, and what it accepts renders like any screen.
import { act, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Screen } from '../../../renderer/Screen';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { validateManifest, validateScreenDocument } from '../../../renderer/validate/validateDocument';
import { routeEntries, type Manifest } from '../../../src/manifest/routes';
import { createFakeHost } from '../../fixtures/fakeHost';
import {
  mutate,
  mutationsArb,
  screenFiles,
  SCREENS_DIR,
  sourceFiles,
  type Json,
  type Mutation,
} from './mutate';
import { folderLibrary } from '../../../src/checker/checkScreens';
import { withDocument, type DocRef } from '../../../src/parts/library';
import { resolveScreen, usesSource } from '../../../src/parts/resolve';

/**
 * Damaged copies tried per screen (validation alone is cheap: more of those). CI's share is 10 a
 * screen (about 260 tries; about 30% pass the validator and render). `npm run fuzz` raises it
 * with FUZZ_RENDER_RUNS and holds the run to FUZZ_MIN_RENDERED documents rendered (issue 20).
 */
const runsFrom = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const RENDER_RUNS = runsFrom('FUZZ_RENDER_RUNS', 10);
const VALIDATE_RUNS = runsFrom('FUZZ_VALIDATE_RUNS', 40);
const MIN_RENDERED = runsFrom('FUZZ_MIN_RENDERED', 0);
vi.setConfig({ testTimeout: Math.max(20_000, RENDER_RUNS * 2_000) });

const CRASHES = ['block-failed', 'action-failed'];

const files = screenFiles();
let rendered = 0;
/** Of those, expanded from damaged documents as written (parts, variants). */
let renderedWritten = 0;
const screens = files.filter((f) => f.name !== 'manifest.json');
const manifest = files.find((f) => f.name === 'manifest.json');

/** Errors nobody caught: React's reportError (window 'error') and promise rejections nobody awaited. */
const uncaught: string[] = [];
const onWindowError = (event: ErrorEvent) => uncaught.push(`window error: ${event.message}`);
const onRejection = (reason: unknown) => uncaught.push(`unhandled rejection: ${String(reason)}`);

beforeAll(() => {
  window.addEventListener('error', onWindowError);
  process.on('unhandledRejection', onRejection);
});
afterAll(() => {
  window.removeEventListener('error', onWindowError);
  process.off('unhandledRejection', onRejection);
});
beforeEach(() => {
  uncaught.length = 0;
  // React logs what a block's boundary catches; the assertions read the host's reports instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Blocks at the top of the body that show whatever the data says (no `visible` condition). */
function unconditional(doc: Json): number {
  const body = (doc as { body?: unknown }).body;
  if (!Array.isArray(body)) return 0;
  return body.filter((b) => b !== null && typeof b === 'object' && !('visible' in b)).length;
}

/** Renders, lets sources and on-load actions settle, and says what showed. */
async function show(doc: ScreenDocument) {
  const host = createFakeHost(() => ({ ok: true, data: {} }));
  let utils: ReturnType<typeof render> | undefined;
  await act(async () => {
    utils = render(
      <Screen doc={doc} host={host} params={{ orderId: 'ORD-1', productId: 'P-1' }} setTitle={false} />,
    );
  });
  // A document that uses the language's lazily loaded part, or lazy blocks, draws once they have
  // arrived (a dynamic import: some ticks, more on a busy machine); then its sources settle.
  for (let i = 0; i < 100 && !utils!.container.querySelector('main.screen'); i++)
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const main = utils!.container.querySelector('main.screen');
  const shown = main ? main.childElementCount > 0 || (main.textContent ?? '').trim() !== '' : false;
  utils!.unmount();
  return { host, main, shown };
}

function checkRefusal(errors: { message: string; pointer: string }[]) {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.message).toBe('string');
    expect(e.message).toMatch(/\S/);
    expect(e.pointer === '' || e.pointer.startsWith('/')).toBe(true);
  }
}

describe.each(screens.map((f) => [f.name, f.doc] as const))('hostile copies of %s', (name, original) => {
  let renders = false;

  beforeAll(async () => {
    // The untouched document renders something: that is what a damaged copy is held to.
    const result = validateScreenDocument(original);
    expect(result.ok, `${name} itself is valid`).toBe(true);
    if (result.ok) renders = (await show(result.doc)).shown;
  });

  it('the validator never throws; a refusal always says why', () => {
    fc.assert(
      fc.property(mutationsArb, (mutations) => {
        const doc = mutate(original, mutations);
        let result: ReturnType<typeof validateScreenDocument> | undefined;
        expect(() => (result = validateScreenDocument(doc))).not.toThrow();
        if (!result!.ok) checkRefusal(result!.errors);
      }),
      { numRuns: VALIDATE_RUNS },
    );
  });

  it('an accepted copy renders: no uncaught error, no empty page, nothing polluted', async () => {
    await fc.assert(
      fc.asyncProperty(mutationsArb, async (mutations: Mutation[]) => {
        uncaught.length = 0;
        const doc = mutate(original, mutations);
        const result = validateScreenDocument(doc);
        if (!result.ok) {
          checkRefusal(result.errors);
          return;
        }
        rendered++;
        const { main, host } = await show(result.doc).then(async (first) => {
          if (renders && unconditional(doc) > 0)
            expect(first.shown, `${name} with ${JSON.stringify(mutations)} shows nothing`).toBe(true);
          return first;
        });
        expect(main).toBeTruthy();
        // A block or action that throws is isolated (placeholder, report), but an accepted document
        // should not make one throw: that is a gap in the schema or in the block.
        expect(host.log.problems.filter((p) => CRASHES.includes(p.code))).toEqual([]);
        expect(uncaught).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: RENDER_RUNS },
    );
  });
});

/** A screen with typed variables, a computed value and a trigger that also uses parts. */
const PARTS_AND_VARIABLES: Json = {
  schemaVersion: 1,
  id: 'parts-and-variables',
  title: 'Parts and variables',
  variables: {
    tags: { type: 'list', value: ['Fast', 'Low rate'] },
    taps: { type: 'integer', value: 0 },
  },
  computed: { label: { type: 'text', value: { concat: ['Tapped ', { $: 'vars.taps' }] } } },
  triggers: [{ when: { '>=': [{ $: 'vars.taps' }, 2] }, once: true, then: [{ do: 'toast', text: 'Twice' }] }],
  body: [
    { type: 'text', text: { $: 'computed.label' } },
    {
      type: 'repeat',
      items: { $: 'vars.tags' },
      children: [{ type: 'part', part: 'product-tags', with: { items: { $: 'vars.tags' } } }],
    },
    {
      type: 'part',
      part: 'product-card',
      with: {
        id: 'card',
        disabled: false,
        onTap: [{ do: 'set', path: 'vars.taps', value: { '+': [{ $: 'vars.taps' }, 1] } }],
        logo: '/img/logo.png',
        logoAlt: 'Logo',
        name: { $: 'computed.label' },
        description: 'Cash in 5 minutes',
        button: 'Apply',
        amount: { t: '{vars.taps} pesos' },
        amountNote: 'Loan amount',
        rate: '0.05%',
      },
    },
  ],
};

/** What ops write that the server expands: parts, variants, screens using parts, and the mix above. */
const library = folderLibrary(SCREENS_DIR);
const written = [
  ...sourceFiles().filter((f) => f.name.startsWith('parts/') || usesSource(f.doc)),
  { name: 'parts-and-variables.json', doc: PARTS_AND_VARIABLES },
];
const refOf = (name: string): DocRef =>
  name.startsWith('parts/')
    ? { kind: 'part', name: name.slice('parts/'.length, -'.json'.length) }
    : { kind: 'screen', name: name.slice(0, -'.json'.length) };

/** The screens that changing `ref` affects, expanded with the damaged text in its place. */
function expandAffected(ref: DocRef, damaged: Json) {
  const lib = withDocument(library, ref, JSON.stringify(damaged));
  const ids = ref.kind === 'screen' ? [ref.name] : lib.names('screen');
  return ids.flatMap((id) => {
    const value = ref.kind === 'screen' ? damaged : lib.get('screen', id)!.value;
    const resolved = resolveScreen(value, id, lib);
    return ref.kind === 'part' && !resolved.dependsOn.some((d) => d.kind === 'part' && d.name === ref.name)
      ? []
      : [resolved];
  });
}

describe.each(written.map((f) => [f.name, f.doc] as const))(
  'hostile copies of %s (as written)',
  (name, original) => {
    const ref = refOf(name);

    it('is expanded as it is', () => {
      const resolved = expandAffected(ref, original);
      expect(resolved.length).toBeGreaterThan(0);
      for (const r of resolved) {
        expect(r.issues.filter((i) => i.severity !== 'warning')).toEqual([]);
        expect(validateScreenDocument(r.doc).ok).toBe(true);
      }
    });

    it('damaged: the resolver never throws; a refusal says why; an accepted expansion renders', async () => {
      await fc.assert(
        fc.asyncProperty(mutationsArb, async (mutations: Mutation[]) => {
          uncaught.length = 0;
          const doc = mutate(original, mutations);
          let resolved: ReturnType<typeof expandAffected> = [];
          expect(() => (resolved = expandAffected(ref, doc))).not.toThrow();
          for (const r of resolved) {
            const refused = r.issues.filter((i) => i.severity !== 'warning');
            if (refused.length > 0 || r.doc === null) {
              for (const i of refused) {
                expect(i.message).toMatch(/\S/);
                expect(i.pointer === '' || i.pointer.startsWith('/')).toBe(true);
              }
              continue;
            }
            const result = validateScreenDocument(r.doc);
            if (!result.ok) {
              checkRefusal(result.errors);
              continue;
            }
            rendered++;
            renderedWritten++;
            const { main, host } = await show(result.doc);
            expect(main).toBeTruthy();
            expect(host.log.problems.filter((p) => CRASHES.includes(p.code))).toEqual([]);
            expect(uncaught).toEqual([]);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          }
        }),
        { numRuns: Math.max(2, Math.ceil(RENDER_RUNS / 2)) },
      );
    });
  },
);

describe('the fuzzing itself', () => {
  it('rendered a fair share of accepted damaged documents (else it proves nothing)', () => {
    expect(screens.length).toBeGreaterThan(0);
    expect(rendered).toBeGreaterThan(screens.length * RENDER_RUNS * 0.15);
    expect(rendered, 'accepted damaged documents rendered').toBeGreaterThanOrEqual(MIN_RENDERED);
    // Five tries a document give 17-30 renderings over the 17 documents (six runs, 2026-11-28): a
    // bound of one a document failed CI by chance now and then; half of one is ~3.5 sd below.
    expect(renderedWritten, 'damaged parts and variants expanded and rendered').toBeGreaterThan(
      written.length / 2,
    );
    if (MIN_RENDERED > 0)
      console.info(
        `fuzz: ${rendered} damaged documents rendered (${renderedWritten} expanded from parts and variants)`,
      );
  });
});

describe('hostile copies of the manifest', () => {
  it('is refused with messages, or accepted and turned into routes without throwing', () => {
    expect(manifest, 'screens/manifest.json exists').toBeTruthy();
    fc.assert(
      fc.property(mutationsArb, (mutations) => {
        const doc = mutate(manifest!.doc, mutations);
        expect(() => validateManifest(doc)).not.toThrow();
        const result = validateManifest(doc);
        if (!result.ok) return checkRefusal(result.errors);
        expect(() => routeEntries(result.manifest as Manifest, { devPreview: true })).not.toThrow();
      }),
      { numRuns: VALIDATE_RUNS * 2 },
    );
  });
});
