import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const complaintTabs = [
  { title: 'Pending', type: 1, list: [{ content: 'Late refund' }] },
  { title: 'Handled', type: 2, list: [{ content: 'Wrong amount' }, { content: 'App crash' }] },
];

const dynamicTabs = (extra: Record<string, unknown> = {}) => ({
  type: 'tabs',
  items: { $: 'params.tabs' },
  valueKey: 'type',
  bind: 'ui.tab',
  body: [
    {
      type: 'repeat',
      items: { $: 'item.list' },
      as: 'row',
      children: [{ type: 'text', text: { $: 'row.content' } }],
    },
  ],
  ...extra,
});

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

describe('tabs block', () => {
  it('shows static tabs and switches the panel on tap', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        {
          type: 'tabs',
          tabs: [
            { title: 'Home', body: [{ type: 'text', text: 'Welcome' }] },
            { title: 'About us', body: [{ type: 'text', text: 'Our mission' }] },
          ],
        },
      ]),
    );
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(selectedTab()?.textContent).toBe('Home');
    expect(screen.getByRole('tabpanel').textContent).toBe('Welcome');
    await user.click(screen.getByRole('tab', { name: 'About us' }));
    expect(selectedTab()?.textContent).toBe('About us');
    expect(screen.getByRole('tabpanel', { name: 'About us' }).textContent).toBe('Our mission');
  });

  it('renders dynamic tabs with the selected item in scope and writes the value to bind', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([dynamicTabs(), { type: 'text', text: { t: 'bound={ui.tab}' } }]), {
      params: { tabs: complaintTabs },
    });
    expect(selectedTab()?.textContent).toBe('Pending');
    expect(screen.getByText('Late refund')).toBeTruthy();
    // The first tab's value is written so other blocks and the submit payload can read it.
    expect(screen.getByText('bound=1')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Handled' }));
    expect(screen.getByText('bound=2')).toBeTruthy();
    expect(screen.queryByText('Late refund')).toBeNull();
    expect(screen.getByText('Wrong amount')).toBeTruthy();
    expect(screen.getByText('App crash')).toBeTruthy();
  });

  it('starts on the tab named by the bound state', () => {
    renderScreen(screenDoc([dynamicTabs()], { state: { ui: { tab: '2' } } }), {
      params: { tabs: complaintTabs },
    });
    expect(selectedTab()?.textContent).toBe('Handled');
    expect(screen.getByText('Wrong amount')).toBeTruthy();
  });

  it('static tabs store their index in bind', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        { type: 'tabs', bind: 'form.section', tabs: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] },
        { type: 'text', text: { t: 'section={form.section}' } },
      ]),
    );
    expect(screen.getByText('section=0')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'C' }));
    expect(screen.getByText('section=2')).toBeTruthy();
    expect(screen.queryByRole('tabpanel')).toBeNull();
  });

  it('runs onChange after a change, with the new item and index, and not for the selected tab', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        dynamicTabs({
          onChange: [{ do: 'toast', text: { t: 'picked {item.title} #{index}, bound {ui.tab}' } }],
        }),
      ]),
      { params: { tabs: complaintTabs } },
    );
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(host.log.toasts).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Handled' }));
    expect(host.log.toasts).toEqual([{ text: 'picked Handled #1, bound 2' }]);
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([dynamicTabs()]), { params: { tabs: complaintTabs } });
    screen.getByRole('tab', { name: 'Pending' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()?.textContent).toBe('Handled');
    expect(document.activeElement).toBe(selectedTab());
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()?.textContent).toBe('Pending');
  });

  it('shows no tabs for a missing or mistyped list, and tab titles as text', () => {
    renderScreen(screenDoc([dynamicTabs()]), { params: { tabs: { not: 'a list' } } });
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
  });

  it('shows server HTML in titles as text', () => {
    renderScreen(screenDoc([dynamicTabs()]), { params: { tabs: [{ title: '<i>x</i>', type: 1 }] } });
    expect(screen.getByRole('tab').textContent).toBe('<i>x</i>');
    expect(screen.getByRole('tab').querySelector('i')).toBeNull();
  });
});
