import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { createFakeHost } from '../../../fixtures/fakeHost';
import type { ScreenDocument } from '../../../../renderer/types.gen';

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

  // Issue 16 item 16: with allow-scripts, allow-same-origin lets a page of our origin script its
  // parent (read the session cookie, lift its own sandbox). No frame ever gets it.
  it.each(['/agreement?id=AG-LOAN', 'https://policy.example.com/privacy'])(
    'never grants allow-same-origin, even when asked (%s)',
    async (src) => {
      renderScreen(
        screenDoc([
          {
            type: 'iframe',
            src,
            title: 'Framed',
            sandbox: ['allow-scripts', 'allow-same-origin', 'allow-forms'],
          },
        ]),
      );
      expect((await frameOf('Framed')).getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    },
  );

  it('frames nothing from an origin outside the allowlist', async () => {
    const { container } = renderScreen(
      screenDoc([{ type: 'iframe', src: 'https://evil.example/offer', title: 'Offer' }]),
    );
    expect(await screen.findByText('This content cannot be shown')).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it("shows one of the app's own screens in place, as blocks: no frame at all", async () => {
    const terms = {
      schemaVersion: 1,
      id: 'loan-terms',
      title: 'Loan terms',
      params: ['id'],
      body: [{ type: 'text', text: { t: 'Terms of agreement {params.id}' } }],
    } as ScreenDocument;
    const host = createFakeHost();
    const asked: string[] = [];
    host.embed = async (url) => {
      asked.push(url);
      return url.startsWith('/agreement') ? { doc: terms, params: { id: 'AG-LOAN' } } : null;
    };
    const { container } = renderScreen(
      screenDoc([
        { type: 'iframe', src: '/agreement?id=AG-LOAN', title: 'Loan agreement', sandbox: ['allow-scripts'] },
      ]),
      { host },
    );
    expect(await screen.findByText('Terms of agreement AG-LOAN')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Loan agreement' })).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    // The embedded screen is not a second page: no <main> of its own.
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(asked).toEqual(['/agreement?id=AG-LOAN']);
  });
});
