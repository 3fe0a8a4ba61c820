import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const channels = [
  { name: 'GCash', channel_number: 'C1' },
  { name: 'Maya', channel_number: 'C2' },
  { name: '7-Eleven', channel_number: 'C3' },
];
const choice = {
  type: 'choice',
  items: { $: 'params.channels' },
  bind: 'ui.channel',
  label: 'Payment Method',
  children: [{ type: 'text', text: { t: '{item.name}{index}{selected}' } }],
};

describe('choice block', () => {
  it('selects the first item while nothing is chosen, and gives children item, index and selected', () => {
    renderScreen(screenDoc([choice]), { params: { channels } });
    const group = screen.getByRole('radiogroup', { name: 'Payment Method' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
    expect(radios.map((r) => r.textContent)).toEqual(['GCash0true', 'Maya1false', '7-Eleven2false']);
  });

  it('tapping an item selects it and stores its index', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([choice, { type: 'text', text: { t: 'index={ui.channel}' } }]), {
      params: { channels },
    });
    await user.click(screen.getByRole('radio', { name: /Maya/ }));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
    expect(screen.getByText('index=1')).toBeTruthy();
  });

  it('arrow keys move the selection', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([choice]), { params: { channels } });
    screen.getAllByRole('radio')[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('radio')[1]!.getAttribute('aria-checked')).toBe('true');
  });

  it('shows nothing to choose when the list is missing', () => {
    renderScreen(screenDoc([choice]));
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });
});

describe('choice block: bindItem, preselect and onChange', () => {
  it('bindItem holds the default first item, then the tapped one', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        { ...choice, bindItem: 'ui.picked' },
        { type: 'text', text: { t: 'picked={ui.picked.channel_number}' } },
      ]),
      { params: { channels } },
    );
    expect(await screen.findByText('picked=C1')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /7-Eleven/ }));
    expect(await screen.findByText('picked=C3')).toBeTruthy();
  });

  it('with preselect false nothing is selected (and bindItem is null) until a tap', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        { ...choice, preselect: false, bindItem: 'ui.picked' },
        { type: 'text', text: { t: 'picked=[{ui.picked.name}]' } },
      ]),
      { params: { channels } },
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false']);
    expect(radios[0]!.getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('picked=[]')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Maya/ }));
    expect(screen.getAllByRole('radio')[1]!.getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('picked=[Maya]')).toBeTruthy();
  });

  it('onChange reads the newly selected item and index', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        {
          ...choice,
          onChange: [{ do: 'toast', text: { t: '{item.channel_number}@{index}' } }],
        },
      ]),
      { params: { channels } },
    );
    await user.click(screen.getByRole('radio', { name: /Maya/ }));
    expect(host.log.toasts.map((t) => t.text)).toContain('C2@1');
  });

  it('bindItem does not loop when the items are computed objects', async () => {
    renderScreen(
      screenDoc([
        {
          ...choice,
          items: [{ obj: { name: 'A', channel_number: 'X' } }, { obj: { name: 'B', channel_number: 'Y' } }],
          bindItem: 'ui.picked',
        },
        { type: 'text', text: { t: 'picked={ui.picked.channel_number}' } },
      ]),
    );
    expect(await screen.findByText('picked=X')).toBeTruthy();
  });
});
