import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { flush } from '../actions/harness';

const box = {
  type: 'codeBox',
  label: 'Contract No.',
  code: { $: 'params.payCode' },
  copyLabel: 'Copy',
  tapToCopy: true,
};

describe('codeBox block', () => {
  it('shows the code and copies it with the Copy button, toasting "copy success"', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([box]), { params: { payCode: '7788 1234' } });
    expect(screen.getByText('Contract No.')).toBeTruthy();
    expect(screen.getByText('7788 1234')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(host.log.copied).toEqual(['7788 1234']);
    expect(host.log.toasts).toEqual([{ text: 'copy success' }]);
  });

  it('tapping the code copies it too when tapToCopy is set', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([box]), { params: { payCode: 'P123' } });
    await user.click(screen.getByRole('button', { name: /P123/ }));
    expect(host.log.copied).toEqual(['P123']);
  });

  it('does not toast when the copy fails (D-57)', async () => {
    const user = userEvent.setup();
    const host = createFakeHost();
    host.clipboard = async () => false;
    renderScreen(screenDoc([box]), { host, params: { payCode: 'P123' } });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await act(() => flush());
    expect(host.log.toasts).toEqual([]);
  });

  it('without copyLabel there is no copy button; onTap runs when the code is tapped', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([{ type: 'codeBox', code: 'P9', onTap: [{ do: 'navigate', to: '/repaymentOfCode2' }] }]),
    );
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'P9' }));
    expect(host.log.navigations.map((n) => n.to)).toEqual(['/repaymentOfCode2']);
    expect(host.log.copied).toEqual([]);
  });
});
