import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const shot = 'https://cdn.example.com/guide/gcash-1.png';

describe('image block', () => {
  it('shows a safe image with its alt text, lazily by default and eagerly with priority', () => {
    renderScreen(
      screenDoc([
        { type: 'image', src: shot, alt: 'Gcash step 1', width: 120, height: 200 },
        { type: 'image', src: '/assets/logo.png', alt: 'Logo', priority: true },
      ]),
    );
    const step = screen.getByRole('img', { name: 'Gcash step 1' });
    expect(step.getAttribute('src')).toBe(shot);
    expect(step.getAttribute('loading')).toBe('lazy');
    expect(step.getAttribute('width')).toBe('120');
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('loading')).toBe('eager');
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/x.png',
    42,
    // Issue 20 §4: a picture from an origin outside allowedOrigins (a tracking pixel).
    'https://evil.example/p.gif?s=SESSION',
  ])('renders no <img> for the refused src %j', (src) => {
    const { container } = renderScreen(screenDoc([{ type: 'image', src: { $: 'params.src' }, alt: 'x' }]), {
      params: { src },
    });
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain(String(src));
  });

  it('a broken image disappears instead of showing a broken-image icon, or leaves its placeholder', () => {
    const { container } = renderScreen(
      screenDoc([
        { type: 'image', src: 'https://cdn.example.com/gone.png', alt: 'Gone' },
        {
          type: 'image',
          src: 'https://cdn.example.com/gone2.png',
          alt: 'Product logo',
          placeholder: true,
          width: 40,
          height: 40,
        },
      ]),
    );
    for (const img of container.querySelectorAll('img')) fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    const box = screen.getByRole('img', { name: 'Product logo' });
    expect(box.tagName).toBe('DIV');
    expect(box.style.width).toBe('40px');
  });

  it('a decorative image (alt "") keeps an empty alt', () => {
    const { container } = renderScreen(screenDoc([{ type: 'image', src: shot, alt: '' }]));
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('zoom opens a full-screen popup, closed by the close button or by tapping the image', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([{ type: 'image', src: shot, alt: 'Gcash step 1', zoom: true }]));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Gcash step 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Gcash step 1' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(shot);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Gcash step 1' }));
    await user.click(screen.getByRole('dialog').querySelector('img')!);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Gcash step 1' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('onTap runs its actions', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([{ type: 'image', src: shot, alt: '', onTap: [{ do: 'toast', text: 'tapped' }] }]),
    );
    await user.click(screen.getByRole('button', { name: 'Image' }));
    expect(host.log.toasts).toEqual([{ text: 'tapped' }]);
  });
});
