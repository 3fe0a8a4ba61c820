import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const bankPicker = {
  type: 'picker',
  bind: 'form.bankCode',
  bindLabel: 'form.bankName',
  label: 'Bank name',
  placeholder: 'Please choose',
  options: { $: 'params.note' },
  onChange: [{ do: 'toast', text: { t: 'chose {form.bankCode}' } }],
};
const note = [
  { name: 'BDO', type: 'B1' },
  { name: 'BPI', type: 'B2' },
  { name: 'Metrobank', type: 'B3' },
];
const shows = { type: 'text', text: { t: 'code=[{form.bankCode}] name=[{form.bankName}]' } };

function open() {
  renderScreen(screenDoc([bankPicker, shows]), { params: { note } });
  return screen.getByRole('button', { name: /Bank name/ });
}

describe('picker block', () => {
  it('shows the placeholder, then opens a list of the option names', async () => {
    const user = userEvent.setup();
    const field = open();
    expect(field.textContent).toContain('Please choose');
    await user.click(field);
    const dialog = screen.getByRole('dialog', { name: 'Bank name' });
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['BDO', 'BPI', 'Metrobank']);
  });

  it('Confirm writes the chosen option value and label, closes, and runs onChange', async () => {
    const user = userEvent.setup();
    const field = open();
    await user.click(field);
    await user.click(screen.getByRole('option', { name: 'BPI' }));
    expect(screen.getByRole('option', { name: 'BPI' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('code=[] name=[]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('code=[B2] name=[BPI]')).toBeTruthy();
    expect(field.textContent).toContain('BPI');
    expect(document.activeElement).toBe(field);
  });

  it('Cancel closes without changing anything', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([bankPicker, shows]), { params: { note } });
    await user.click(screen.getByRole('button', { name: /Bank name/ }));
    await user.click(screen.getByRole('option', { name: 'Metrobank' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('code=[] name=[]')).toBeTruthy();
    expect(host.log.toasts).toEqual([]);
  });

  it('Confirm after a change runs onChange with the new value in state', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([bankPicker]), { params: { note } });
    await user.click(screen.getByRole('button', { name: /Bank name/ }));
    await user.click(screen.getByRole('option', { name: 'Metrobank' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(host.log.toasts.map((t) => t.text)).toEqual(['chose B3']);
  });

  it('takes a static list, custom labels, and shows the current value highlighted', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc(
        [
          {
            type: 'picker',
            bind: 'form.day',
            label: 'Salary day',
            options: [
              { label: '1', value: 1 },
              { label: '15', value: 15 },
            ],
            confirmLabel: 'OK',
            cancelLabel: 'Back',
          },
        ],
        { state: { form: { day: '15' } } },
      ),
    );
    const field = screen.getByRole('button', { name: /Salary day/ });
    expect(field.textContent).toContain('15');
    await user.click(field);
    expect(screen.getByRole('option', { name: '15' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('option', { name: '1' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(field.textContent).toContain('1');
    expect(field.textContent).not.toContain('15');
  });
});
