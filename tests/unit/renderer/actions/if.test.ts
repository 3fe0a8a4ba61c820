import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

const rate = {
  do: 'if',
  cond: { '==': [{ $: 'ui.stars' }, 0] },
  then: [{ do: 'toast', text: 'Silakan pilih' }, { do: 'stop' }],
  else: [{ do: 'toast', text: { t: '{ui.stars} stars' } }],
};

describe('if action', () => {
  it('runs then when the condition holds, and its stop ends the outer sequence', async () => {
    const { host } = renderScreen(
      doc([], { state: { ui: { stars: 0 } }, onLoad: [rate, { do: 'toast', text: 'sent' }] }),
    );
    await waitFor(() => expect(host.log.toasts).toEqual([{ text: 'Silakan pilih' }]));
  });

  it('runs else otherwise and the sequence goes on', async () => {
    const h = harness({}, { initial: { ui: { stars: '4' } } });
    const outcome = await h.run([rate, { do: 'toast', text: 'sent' }]);
    expect(outcome).toBe('done');
    expect(h.host.log.toasts.map((t) => t.text)).toEqual(['4 stars', 'sent']);
  });

  it('a missing branch does nothing', async () => {
    const h = harness();
    const outcome = await h.run([
      { do: 'if', cond: true },
      { do: 'if', cond: false },
      { do: 'toast', text: 'on' },
    ]);
    expect(outcome).toBe('done');
    expect(h.host.log.toasts).toEqual([{ text: 'on' }]);
  });

  it('reads truthiness the screen-language way: an empty list is false', async () => {
    const h = harness({}, { initial: { data: { rows: [] } } });
    await h.run([
      {
        do: 'if',
        cond: { $: 'data.rows' },
        then: [{ do: 'toast', text: 'rows' }],
        else: [{ do: 'toast', text: 'none' }],
      },
    ]);
    expect(h.host.log.toasts).toEqual([{ text: 'none' }]);
  });

  it('reports branch problems with their path', async () => {
    const h = harness();
    await h.run([{ do: 'if', cond: 1, then: [{ do: 'toast', text: 'a' }, { do: 'teleport' }] }]);
    expect(h.host.log.problems[0]).toMatchObject({ code: 'unknown-action', blockPath: '/onLoad/0/then/1' });
  });
});
