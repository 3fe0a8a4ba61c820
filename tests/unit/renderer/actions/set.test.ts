import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

describe('set action', () => {
  it('writes state that blocks show', async () => {
    renderScreen(
      doc([{ type: 'text', text: { t: 'Tab: {ui.tab}' } }], {
        state: { ui: { tab: 'current' } },
        onLoad: [{ do: 'set', path: 'ui.tab', value: { $: 'params.tab' } }],
      }),
      { params: { tab: 'all' } },
    );
    await waitFor(() => expect(screen.getByText('Tab: all')).toBeTruthy());
  });

  it('replaces an object, or merges it with merge', async () => {
    const h = harness({}, { initial: { form: { card: { bank: 'BDO', no: '1' } } } });
    await h.run([{ do: 'set', path: 'form.card', value: { obj: { no: '2' } }, merge: true }]);
    expect(h.state().form.card).toEqual({ bank: 'BDO', no: '2' });
    await h.run([{ do: 'set', path: 'form.card', value: { obj: { no: '3' } } }]);
    expect(h.state().form.card).toEqual({ no: '3' });
  });

  it('merge over a non-object just sets', async () => {
    const h = harness({}, { initial: { ui: { x: 5 } } });
    await h.run([{ do: 'set', path: 'ui.x', value: { obj: { a: 1 } }, merge: true }]);
    expect(h.state().ui.x).toEqual({ a: 1 });
  });

  it('writes local.* into the list item own state', async () => {
    const h = harness();
    await h.run([{ do: 'set', path: 'local.open', value: true }], { vars: {}, localKey: 'row-3' });
    expect(h.state().locals).toEqual({ 'row-3': { open: true } });
  });

  it.each(['params.productId', 'modals', 'busy.pay', 'timers.sms.remaining', 'ui.__proto__.polluted'])(
    'refuses to write %s, reports it and stops',
    async (path) => {
      const h = harness({}, { initial: { params: { productId: 'p1' } } });
      const before = h.state();
      const outcome = await h.run([
        { do: 'set', path, value: 'x' },
        { do: 'toast', text: 'after' },
      ]);
      expect(outcome).toBe('stop');
      expect(h.state()).toBe(before);
      expect(h.host.log.toasts).toEqual([]);
      expect(h.host.log.problems[0]!.code).toBe('bad-state-path');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('merging an object that carries an own __proto__ key does not pollute prototypes', async () => {
    const h = harness({}, { initial: { ui: { a: {} } } });
    await h.run([
      { do: 'set', path: 'ui.a', value: { parse: '{"__proto__": {"polluted": 1}}' }, merge: true },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(h.state().ui.a)).toBe(Object.prototype);
  });
});
