// runActions: when-guards, stop, unknown and failing actions.
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

describe('action sequences', () => {
  it('skips an action whose when is falsy and goes on', async () => {
    const { host } = renderScreen(
      doc([], {
        onLoad: [
          { do: 'toast', text: 'skipped', when: { '==': [{ $: 'params.isDelay' }, 0] } },
          { do: 'toast', text: 'shown', when: { '==': [{ $: 'params.isDelay' }, 1] } },
          { do: 'navigate', to: '/never', when: { $: 'params.missing' } },
          { do: 'toast', text: 'last' },
        ],
      }),
      { params: { isDelay: '1' } },
    );
    await waitFor(() => expect(host.log.toasts).toEqual([{ text: 'shown' }, { text: 'last' }]));
    expect(host.log.navigations).toEqual([]);
  });

  it('a when-guard skips an if or a stop entirely', async () => {
    const h = harness();
    const outcome = await h.run([
      { do: 'stop', when: false },
      { do: 'if', cond: true, when: 0, then: [{ do: 'toast', text: 'no' }] },
      { do: 'toast', text: 'yes' },
    ]);
    expect(outcome).toBe('done');
    expect(h.host.log.toasts).toEqual([{ text: 'yes' }]);
  });

  it('stop ends the sequence', async () => {
    const h = harness();
    expect(await h.run([{ do: 'toast', text: 'a' }, { do: 'stop' }, { do: 'toast', text: 'b' }])).toBe(
      'stop',
    );
    expect(h.host.log.toasts).toEqual([{ text: 'a' }]);
  });

  it.each([{ do: 'teleport' }, { do: 'toString' }, { do: '__proto__' }, { do: 42 }, {}, null])(
    'reports %j as an unknown action and stops the sequence',
    async (action) => {
      const h = harness();
      const outcome = await h.run([{ do: 'toast', text: 'before' }, action, { do: 'toast', text: 'after' }]);
      expect(outcome).toBe('stop');
      expect(h.host.log.toasts).toEqual([{ text: 'before' }]);
      expect(h.host.log.problems).toEqual([
        expect.objectContaining({ screenId: 'test', blockPath: '/onLoad/1', code: 'unknown-action' }),
      ]);
    },
  );

  it('an action list that is not a list does nothing', async () => {
    const h = harness();
    expect(await h.run('nonsense' as unknown as unknown[])).toBe('done');
    expect(h.host.log.problems).toEqual([]);
  });
});
