// Issue 28 item 3, the run-time wall: a document that never met the checker still cannot send the
// borrower's session or device id to another site, listed in allowedOrigins or not. A picture, a
// frame or a link carrying one is not loaded, a navigation or a native page is refused, and each
// is reported through Host.report (a block's report without the address); an address the server sent stays
// the server's choice, and the app's own pages keep getting the session. A block whose address
// carries an id is not drawn at all (a hostile block), and its boundary reports it.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from '../../fixtures/fakeHost';
import { renderScreen, screenDoc } from '../../fixtures/renderScreen';

const SESSION = 'S1.c2lnbmVk+LXNlc3Npb24=/tb2YtYS1ib3Jyb3dlcg';
const DEVICE = 'dev-7f3a9c21';

function hostWithIdentity() {
  const host = createFakeHost();
  host.identity = () => [SESSION, DEVICE];
  return host;
}

const params = { sessionId: SESSION, deviceId: DEVICE };

describe('no session or device id to another site at run time', () => {
  it('the probe: a pixel on a listed origin carrying the session is not loaded, and is reported', async () => {
    const host = hostWithIdentity();
    const { container } = renderScreen(
      screenDoc([
        { type: 'image', src: { t: 'https://cdn.example.com/p.gif?sid={params.sessionId}' }, alt: 'x' },
        {
          type: 'image',
          src: { concat: ['https://cdn.example.com/d/', { $: 'params.deviceId' }] },
          alt: 'y',
        },
        { type: 'hero', title: 'Hi', image: { t: 'https://cdn.example.com/h.png?s={params.sessionId}' } },
        { type: 'iframe', src: { t: 'https://policy.example.com/?sid={params.sessionId}' }, title: 'Policy' },
        { type: 'link', text: 'Help', href: { t: 'https://a.example/help?d={params.deviceId}' } },
      ]),
      { host, params },
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.innerHTML).not.toContain(SESSION);
    await waitFor(() => expect(host.log.problems).toHaveLength(5));
    // Each such block is refused whole (its boundary shows its fallback, here nothing) and reported.
    expect(host.log.problems.map((p) => [p.blockPath, p.code])).toEqual([
      ['/body/0', 'offsite-session'],
      ['/body/1', 'offsite-session'],
      ['/body/2', 'offsite-session'],
      ['/body/3', 'offsite-session'],
      ['/body/4', 'offsite-session'],
    ]);
    expect(host.log.problems[0]!.message).toBe('The address carries the session or device id');
    expect(JSON.stringify(host.log.problems)).not.toContain(SESSION);
    expect(JSON.stringify(host.log.problems)).not.toContain(DEVICE);
  });

  it('a navigation or a native page to a listed site carrying the id is refused', async () => {
    const host = hostWithIdentity();
    renderScreen(
      screenDoc([
        {
          type: 'button',
          label: 'Go',
          onTap: [{ do: 'navigate', to: { t: 'https://a.example/x?sid={params.sessionId}' } }],
        },
        {
          type: 'button',
          label: 'Open',
          onTap: [
            {
              do: 'bridge',
              name: 'openPage',
              payload: { url: { t: 'https://a.example/y?d={params.deviceId}' } },
            },
          ],
        },
      ]),
      { host, params },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(host.log.problems).toHaveLength(2));
    expect(host.log.navigations).toEqual([]);
    expect(host.log.bridge).toEqual([]);
    // Reported as any refused address is.
    expect(host.log.problems.map((p) => p.code)).toEqual(['offsite-url', 'unsafe-url']);
    expect(host.log.toasts.map((t) => t.text)).toEqual([
      'This link cannot be opened',
      'This link cannot be opened',
    ]);
  });

  it('the app’s own pages, what carries no id and what the server sent still work', async () => {
    const host = hostWithIdentity();
    const payUrl = `https://pay.partner.example/c?session=${SESSION}`;
    host.respond = () => ({ ok: true, data: { payUrl } });
    const { container } = renderScreen(
      screenDoc([
        { type: 'image', src: { t: '/avatar.png?sid={params.sessionId}' }, alt: 'Own' },
        { type: 'image', src: 'https://cdn.example.com/logo.png', alt: 'Logo' },
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              do: 'call',
              api: 'v3',
              path: '/v3/pay',
              then: [{ do: 'navigate', to: { $: 'result.data.payUrl' } }],
            },
          ],
        },
      ]),
      { host, params },
    );
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('alt'))).toEqual(['Own', 'Logo']);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(host.log.navigations).toHaveLength(1));
    expect(host.log.navigations[0]!.to).toBe(payUrl);
    expect(host.log.problems).toEqual([]);
  });
});
