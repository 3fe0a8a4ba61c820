import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

const frameOf = async (title: string) => (await screen.findByTitle(title)) as HTMLIFrameElement;

describe('iframe block', () => {
  it('always has a sandbox attribute: empty (strictest) by default', async () => {
    renderScreen(
      screenDoc([{ type: 'iframe', src: 'https://policy.example.com/privacy', title: 'Privacy Policy' }]),
    );
    const frame = await frameOf('Privacy Policy');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.hasAttribute('sandbox')).toBe(true);
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(frame.getAttribute('src')).toBe('https://policy.example.com/privacy');
  });

  it('grants only the listed, known sandbox tokens', async () => {
    renderScreen(
      screenDoc([
        {
          type: 'iframe',
          src: '/agreement',
          title: 'Loan agreement',
          sandbox: ['allow-scripts', 'allow-top-navigation', 'allow-scripts'],
        },
      ]),
    );
    expect((await frameOf('Loan agreement')).getAttribute('sandbox')).toBe('allow-scripts');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x.example/a', null])(
    'refuses %j with a short message and no frame',
    async (src) => {
      const { container } = renderScreen(
        screenDoc([{ type: 'iframe', src: { $: 'params.src' }, title: 'Agreement' }]),
        { params: { src } },
      );
      expect(await screen.findByText('This content cannot be shown')).toBeTruthy();
      expect(container.querySelector('iframe')).toBeNull();
    },
  );

  it('takes a pixel height', async () => {
    renderScreen(screenDoc([{ type: 'iframe', src: 'https://a.example/', title: 'A', height: 300 }]));
    expect((await frameOf('A')).style.height).toBe('300px');
  });
});
