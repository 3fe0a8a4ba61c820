import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

describe('link block', () => {
  it('runs onTap actions', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([{ type: 'link', text: 'copy', onTap: [{ do: 'toast', text: 'copy success' }] }]),
    );
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(host.log.toasts).toEqual([{ text: 'copy success' }]);
  });

  it('follows a safe href through the host, with common parameters for app paths when asked', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        { type: 'link', text: 'My complaints', href: '/complaintList', commonParams: true },
        { type: 'link', text: 'Website', href: 'https://lender.example.com/' },
      ]),
    );
    await user.click(screen.getByRole('link', { name: 'My complaints' }));
    await user.click(screen.getByRole('link', { name: 'Website' }));
    expect(host.log.navigations).toEqual([
      { to: '/complaintList', commonParams: true },
      { to: 'https://lender.example.com/', commonParams: false },
    ]);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '//evil.example', '', 'https://evil.example/?s=1'])(
    'shows the words of a refused href %j with nothing to follow',
    async (href) => {
      const user = userEvent.setup();
      const { host, container } = renderScreen(
        screenDoc([{ type: 'link', text: 'Pay here', href: { $: 'params.href' } }]),
        { params: { href } },
      );
      expect(screen.queryByRole('link')).toBeNull();
      expect(container.querySelector('a')).toBeNull();
      await user.click(screen.getByText('Pay here'));
      expect(host.log.navigations).toEqual([]);
    },
  );

  it('renders a mailto link only for an e-mail address', () => {
    renderScreen(
      screenDoc([
        { type: 'link', text: { $: 'params.good' }, mailto: { $: 'params.good' } },
        { type: 'link', text: 'bad one', mailto: { $: 'params.bad' } },
      ]),
      { params: { good: 'help@lender.ph', bad: 'x@y.ph?bcc=evil@z.com' } },
    );
    expect(screen.getByRole('link', { name: 'help@lender.ph' }).getAttribute('href')).toBe(
      'mailto:help@lender.ph',
    );
    expect(screen.queryByRole('link', { name: 'bad one' })).toBeNull();
    expect(screen.getByText('bad one')).toBeTruthy();
  });
});
