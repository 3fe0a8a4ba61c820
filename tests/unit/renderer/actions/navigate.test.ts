import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

describe('navigate action', () => {
  it('opens an app path with common parameters by default and the evaluated query', async () => {
    const { host } = renderScreen(
      doc([], {
        onLoad: [{ do: 'navigate', to: '/repay', query: { orderId: { $: 'params.orderId' } } }],
      }),
      { params: { orderId: 'A9' } },
    );
    await waitFor(() =>
      expect(host.log.navigations).toEqual([
        { to: '/repay', replace: false, commonParams: true, query: { orderId: 'A9' } },
      ]),
    );
  });

  it('lets a document turn common parameters off for an app path', async () => {
    const h = harness();
    await h.run([{ do: 'navigate', to: '/about', commonParams: false, replace: true }]);
    expect(h.host.log.navigations).toEqual([{ to: '/about', replace: true, commonParams: false }]);
  });

  it('does not add common parameters to an http(s) address unless asked', async () => {
    const h = harness({}, { initial: { data: { h5Url: 'https://pay.example.com/x?a=1' } } });
    await h.run([
      { do: 'navigate', to: { $: 'data.h5Url' } },
      { do: 'navigate', to: 'https://own.example.com/loan', commonParams: true, replace: true },
    ]);
    expect(h.host.log.navigations).toEqual([
      { to: 'https://pay.example.com/x?a=1', replace: false, commonParams: false },
      { to: 'https://own.example.com/loan', replace: true, commonParams: true },
    ]);
  });

  // Issue 16 item 7 (S2.20-16, D-12): what counts only when the borrower really goes.
  it('before runs once the address is accepted, just before the page changes', async () => {
    const h = harness({}, { initial: { data: { h5Url: 'https://pay.example.com/x' } } });
    const flag = { do: 'storage', scope: 'session', op: 'set', key: 'showBankTip', value: '1' };
    const order: string[] = [];
    const navigate = h.host.navigate;
    h.host.navigate = (to, options) => {
      order.push(`navigate ${h.host.storage('session').getItem('showBankTip') ?? 'unset'}`);
      navigate(to, options);
    };
    await h.run([{ do: 'navigate', to: { $: 'data.h5Url' }, before: [flag] }]);
    expect(order).toEqual(['navigate 1']);
  });

  it('before does not run when the address is refused (a javascript: h5Url)', async () => {
    const h = harness({}, { initial: { data: { h5Url: 'javascript:alert(1)' } } });
    const flag = { do: 'storage', scope: 'session', op: 'set', key: 'showBankTip', value: '1' };
    const outcome = await h.run([{ do: 'navigate', to: { $: 'data.h5Url' }, before: [flag] }]);
    expect(outcome).toBe('stop');
    expect(h.host.storage('session').getItem('showBankTip')).toBeNull();
    expect(h.host.log.navigations).toEqual([]);
    expect(h.host.log.toasts).toEqual([{ text: 'This link cannot be opened' }]);
  });

  it('a before that stops keeps the page where it is', async () => {
    const h = harness();
    const outcome = await h.run([{ do: 'navigate', to: '/repay', before: [{ do: 'stop' }] }]);
    expect(outcome).toBe('stop');
    expect(h.host.log.navigations).toEqual([]);
  });

  it('follows the first usable value of an or', async () => {
    const h = harness({}, { initial: { data: { h5Url: '' } } });
    await h.run([{ do: 'navigate', to: { or: [{ $: 'data.h5Url' }, '/repay'] } }]);
    expect(h.host.log.navigations[0]!.to).toBe('/repay');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example.com',
    '',
    null,
    42,
  ])('refuses %j: nothing opens, a toast says so, it is reported and the sequence stops', async (to) => {
    const h = harness({}, { initial: { data: { to } } });
    const outcome = await h.run([
      { do: 'navigate', to: { $: 'data.to' } },
      { do: 'toast', text: 'after' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.host.log.navigations).toEqual([]);
    expect(h.host.log.toasts).toEqual([{ text: 'This link cannot be opened' }]);
    expect(h.host.log.problems).toEqual([
      expect.objectContaining({ screenId: 'test', blockPath: '/onLoad/0', code: 'unsafe-url' }),
    ]);
  });

  it('refuses through a rendered screen and shows the document refusedMessage', async () => {
    const { host } = renderScreen(
      doc([], {
        onLoad: [
          { do: 'navigate', to: { $: 'params.u' }, refusedMessage: 'Link not available' },
          { do: 'navigate', to: '/never' },
        ],
      }),
      { params: { u: 'javascript:fetch(`//x`)' } },
    );
    await waitFor(() => expect(host.log.problems).toHaveLength(1));
    expect(host.log.toasts).toEqual([{ text: 'Link not available' }]);
    expect(host.log.navigations).toEqual([]);
    expect(host.log.problems[0]!.code).toBe('unsafe-url');
  });

  it('keeps the report short for a huge refused value', async () => {
    const h = harness({}, { initial: { data: { to: 'data:' + 'A'.repeat(100000) } } });
    await h.run([{ do: 'navigate', to: { $: 'data.to' }, refusedMessage: '' }]);
    expect(h.host.log.toasts).toEqual([]);
    expect(h.host.log.problems[0]!.message.length).toBeLessThan(300);
  });

  // Issue 20 §4: another site only at an address the server sent; the session only to lendDetailsUrl.
  it('refuses another site the document named, or built from params: the session would go with it', async () => {
    const h = harness({}, { initial: { params: { sessionId: 'S-1', next: 'https://evil.example/n' } } });
    await h.run([{ do: 'navigate', to: { t: 'https://evil.example/p?s={params.sessionId}' } }]);
    await h.run([{ do: 'navigate', to: { $: 'params.next' }, commonParams: 'anyOrigin' }]);
    expect(h.host.log.navigations).toEqual([]);
    expect(h.host.log.problems.map((p) => p.code)).toEqual(['offsite-url', 'offsite-url']);
  });

  it('follows an address the server sent (a payment page), without the common parameters', async () => {
    const h = harness();
    h.host.respond = () => ({ ok: true, data: { payUrl: 'https://pay.partner.example/c?r=1' } });
    await h.run([
      { do: 'call', api: 'v3', path: '/v3/pay', then: [{ do: 'navigate', to: { $: 'result.data.payUrl' } }] },
    ]);
    expect(h.host.log.navigations).toEqual([
      { to: 'https://pay.partner.example/c?r=1', replace: false, commonParams: false },
    ]);
  });

  it('"anyOrigin": lendDetailsUrl from the reply gets the common parameters whatever its origin (D-50)', async () => {
    const h = harness();
    h.host.respond = () => ({ ok: true, data: { lendDetailsUrl: 'https://h5.partner.example/loan?o=1' } });
    const push = (to: unknown) => ({
      do: 'call',
      api: 'v3',
      path: '/v3/loan-confirm/loan-detail-push',
      then: [{ do: 'navigate', to, commonParams: 'anyOrigin', replace: true, query: { from: 'confirm' } }],
    });
    await h.run([push({ $: 'result.data.lendDetailsUrl' })]);
    expect(h.host.log.navigations).toEqual([
      {
        to: 'https://h5.partner.example/loan?o=1',
        replace: true,
        commonParams: 'anyOrigin',
        query: { from: 'confirm' },
      },
    ]);
    // The same address, but not read straight from the reply: no session for it.
    await h.run([push({ or: [{ $: 'result.data.lendDetailsUrl' }, '/x'] })]);
    expect(h.host.log.navigations[1]).toMatchObject({ commonParams: true });
  });
});
