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
});
