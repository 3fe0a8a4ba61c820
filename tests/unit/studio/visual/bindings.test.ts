// Issue 25 item 2, bindings: which fields may be bound (the schema takes an expression there), how
// a value is shown (fixed, a binding, another expression), and the list a binding is picked from:
// the screen's params, state, variables and source data, the paths the scenario's replies actually
// hold (matched to the screen's sources as the phone matches them), and the configuration keys.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaNav } from '../../../../src/studio/editor/schemas';
import type { ScenarioFile } from '../../../../src/studio/shared/protocol';
import {
  bindingGroups,
  bindingPath,
  scenarioPaths,
  valueMode,
} from '../../../../src/studio/visual/model/bindings';
import { createFieldModel } from '../../../../src/studio/visual/model/fields';

const model = createFieldModel(schemaNav);
const fieldsOf = (block: Record<string, unknown>) =>
  model.fieldsOf(model.nav.resolve(['body', 0], { body: [block] }), block);
const bindable = (block: Record<string, unknown>) =>
  fieldsOf(block)
    .filter((f) => f.bindable)
    .map((f) => f.name);

describe('bindable fields', () => {
  it('are the fields whose schema takes an expression: texts, addresses, pictures', () => {
    expect(bindable({ type: 'image', src: '/a.png', alt: '' })).toEqual(['src', 'alt']);
    expect(bindable({ type: 'button', label: 'Go' })).toEqual(['label', 'hint']);
  });
  it('are not conditions (they have a builder), colours (a fixed #RRGGBB), numbers or enums', () => {
    const fields = fieldsOf({ type: 'button', label: 'Go' });
    for (const name of ['visible', 'disabled', 'color', 'variant', 'block'])
      expect(fields.find((f) => f.name === name)?.bindable, name).toBeUndefined();
    expect(
      fieldsOf({ type: 'image', src: '', alt: '' }).find((f) => f.name === 'width')?.bindable,
    ).toBeUndefined();
  });
});

describe('valueMode and bindingPath', () => {
  it('tells a fixed value, a binding and another expression apart', () => {
    expect(valueMode('Hello')).toBe('fixed');
    expect(valueMode(undefined)).toBe('fixed');
    expect(valueMode(3)).toBe('fixed');
    expect(valueMode({ $: 'params.orderId' })).toBe('binding');
    expect(valueMode({ t: 'Hi {data.name}' })).toBe('expression');
    expect(valueMode({ $: 'a', t: 'b' })).toBe('expression');
    expect(bindingPath({ $: 'data.order.productName' })).toBe('data.order.productName');
    expect(bindingPath({ $: 3 })).toBeNull();
    expect(bindingPath('data.x')).toBeNull();
  });
});

describe('what a binding is picked from', () => {
  const doc = JSON.parse(readFileSync('screens/loan-details.json', 'utf8')) as Record<string, unknown>;
  const scenarios = JSON.parse(readFileSync('screens/scenarios/loan-details.json', 'utf8')) as ScenarioFile;

  it("holds the data paths the scenario's replies contain, under the source's `into`", () => {
    const paths = scenarioPaths(doc, scenarios.scenarios[0]);
    expect(paths).toContain('data.order.noticeStatusText');
    expect(paths).toContain('data.order.productName');
    // A list is one path (its items are read by a list block, not bound one by one).
    expect(paths).toContain('data.order.recProducts');
    expect(paths.some((p) => p.startsWith('data.order.recProducts.'))).toBe(false);
  });

  it('finds nothing for a reply no source asks for, or no scenario', () => {
    expect(
      scenarioPaths(doc, {
        responses: { 'v3 GET /v3/loan-details/loan-details': { ok: true, data: { x: 1 } } },
      }),
    ).toEqual([]);
    expect(scenarioPaths(doc, null)).toEqual([]);
  });

  it('groups the screen, the replies (without repeating the screen) and the configuration', () => {
    const groups = bindingGroups(doc, ['serviceEmail', 'lenderName'], scenarios.scenarios[0]);
    expect(groups.map((g) => g.label)).toEqual(['This screen', "The scenario's replies", 'Configuration']);
    const [screen, replies, config] = groups.map((g) => g.paths);
    expect(screen).toContain('params.orderId');
    expect(replies).toContain('data.order.noticeStatusText');
    for (const p of replies!) expect(screen).not.toContain(p);
    expect(config).toEqual(['config.serviceEmail', 'config.lenderName']);
    expect(bindingGroups(null, [], null)).toEqual([]);
  });
});
