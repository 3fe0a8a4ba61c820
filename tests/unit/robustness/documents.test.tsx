// Hostile documents (issue 10): every document in screens/ (read now, so new screens are covered)
// is damaged at random: fields dropped, retyped and duplicated, deep nesting, huge strings, block
// and action types nobody knows, prototype keys. Each damaged document is either refused with at
// least one message, or accepted and rendered by the engine without an uncaught error and without
// an empty page. The validator never throws.
import { act, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Screen } from '../../../renderer/Screen';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { validateManifest, validateScreenDocument } from '../../../renderer/validate/validateDocument';
import { routeEntries, type Manifest } from '../../../src/manifest/routes';
import { createFakeHost } from '../../fixtures/fakeHost';
import { mutate, mutationsArb, screenFiles, type Json, type Mutation } from './mutate';

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

describe('the fuzzing itself', () => {
  it('rendered a fair share of accepted damaged documents (else it proves nothing)', () => {
    expect(screens.length).toBeGreaterThan(0);
    expect(rendered).toBeGreaterThan(screens.length * RENDER_RUNS * 0.15);
    expect(rendered, 'accepted damaged documents rendered').toBeGreaterThanOrEqual(MIN_RENDERED);
    if (MIN_RENDERED > 0) console.info(`fuzz: ${rendered} damaged documents rendered`);
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
