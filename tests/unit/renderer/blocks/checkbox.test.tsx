import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const agreement = {
  type: 'checkbox',
  bind: 'ui.agreed',
  label: 'I have read and agree to',
  children: [{ type: 'text', text: 'Loan Agreement' }],
};
const status = { type: 'text', text: { if: [{ $: 'ui.agreed' }, 'agreed', 'not agreed'] } };

describe('checkbox block', () => {
  it('is checked by default through the initial state and toggles the bound value', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([agreement, status], { state: { ui: { agreed: true } } }));
    const box = screen.getByRole('checkbox', { name: 'I have read and agree to' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText('agreed')).toBeTruthy();
    await user.click(box);
    expect(box.checked).toBe(false);
    expect(screen.getByText('not agreed')).toBeTruthy();
  });

  it('shows its children after the label, and tapping them does not toggle the box', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([agreement, status]));
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(screen.getByText('Loan Agreement'));
    expect(box.checked).toBe(false);
    await user.click(screen.getByText('I have read and agree to'));
    expect(box.checked).toBe(true);
  });
});
