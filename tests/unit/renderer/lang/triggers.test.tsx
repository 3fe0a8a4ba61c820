// Triggers: actions run when a condition becomes true (edge-triggered), again after it has been
// false (unless once), never while their own actions still run, and stopped when they loop.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../../../renderer/lang/load';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

beforeAll(async () => {
  await loadLanguage();
});

const counter = { count: { type: 'integer', value: 0 } };
const plus = (n: number) => ({
  type: 'button',
  label: `+${n}`,
  allowRepeat: true,
  onTap: [{ do: 'set', path: 'vars.count', value: { '+': [{ $: 'vars.count' }, n] } }],
});
const reset = {
  type: 'button',
  label: 'Reset',
  allowRepeat: true,
  onTap: [{ do: 'set', path: 'vars.count', value: 0 }],
};
const atLeast3 = { '>=': [{ $: 'vars.count' }, 3] };

async function taps(...labels: string[]) {
  const user = userEvent.setup();
  for (const label of labels) await user.click(screen.getByRole('button', { name: label }));
  await act(async () => undefined);
}

describe('triggers', () => {
  it('fire when the condition turns true, not again while it stays true, and again after it was false', async () => {
    const { host } = renderScreen(
      screenDoc([plus(1), reset], {
        variables: counter,
        triggers: [{ when: atLeast3, then: [{ do: 'toast', text: 'three' }] }],
      } as never),
    );
    await taps('+1', '+1');
    expect(host.log.toasts).toEqual([]);
    await taps('+1');
    expect(host.log.toasts).toEqual([{ text: 'three' }]);
    await taps('+1', '+1');
    expect(host.log.toasts).toHaveLength(1);
    await taps('Reset', '+1', '+1', '+1');
    expect(host.log.toasts).toHaveLength(2);
  });

  it('with once, fire at most once per page view', async () => {
    const { host } = renderScreen(
      screenDoc([plus(3), reset], {
        variables: counter,
        triggers: [{ when: atLeast3, once: true, then: [{ do: 'toast', text: 'once' }] }],
      } as never),
    );
    await taps('+3', 'Reset', '+3');
    expect(host.log.toasts).toEqual([{ text: 'once' }]);
  });

  it('fire when the screen opens with the condition true, and when data arrives that makes it true', async () => {
    const { host } = renderScreen(
      screenDoc([], {
        variables: { count: { type: 'integer', value: 5 } },
        sources: [{ do: 'call', api: 'v3', path: '/v3/x', into: 'data.order' }],
        triggers: [
          { when: atLeast3, then: [{ do: 'toast', text: 'at start' }] },
          { when: { '==': [{ $: 'data.order.status' }, 'paid'] }, then: [{ do: 'track', event: 'paid' }] },
        ],
      } as never),
      { respond: () => ({ ok: true, data: { status: 'paid' } }) },
    );
    await act(async () => undefined);
    expect(host.log.toasts).toEqual([{ text: 'at start' }]);
    expect(host.log.tracked).toEqual([{ event: 'paid' }]);
  });

  it('can read computed values and write variables (a trigger chain settles)', async () => {
    renderScreen(
      screenDoc([plus(1), { type: 'text', text: { t: 'level {vars.level}' } }], {
        variables: { ...counter, level: { type: 'text', value: 'low' } },
        computed: { high: { type: 'boolean', value: { '>=': [{ $: 'vars.count' }, 2] } } },
        triggers: [
          { when: { $: 'computed.high' }, then: [{ do: 'set', path: 'vars.level', value: 'high' }] },
        ],
      } as never),
    );
    await taps('+1');
    expect(screen.getByText('level low')).toBeTruthy();
    await taps('+1');
    expect(screen.getByText('level high')).toBeTruthy();
  });

  it('one whose actions keep making it true again is stopped and reported', async () => {
    const { host } = renderScreen(
      screenDoc([plus(1)], {
        variables: { flag: { type: 'boolean', value: false } },
        triggers: [
          {
            when: { not: { $: 'vars.flag' } },
            then: [
              { do: 'delay', ms: 1 },
              { do: 'set', path: 'vars.flag', value: true },
            ],
          },
          {
            when: { $: 'vars.flag' },
            then: [
              { do: 'delay', ms: 1 },
              { do: 'set', path: 'vars.flag', value: false },
            ],
          },
        ],
      } as never),
    );
    for (let i = 0; i < 60 && host.log.problems.length === 0; i++)
      await act(async () => new Promise((r) => setTimeout(r, 5)));
    expect(host.log.problems.some((p) => p.code === 'trigger-loop')).toBe(true);
  });

  it('does not fire again while its own actions still run', async () => {
    let release!: () => void;
    const { host } = renderScreen(
      screenDoc([plus(3), reset], {
        variables: counter,
        triggers: [{ when: atLeast3, then: [{ do: 'call', api: 'v3', path: '/v3/slow' }] }],
      } as never),
      { respond: () => new Promise((r) => (release = () => r({ ok: true, data: {} }))) },
    );
    await taps('+3', 'Reset', '+3');
    expect(host.log.calls).toHaveLength(1);
    await act(async () => release());
    await taps('Reset', '+3');
    expect(host.log.calls).toHaveLength(2);
  });
});
