import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const detail = [
  { text: 'Principal', value: '1000' },
  { text: 'Interest', value: '50' },
  { text: 'Service fee', value: '20' },
  { text: 'Penalty', value: '0' },
];

const foldList = (extra: Record<string, unknown> = {}) => ({
  type: 'foldList',
  items: { $: 'params.detail' },
  children: [{ type: 'keyValue', items: [{ label: { $: 'item.text' }, value: { $: 'item.value' } }] }],
  ...extra,
});

const shownLabels = () => screen.queryAllByRole('term').map((dt) => dt.textContent);

describe('foldList block', () => {
  it('shows 2 rows, "more" shows all, "hide" folds again', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([foldList()]), { params: { detail } });
    expect(shownLabels()).toEqual(['Principal', 'Interest']);

    const more = screen.getByRole('button', { name: 'more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(shownLabels()).toEqual(['Principal', 'Interest', 'Service fee', 'Penalty']);

    const hide = screen.getByRole('button', { name: 'hide' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(shownLabels()).toEqual(['Principal', 'Interest']);
  });

  it('has no toggle when there are no more items than `folded`', () => {
    renderScreen(screenDoc([foldList()]), { params: { detail: detail.slice(0, 2) } });
    expect(shownLabels()).toEqual(['Principal', 'Interest']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('honours `folded` and custom labels', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([foldList({ folded: 3, moreLabel: 'Show all', hideLabel: 'Show less' })]), {
      params: { detail },
    });
    expect(shownLabels()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(shownLabels()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it('treats a missing or mistyped list as empty and shows `empty`', () => {
    renderScreen(screenDoc([foldList({ empty: [{ type: 'text', text: 'No details' }] })]), {
      params: { detail: 'oops' },
    });
    expect(screen.getByText('No details')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
