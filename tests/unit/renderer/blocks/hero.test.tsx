import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const hero = {
  type: 'hero',
  image: { $: 'params.img' },
  title: { $: 'params.status' },
  text: { $: 'params.desc' },
  children: [{ type: 'text', text: 'More below' }],
};

describe('hero block', () => {
  it('shows the status title and text over a decorative background image', () => {
    const { container } = renderScreen(screenDoc([hero]), {
      params: { img: '/assets/status/174.png', status: 'Overdue', desc: 'Please repay today' },
    });
    expect(screen.getByRole('heading', { name: 'Overdue' })).toBeTruthy();
    expect(screen.getByText('Please repay today')).toBeTruthy();
    expect(screen.getByText('More below')).toBeTruthy();
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/assets/status/174.png');
    expect(img?.getAttribute('alt')).toBe('');
  });

  it.each([undefined, 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://evil.example/bg.png'])(
    'shows no image for %j, only the brand-coloured banner',
    (img) => {
      const { container } = renderScreen(screenDoc([hero]), { params: { img, status: 'Pending' } });
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Pending' })).toBeTruthy();
    },
  );

  it('drops a broken background image and keeps the text', () => {
    const { container } = renderScreen(screenDoc([hero]), {
      params: { img: 'https://cdn.example.com/missing.png', status: 'Paid' },
    });
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Paid' })).toBeTruthy();
  });

  it('shows server HTML in the status as text', () => {
    renderScreen(screenDoc([hero]), { params: { status: '<b>x</b>' } });
    const heading = screen.getByRole('heading');
    expect(heading.textContent).toBe('<b>x</b>');
    expect(heading.querySelector('b')).toBeNull();
  });
});
