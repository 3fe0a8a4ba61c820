// Computed values: named expressions read as computed.<name>, worked out again only when what they
// read has moved; a circle reads as missing and is reported once.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../../renderer/lang/load';
import { createComputed } from '../../../../renderer/lang/computed';
import { createStore } from '../../../../renderer/store/store';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

beforeAll(async () => {
  await loadLanguage();
});

describe('computed values', () => {
  it('are read by bindings and follow what they read', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          { type: 'input', bind: 'form.amount', label: 'Amount' },
          { type: 'text', text: { t: 'Fee {computed.fee}, total {computed.total}' } },
        ],
        {
          state: { form: { amount: '1000' } },
          computed: {
            fee: { type: 'number', value: { round: [{ '*': [{ $: 'form.amount' }, 0.035] }, 2] } },
            total: { type: 'number', value: { '+': [{ $: 'form.amount' }, { $: 'computed.fee' }] } },
          },
        } as never,
      ),
    );
    expect(screen.getByText('Fee 35, total 1035')).toBeTruthy();
    const input = screen.getByLabelText('Amount');
    await user.clear(input);
    await user.type(input, '250');
    expect(screen.getByText('Fee 8.75, total 258.75')).toBeTruthy();
  });

  it('are worked out once per change of what they read, and keep their identity otherwise', () => {
    let runs = 0;
    const store = createStore({ data: { loans: [1, 2, 3] }, ui: { tab: 'a' } });
    const view = createComputed(
      { big: { type: 'list', value: { filter: [{ $: 'data.loans' }, { '>': [{ $: 'item' }, 1] }] } } },
      {
        scope: (state) => ({ data: state.data, ui: state.ui, computed: view(state) }),
        format: () => '',
        now: () => 0,
        report: () => undefined,
      },
    );
    const counting = (state: ReturnType<typeof store.get>) => {
      runs++;
      return view(state).big;
    };
    const first = counting(store.get());
    expect(first).toEqual([2, 3]);
    store.set('ui.tab', 'b');
    const second = view(store.get()).big;
    expect(second).toBe(first); // not worked out again: data.loans did not move
    store.set('data.loans', [5]);
    expect(view(store.get()).big).toEqual([5]);
    expect(runs).toBe(1);
  });

  it('converts the result to its type; what cannot be converted is missing', () => {
    renderScreen(
      screenDoc([{ type: 'text', text: { t: '[{computed.n}] [{computed.d}] [{computed.bad}]' } }], {
        computed: {
          n: { type: 'integer', value: '42' },
          d: { type: 'date', value: { date: ['2025-03-01'] } },
          bad: { type: 'number', value: 'many' },
        },
      } as never),
    );
    expect(screen.getByText('[42] [2025-03-01T00:00:00+08:00] []')).toBeTruthy();
  });

  it('a circle reads as missing and is reported once, and the screen still draws', async () => {
    const { host } = renderScreen(
      screenDoc([{ type: 'text', text: { t: 'a=[{computed.a}] b=[{computed.b}] ok' } }], {
        computed: {
          a: { type: 'number', value: { '+': [{ $: 'computed.b' }, 1] } },
          b: { type: 'number', value: { '+': [{ $: 'computed.a' }, 1] } },
        },
      } as never),
    );
    await act(async () => undefined);
    expect(screen.getByText(/ok$/)).toBeTruthy();
    const cycles = host.log.problems.filter((p) => p.code === 'computed-cycle');
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.length).toBeLessThanOrEqual(2);
  });

  it('one that reads itself survives a change of state (found by the fuzz test: it overflowed the stack)', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc(
        [
          { type: 'text', text: { t: 'x=[{computed.x}]' } },
          { type: 'button', label: 'Go', onTap: [{ do: 'set', path: 'ui.n', value: 1 }] },
        ],
        { computed: { x: { type: 'text', value: { $: 'computed.x' } } } } as never,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('x=[]')).toBeTruthy();
    expect(host.log.problems.map((p) => p.code)).toEqual(['computed-cycle']);
  });

  it('one that reads the clock is worked out again on every change', () => {
    let clock = Date.parse('2025-02-28T15:59:00Z');
    const store = createStore({ ui: { n: 0 } });
    const view = createComputed(
      { day: { type: 'text', value: { formatDate: [{ now: [] }, 'D MMM'] } } },
      { scope: (state) => ({ ui: state.ui }), format: () => '', now: () => clock, report: () => undefined },
    );
    expect(view(store.get()).day).toBe('28 Feb');
    clock += 120_000; // past midnight in Manila
    expect(view(store.get()).day).toBe('28 Feb'); // the same state: the same answer
    store.set('ui.n', 1);
    expect(view(store.get()).day).toBe('1 Mar');
  });
});
