import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const product = (enabled: unknown) => ({
  type: 'section',
  title: 'Cash Plus',
  disabled: { '!=': [enabled, 1] },
  onTap: [{ do: 'toast', text: 'open product' }],
  children: [
    { type: 'text', text: '₱1,000 - ₱5,000' },
    { type: 'button', label: 'Details', variant: 'text', onTap: [{ do: 'toast', text: 'details' }] },
  ],
});

describe('section block', () => {
  it('groups its children under a titled region', () => {
    renderScreen(
      screenDoc([{ type: 'section', title: 'Loan information', children: [{ type: 'text', text: 'x' }] }]),
    );
    const region = screen.getByRole('region', { name: 'Loan information' });
    expect(region.textContent).toContain('x');
  });

  it('a tappable card runs its actions on tap and on Enter, but not for a tap on a button inside', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([product(1)]));
    const card = screen.getByRole('button', { name: /Cash Plus/ });
    await user.click(screen.getByText('₱1,000 - ₱5,000'));
    expect(host.log.toasts).toEqual([{ text: 'open product' }]);
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(host.log.toasts).toEqual([{ text: 'open product' }, { text: 'details' }]);
    card.focus();
    await user.keyboard('{Enter}');
    expect(host.log.toasts).toHaveLength(3);
  });

  it('a disabled card is greyed out and its tap does nothing', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([product('0')]));
    const card = screen.getByRole('button', { name: /Cash Plus/ });
    expect(card.getAttribute('aria-disabled')).toBe('true');
    expect(card.className).toContain('is-disabled');
    await user.click(screen.getByText('₱1,000 - ₱5,000'));
    expect(host.log.toasts).toEqual([]);
  });
});
