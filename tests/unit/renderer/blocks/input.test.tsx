import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const shows = (text: string) => ({ type: 'text', text: { t: text } });

describe('input block', () => {
  it('writes what the user types to its state path', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([{ type: 'input', bind: 'form.name', label: 'Name' }, shows('[{form.name}]')]));
    await user.type(screen.getByLabelText('Name'), 'Ana');
    expect(screen.getByText('[Ana]')).toBeTruthy();
  });

  it('digits mask strips non-digits as the user types (bank fields)', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        { type: 'input', bind: 'form.account', label: 'Account', mask: 'digits' },
        shows('[{form.account}]'),
      ]),
    );
    const field = screen.getByLabelText('Account') as HTMLInputElement;
    await user.type(field, '12ab-34');
    expect(field.value).toBe('1234');
    expect(screen.getByText('[1234]')).toBeTruthy();
  });

  it('phone shows 3-4-4 groups, stores digits only and stops at 11 digits', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        { type: 'input', bind: 'form.phone', label: 'Mobile', inputType: 'tel', mask: 'phone' },
        shows('[{form.phone}]'),
      ]),
    );
    const field = screen.getByLabelText('Mobile') as HTMLInputElement;
    await user.type(field, '138001380009999');
    expect(field.value).toBe('138 0013 8000');
    expect(screen.getByText('[13800138000]')).toBeTruthy();
  });

  it('bank card shows groups of four and stores digits', () => {
    renderScreen(
      screenDoc([
        { type: 'input', bind: 'form.card', label: 'Card', mask: 'bankCard' },
        shows('[{form.card}]'),
      ]),
    );
    const field = screen.getByLabelText('Card') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '6222-0212 3456x78' } });
    expect(field.value).toBe('6222 0212 3456 78');
    expect(screen.getByText('[62220212345678]')).toBeTruthy();
  });

  it('maxLength is a hard cap: a longer paste is cut', () => {
    renderScreen(
      screenDoc([
        { type: 'input', bind: 'form.capcode', label: 'Captcha', maxLength: 4 },
        shows('[{form.capcode}]'),
      ]),
    );
    const field = screen.getByLabelText('Captcha') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'abcdefg' } });
    expect(field.value).toBe('abcd');
    expect(screen.getByText('[abcd]')).toBeTruthy();
  });

  it('number input keeps digits only', () => {
    renderScreen(screenDoc([{ type: 'input', bind: 'form.n', label: 'Amount', inputType: 'number' }]));
    const field = screen.getByLabelText('Amount') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '1e5-2' } });
    expect(field.value).toBe('152');
  });

  it('shows the initial state, honours readOnly and keeps a hidden label for screen readers', () => {
    renderScreen(
      screenDoc(
        [
          {
            type: 'input',
            bind: 'form.phone',
            label: 'Mobile',
            mask: 'phone',
            readOnly: true,
            hideLabel: true,
          },
        ],
        { state: { form: { phone: '09171234567' } } },
      ),
    );
    const field = screen.getByLabelText('Mobile') as HTMLInputElement;
    expect(field.value).toBe('091 7123 4567');
    expect(field.readOnly).toBe(true);
  });

  it('runs onChange after the value is stored and onEnter on Enter', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        {
          type: 'input',
          bind: 'form.q',
          label: 'Search',
          onChange: [{ do: 'toast', text: { t: 'now {form.q}' } }],
          onEnter: [{ do: 'toast', text: 'go' }],
        },
      ]),
    );
    await user.type(screen.getByLabelText('Search'), 'ab{Enter}');
    expect(host.log.toasts.map((t) => t.text)).toEqual(['now a', 'now ab', 'go']);
  });
});
