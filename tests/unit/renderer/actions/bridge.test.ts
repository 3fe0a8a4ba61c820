import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

describe('bridge action', () => {
  it('calls the native action with evaluated fields as payload', async () => {
    const { host } = renderScreen(
      doc([], {
        onLoad: [
          {
            do: 'bridge',
            name: 'openPage',
            payload: { productId: { $: 'params.productId' }, from: 'loanDetails' },
          },
        ],
      }),
      { params: { productId: '12' } },
    );
    await waitFor(() =>
      expect(host.log.bridge).toEqual([
        { name: 'openPage', payload: { productId: '12', from: 'loanDetails' } },
      ]),
    );
  });

  it('reads a single-operator payload as one expression', async () => {
    const h = harness({}, { initial: { data: { jump: 'pesoquick://product/9' } } });
    await h.run([{ do: 'bridge', name: 'openPageSingle', payload: { $: 'data.jump' } }]);
    expect(h.host.log.bridge).toEqual([{ name: 'openPageSingle', payload: 'pesoquick://product/9' }]);
  });

  it.each([
    { url: 'javascript:alert(1)' },
    { url: 'otherapp://steal' },
    { url: 'https://evil.example/x?s=1' },
  ])('refuses to hand %j to openPage: a toast, a report, nothing sent', async (payload) => {
    const h = harness();
    expect(await h.run([{ do: 'bridge', name: 'openPage', payload }])).toBe('stop');
    expect(h.host.log.bridge).toEqual([]);
    expect(h.host.log.toasts).toEqual([{ text: 'This link cannot be opened' }]);
    expect(h.host.log.problems.map((p) => p.code)).toEqual(['unsafe-url']);
  });

  it('passes an address the server sent, even on another origin', async () => {
    const h = harness({}, { initial: { data: { jump: 'https://partner.example/p' } } });
    h.engine.vouched.add('https://partner.example/p');
    await h.run([{ do: 'bridge', name: 'openPage', payload: { url: { $: 'data.jump' } } }]);
    expect(h.host.log.bridge).toEqual([{ name: 'openPage', payload: { url: 'https://partner.example/p' } }]);
  });

  // Issue 29 §4 (D-31): a partner app's address the server returned (define, a joint-login
  // product) goes to the native side as data, whatever its scheme; the same address written or
  // built by the document does not, and neither does anything that runs or reads in place.
  const define = () => [
    {
      do: 'call',
      api: 'variant',
      path: '/gopia/goya/define',
      then: [{ do: 'bridge', name: 'openPage', payload: { url: { $: 'result.data' } } }],
    },
  ];

  it.each([
    'cashbuddy://apply?productId=P-2',
    'intent://apply#Intent;scheme=partner;package=com.partner;end',
  ])('hands the native side %s when the server sent it to this screen', async (target) => {
    const h = harness();
    h.host.respond = () => ({ ok: true, data: target });
    expect(await h.run(define())).toBe('done');
    expect(h.host.log.bridge).toEqual([{ name: 'openPage', payload: { url: target } }]);
    expect(h.host.log.problems).toEqual([]);
  });

  it.each([
    { url: 'cashbuddy://apply?productId=P-2' },
    { url: { concat: ['cashbuddy://apply?s=', { $: 'params.sessionId' }] } },
    { url: { t: 'cashbuddy://apply?productId={result.data}' } },
  ])('refuses a partner address the document wrote or built: %j', async (payload) => {
    const h = harness();
    h.host.respond = () => ({ ok: true, data: 'P-2' });
    const outcome = await h.run([
      {
        do: 'call',
        api: 'variant',
        path: '/gopia/goya/define',
        then: [{ do: 'bridge', name: 'openPage', payload }],
      },
    ]);
    expect(outcome).toBe('stop');
    expect(h.host.log.bridge).toEqual([]);
    expect(h.host.log.toasts).toEqual([{ text: 'This link cannot be opened' }]);
    expect(h.host.log.problems.map((p) => p.code)).toEqual(['unsafe-url']);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'blob:https://lender.example/1', 'file:///etc/hosts'])(
    'refuses %s even when the server sent it',
    async (target) => {
      const h = harness();
      h.host.respond = () => ({ ok: true, data: target });
      expect(await h.run(define())).toBe('stop');
      expect(h.host.log.bridge).toEqual([]);
      expect(h.host.log.problems.map((p) => p.code)).toEqual(['unsafe-url']);
    },
  );

  it('sends no payload when none is written', async () => {
    const h = harness();
    await h.run([{ do: 'bridge', name: 'goHome' }]);
    expect(h.host.log.bridge).toEqual([{ name: 'goHome' }]);
  });

  it('waits for the bridge, and a failing bridge is reported and stops the sequence', async () => {
    const h = harness();
    h.host.bridge = () => Promise.reject(new Error('no native side'));
    const outcome = await h.run([
      { do: 'bridge', name: 'goRate' },
      { do: 'toast', text: 'after' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.host.log.toasts).toEqual([]);
    expect(h.host.log.problems).toEqual([
      expect.objectContaining({ code: 'action-failed', blockPath: '/onLoad/0', message: 'no native side' }),
    ]);
  });
});
