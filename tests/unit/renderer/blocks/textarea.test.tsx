import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const complaint = {
  type: 'textarea',
  bind: 'form.problemDetail',
  label: 'Problem description',
  maxLength: 200,
  counter: true,
};

describe('textarea block', () => {
  it('counts characters as "n/200" while the user types', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([complaint]));
    expect(screen.getByText('0/200')).toBeTruthy();
    await user.type(screen.getByLabelText('Problem description'), 'Late fee');
    expect(screen.getByText('8/200')).toBeTruthy();
  });

  it('cuts a long paste to 200 characters', () => {
    renderScreen(screenDoc([complaint, { type: 'text', text: { t: 'len={form.problemDetail.length}' } }]));
    const field = screen.getByLabelText('Problem description') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'x'.repeat(250) } });
    expect(field.value).toBe('x'.repeat(200));
    expect(screen.getByText('200/200')).toBeTruthy();
    expect(screen.getByText('len=200')).toBeTruthy();
  });

  it('ignores typing once full', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([complaint], { state: { form: { problemDetail: 'y'.repeat(200) } } }));
    const field = screen.getByLabelText('Problem description') as HTMLTextAreaElement;
    await user.type(field, 'zz');
    expect(field.value).toBe('y'.repeat(200));
    expect(screen.getByText('200/200')).toBeTruthy();
  });

  it('shows a computed read-only value with its counter (complaint detail)', () => {
    renderScreen(
      screenDoc([
        {
          type: 'textarea',
          label: 'Content',
          value: { $: 'params.content' },
          readOnly: true,
          maxLength: 200,
          counter: true,
        },
      ]),
      { params: { content: '<b>refund</b> please' } },
    );
    const field = screen.getByLabelText('Content') as HTMLTextAreaElement;
    expect(field.value).toBe('<b>refund</b> please');
    expect(field.readOnly).toBe(true);
    expect(screen.getByText('20/200')).toBeTruthy();
  });
});
