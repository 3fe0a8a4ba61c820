import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';

describe('text block', () => {
  it('interpolates state and shows server HTML as text', () => {
    renderScreen(
      screenDoc([
        { type: 'text', text: { t: 'Hello {params.name}' } },
        { type: 'text', text: { $: 'params.html' }, variant: 'title' },
      ]),
      { params: { name: 'Ana', html: '<img src=x onerror=alert(1)>' } },
    );
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(title.querySelector('img')).toBeNull();
  });

  it('replaces an unknown block with a placeholder, reports it, and keeps its siblings', () => {
    const { host } = renderScreen(screenDoc([{ type: 'hologram' }, { type: 'text', text: 'still here' }]));
    expect(screen.getByText('still here')).toBeTruthy();
    expect(screen.getByRole('note')).toBeTruthy();
    expect(host.log.problems).toEqual([
      expect.objectContaining({ screenId: 'test', blockPath: '/body/0', code: 'unknown-block' }),
    ]);
  });

  it('honours visible conditions', () => {
    renderScreen(
      screenDoc([
        { type: 'text', text: 'shown', visible: { '==': [{ $: 'params.s' }, 174] } },
        { type: 'text', text: 'hidden', visible: { '==': [{ $: 'params.s' }, 200] } },
      ]),
      { params: { s: '174' } },
    );
    expect(screen.queryByText('shown')).toBeTruthy();
    expect(screen.queryByText('hidden')).toBeNull();
  });
});
