// Property tests of the whole pipeline: random documents from a grammar of the blocks and actions
// that exist are validated and rendered; random damage to valid documents never makes the
// validator throw, and whatever it accepts still renders.
import { act, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Screen } from '../../../renderer/Screen';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { validateScreenDocument } from '../../../renderer/validate/validateDocument';
import { vocabulary } from '../../../renderer/validate/vocabulary.gen';
import { createFakeHost } from '../../fixtures/fakeHost';

type Json = unknown;
type Arb = fc.Arbitrary<Json>;

const RUNS = 60;
const CRASHES = ['block-failed', 'action-failed', 'unknown-block', 'unknown-action'];

// Values ops write: literals, bindings (some to missing or hostile data), templates, conditions.
const path = fc.constantFrom(
  'data.name',
  'data.amount',
  'data.missing.deep',
  'params.id',
  'ui.flag',
  'form.a',
  'data.list',
);
const text: Arb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.record({ $: path }),
  fc.record({
    t: fc.constantFrom('Hi {data.name}', '{data.amount|amount} due', '{{literal}} {data.missing}'),
  }),
);
const condition: Arb = fc.oneof(
  fc.boolean(),
  fc.record({ $: path }),
  fc.record({ '==': fc.tuple(fc.record({ $: path }), fc.constantFrom(1, '174', 'x', null)) }),
  fc.record({ not: fc.record({ $: path }) }),
);
const url: Arb = fc.constantFrom('https://example.com/a.png', '/home', 'javascript:alert(1)', '', {
  $: 'data.url',
});
const statePath = fc.constantFrom('form.a', 'form.phone', 'ui.b', 'ui.flag', 'data.y');

const {
  block: blockArb,
  blocks: blocksArb,
  actions: actionsArb,
} = fc.letrec<{
  block: Json;
  blocks: Json;
  action: Json;
  actions: Json;
}>((tie) => {
  const blocks = fc.array(tie('block'), { maxLength: 3 });
  const actions = fc.array(tie('action'), { maxLength: 2 });
  const opt = { requiredKeys: [] as never[] };
  // Each block type's valid fields. Only the types the schemas define are generated.
  const BLOCKS: Record<string, Arb> = {
    text: fc.record(
      { text, variant: fc.constantFrom('title', 'body', 'caption') },
      { requiredKeys: ['text'] },
    ),
    button: fc.record(
      {
        label: text,
        variant: fc.constantFrom('primary', 'outline', 'link'),
        disabled: condition,
        onTap: actions,
      },
      { requiredKeys: ['label'] },
    ),
    image: fc.record({ src: url, alt: text, zoom: fc.boolean() }, { requiredKeys: ['src', 'alt'] }),
    divider: fc.record({ inset: fc.boolean() }, opt),
    spacer: fc.record({ size: fc.constantFrom('sm', 'lg') }, opt),
    column: fc.record({ children: blocks }),
    row: fc.record({ children: blocks }),
    section: fc.record({ title: text, children: blocks }, { requiredKeys: ['children'] }),
    hero: fc.record({ title: text, text, image: url }, opt),
    keyValue: fc.oneof(
      fc.record({ items: fc.array(fc.record({ label: text, value: text }), { maxLength: 3 }) }),
      fc.record({ rows: fc.record({ $: path }) }),
    ),
    link: fc.record({ text, href: url }),
    input: fc.record(
      { bind: statePath, label: text, maxLength: fc.integer({ min: 1, max: 20 }) },
      {
        requiredKeys: ['bind', 'label'],
      },
    ),
    textarea: fc.record({ bind: statePath, label: text }),
    checkbox: fc.record({ bind: statePath, label: text }),
    stars: fc.record(
      { bind: statePath, label: text, count: fc.integer({ min: 1, max: 5 }) },
      {
        requiredKeys: ['bind'],
      },
    ),
    codeBox: fc.record({ code: text, label: text }, { requiredKeys: ['code'] }),
    repeat: fc.record(
      { items: fc.record({ $: path }), children: blocks, empty: blocks },
      {
        requiredKeys: ['items', 'children'],
      },
    ),
    switch: fc.record({
      on: fc.record({ $: path }),
      cases: fc.array(
        fc.record({ in: fc.array(fc.constantFrom(1, '174', 'Ana'), { minLength: 1 }), body: blocks }),
        {
          minLength: 1,
          maxLength: 2,
        },
      ),
    }),
    tabs: fc.record({
      tabs: fc.array(fc.record({ title: text, body: blocks }), { minLength: 1, maxLength: 2 }),
    }),
  };
  const ACTIONS: Record<string, Arb> = {
    toast: fc.record({ text }),
    set: fc.record({ path: statePath, value: fc.oneof(fc.integer(), text) }),
    navigate: fc.record({ to: url }),
    openModal: fc.constant({ id: 'm' }),
    closeModal: fc.constant({}),
    if: fc.record({ cond: condition, then: actions, else: actions }, { requiredKeys: ['cond'] }),
    call: fc.record({ api: fc.constant('v3'), path: fc.constant('/v3/x'), into: fc.constant('data.reply') }),
  };
  const tagged = (table: Record<string, Arb>, known: object, key: 'type' | 'do') =>
    fc.oneof(
      ...Object.entries(table)
        .filter(([name]) => Object.prototype.hasOwnProperty.call(known, name))
        .map(([name, arb]) =>
          fc.tuple(arb, fc.option(condition, { nil: undefined })).map(([fields, when]) => ({
            [key]: name,
            ...(fields as object),
            ...(when === undefined ? {} : { [key === 'type' ? 'visible' : 'when']: when }),
          })),
        ),
    );
  return {
    block: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tagged(BLOCKS, vocabulary.blocks, 'type')),
    blocks,
    action: tagged(ACTIONS, vocabulary.actions, 'do'),
    actions,
  };
});

const docArb = fc.record({
  body: blocksArb,
  onLoad: actionsArb,
  modal: fc.array(blockArb, { maxLength: 2 }),
});

function toDocument(parts: { body: Json; onLoad: Json; modal: Json }): Record<string, unknown> {
  return {
    schemaVersion: 1,
    id: 'prop',
    title: 'Property',
    params: ['id'],
    state: { data: { name: 'Ana', amount: 12345, list: [{ name: 'a' }, null, 3], url: 'javascript:x' } },
    body: parts.body,
    onLoad: parts.onLoad,
    modals: { m: { body: parts.modal } },
  };
}

/** Renders a document, lets its on-load actions settle, and returns what the host saw. */
async function renderDocument(doc: ScreenDocument) {
  const host = createFakeHost(() => ({ ok: true, data: { x: 1 } }));
  const utils = render(<Screen doc={doc} host={host} params={{ id: '7' }} setTitle={false} />);
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const main = utils.container.querySelector('main.screen');
  const shown = main?.children.length ?? 0;
  utils.unmount();
  return { host, main, shown };
}

const alwaysShown = (doc: Record<string, unknown>) =>
  (doc.body as Record<string, unknown>[]).some(
    (b) => (b.type === 'text' || b.type === 'button') && !('visible' in b),
  );

describe('random documents', () => {
  beforeEach(() => {
    // React logs the errors a block boundary catches; the assertions below check the reports instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('every document the validator accepts renders, and no block or action fails', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(docArb, async (parts) => {
        const doc = toDocument(parts);
        const result = validateScreenDocument(doc);
        if (!result.ok) return;
        accepted++;
        const { host, main, shown } = await renderDocument(result.doc);
        expect(main).toBeTruthy();
        // Refused addresses are reported on purpose; a crash of a block or an action never is.
        expect(host.log.problems.filter((p) => CRASHES.includes(p.code))).toEqual([]);
        if (alwaysShown(doc)) expect(shown).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
    // The grammar is meant to produce valid documents: if most are rejected the test proves nothing.
    expect(accepted).toBeGreaterThan(RUNS * 0.8);
  });

  it('damaged documents are rejected with messages, or accepted and rendered; the validator never throws', async () => {
    const huge = 'x'.repeat(200_000);
    const mutation = fc.constantFrom(
      'drop-required',
      'retype',
      'unknown-type',
      'deep',
      'huge',
      'garbage-field',
    );
    await fc.assert(
      fc.asyncProperty(
        docArb,
        mutation,
        fc.nat(),
        fc.constantFrom(7, null, [], {}, 'x', true),
        async (parts, kind, seed, junk) => {
          const doc = toDocument(parts);
          const body = doc.body as Record<string, unknown>[];
          const target = body.length > 0 ? body[seed % body.length]! : null;
          switch (kind) {
            case 'drop-required': {
              const required = target ? (vocabulary.blocks[String(target.type)]?.required ?? []) : [];
              const field = required.find((f) => f !== 'type');
              if (target && field) delete target[field];
              else doc.title = undefined;
              break;
            }
            case 'retype': {
              const keys = target ? Object.keys(target) : [];
              if (target && keys.length > 0) target[keys[seed % keys.length]!] = junk;
              else doc.body = junk;
              break;
            }
            case 'unknown-type':
              if (target) target.type = `zz${seed}`;
              else body.push({ type: `zz${seed}` });
              break;
            case 'deep': {
              let nested: unknown = target ?? { type: 'text', text: 'deep' };
              for (let i = 0; i < 60 + (seed % 200); i++) nested = { type: 'column', children: [nested] };
              doc.body = [nested];
              break;
            }
            case 'huge':
              body.push({ type: 'text', text: huge });
              break;
            case 'garbage-field':
              if (target) target[`zz${seed}`] = junk;
              else doc.zz = junk;
              break;
          }
          let result: ReturnType<typeof validateScreenDocument> | undefined;
          expect(() => (result = validateScreenDocument(doc))).not.toThrow();
          if (!result!.ok) {
            expect(result!.errors.length).toBeGreaterThan(0);
            for (const e of result!.errors) {
              expect(e.message).toMatch(/\S/);
              expect(e.pointer === '' || e.pointer.startsWith('/')).toBe(true);
            }
            return;
          }
          const { main } = await renderDocument(result!.doc);
          expect(main).toBeTruthy();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
