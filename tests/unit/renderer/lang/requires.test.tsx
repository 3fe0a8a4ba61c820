// Capability gating: a block or action declares what it needs (`requires`), the engine and the
// app say what they have; unmet, a block shows its fallback and an action runs its otherwise.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { atLeast, ENGINE_VERSION } from '../../../../renderer/lang/version';
import { meets } from '../../../../renderer/lang/requires';
import { validateScreenDocument } from '../../../../renderer/validate/validateDocument';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

describe('versions', () => {
  it('compare by number, part by part, with "*" meaning any', () => {
    expect(atLeast('1.10', '1.9')).toBe(true);
    expect(atLeast('1.1', '1.1.0')).toBe(true);
    expect(atLeast('1.1', '1.1.1')).toBe(false);
    expect(atLeast('3.4.0-beta', '3.4')).toBe(true);
    expect(atLeast('2', '10')).toBe(false);
    expect(atLeast(undefined, '*')).toBe(false);
    expect(atLeast('0.0.1', '*')).toBe(true);
    expect(atLeast('garbage', '1')).toBe(false);
  });

  it('a requirement is met only when every capability is there, new enough', () => {
    const caps = { engine: '1.1', app: '3.4.0', 'bridge.goRate': '*' };
    expect(meets({ engine: '1.1', 'bridge.goRate': '*' }, caps)).toBe(true);
    expect(meets({ app: '3.5' }, caps)).toBe(false);
    expect(meets({ 'bridge.startBank': '*' }, caps)).toBe(false);
    expect(meets({ engine: 1 }, caps)).toBe(false);
    expect(meets('engine', caps)).toBe(false);
    expect(meets({ __proto__: '*' }, caps)).toBe(true); // no own capability is named
    expect(meets({ constructor: '*' }, caps)).toBe(false);
  });
});

describe('gated blocks', () => {
  const gated = (requires: unknown, fallback?: unknown) => ({
    type: 'text',
    text: 'New rate us',
    requires,
    ...(fallback === undefined ? {} : { fallback }),
  });
  const old = { type: 'text', text: 'Old way' };

  it('show themselves when met, their fallback when not, nothing without one', () => {
    const host = createFakeHost();
    host.capabilities = { 'bridge.goRate': '*', app: '3.4.0' };
    renderScreen(
      screenDoc([
        { type: 'column', children: [gated({ 'bridge.goRate': '*', engine: ENGINE_VERSION }, old)] },
        { type: 'column', children: [gated({ app: '9' }, { ...old, text: 'Update for more' })] },
        { type: 'column', children: [gated({ 'bridge.startBank': '*' }), { type: 'text', text: 'after' }] },
      ]),
      { host },
    );
    expect(screen.getAllByText('New rate us')).toHaveLength(1);
    expect(screen.getByText('Update for more')).toBeTruthy();
    expect(screen.queryByText('Old way')).toBeNull();
    expect(screen.getByText('after')).toBeTruthy();
    expect(host.log.problems).toEqual([]);
  });

  it('an older engine meeting a newer document: accepted by its validator, drawn with the fallback', () => {
    const newer = screenDoc([
      {
        type: 'text',
        text: { sparkle: ['a function from the future'] },
        glow: 'a field from the future',
        requires: { engine: '1.9' },
        fallback: { type: 'text', text: 'Shown by today’s app' },
      },
      { type: 'hologram', requires: { engine: '2.0' }, fallback: null },
      { type: 'text', text: 'The rest of the screen' },
    ]);
    const checked = validateScreenDocument(newer);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.unknownTypes).toEqual([]);
    expect(checked.deferred!.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/body/0/text/sparkle', '/body/0/glow', '/body/1']),
    );
    const { host } = renderScreen(checked.doc);
    expect(screen.getByText('Shown by today’s app')).toBeTruthy();
    expect(screen.getByText('The rest of the screen')).toBeTruthy();
    expect(host.log.problems).toEqual([]);
  });

  it('the same unknown field outside a gated block is still an error', () => {
    const result = validateScreenDocument(screenDoc([{ type: 'text', text: 'x', glow: 1 }]));
    expect(result.ok).toBe(false);
  });
});

describe('gated actions', () => {
  it('run otherwise when unmet, are skipped without one, and run themselves when met', async () => {
    const user = userEvent.setup();
    const host = createFakeHost();
    host.capabilities = { 'bridge.goRate': '*' };
    renderScreen(
      screenDoc([
        {
          type: 'button',
          label: 'Rate',
          onTap: [
            {
              do: 'bridge',
              name: 'goRate',
              requires: { 'bridge.goRate': '*' },
              otherwise: [{ do: 'toast', text: 'no' }],
            },
            {
              do: 'bridge',
              name: 'startBank',
              requires: { 'bridge.startBank': '*' },
              otherwise: [{ do: 'navigate', to: '/bank' }],
            },
            { do: 'bridge', name: 'endBank', requires: { 'bridge.endBank': '3' } },
            { do: 'toast', text: 'done' },
          ],
        },
      ]),
      { host },
    );
    await user.click(screen.getByRole('button', { name: 'Rate' }));
    await act(async () => undefined);
    expect(host.log.bridge).toEqual([{ name: 'goRate' }]);
    expect(host.log.navigations.map((n) => n.to)).toEqual(['/bank']);
    expect(host.log.toasts).toEqual([{ text: 'done' }]);
  });

  it('an action this engine does not know runs its otherwise instead of stopping the sequence', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        {
          type: 'button',
          label: 'Go',
          onTap: [
            { do: 'teleport', otherwise: [{ do: 'toast', text: 'walked' }] },
            { do: 'toast', text: 'then this' },
          ],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(host.log.toasts).toEqual([{ text: 'walked' }, { text: 'then this' }]);
    expect(host.log.problems).toEqual([]);
  });
});
