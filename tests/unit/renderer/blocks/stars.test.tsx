import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const filled = () =>
  screen
    .getAllByRole('radio')
    .map((s) => (s.classList.contains('is-filled') ? '★' : '☆'))
    .join('');

describe('stars block', () => {
  it('tapping star N stores N and fills stars 1..N (ruling 8)', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([
        { type: 'stars', bind: 'ui.stars', label: 'Please rate this service' },
        { type: 'text', text: { t: 'score={ui.stars}' } },
      ]),
    );
    expect(screen.getByRole('radiogroup', { name: 'Please rate this service' })).toBeTruthy();
    expect(filled()).toBe('☆☆☆☆☆');
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(filled()).toBe('★★★☆☆');
    expect(screen.getByText('score=3')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    expect(filled()).toBe('★☆☆☆☆');
  });

  it('read-only stars show the value and ignore taps', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([{ type: 'stars', bind: 'ui.stars', count: 4, readOnly: true }], {
        state: { ui: { stars: 2 } },
      }),
    );
    expect(filled()).toBe('★★☆☆');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(filled()).toBe('★★☆☆');
  });
});
