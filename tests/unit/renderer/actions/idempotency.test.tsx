// Idempotency keys from the engine (issue 20 §2): each user action (a tap, a submit, a pick, the
// native back) gives its calls keys derived from its id; a new tap gets new keys; a retry of the
// same call after a transport failure reuses its key; sources and timers send none.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApiCall, ApiResult } from '../../../../renderer/host';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc } from './harness';

const save = (detail: unknown = 'same text') => ({
  do: 'call',
  api: 'complaint',
  path: '/nepenthes/problem-save',
  body: { problemType: 2, problemDetail: detail },
});

function tapScreen(onTap: unknown[], extra: Record<string, unknown> = {}) {
  return doc([{ type: 'button', id: 'send', label: 'Send', onTap }], extra);
}

async function tap(host: { log: { calls: ApiCall[] } }, times = 1) {
  for (let i = 0; i < times; i++) {
    const before = host.log.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(host.log.calls.length).toBeGreaterThan(before));
    // The button is enabled again once the sequence has settled.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBeNull(),
    );
  }
}

const keys = (calls: ApiCall[]) => calls.map((c) => c.idempotencyKey);

describe('idempotency keys of user actions', () => {
  it('every call of a tap gets its own key; the next tap gets new ones', async () => {
    const host = createFakeHost();
    renderScreen(tapScreen([save('one'), save('two')]), { host });
    await tap(host);
    await waitFor(() => expect(host.log.calls).toHaveLength(2));
    await tap(host);
    await waitFor(() => expect(host.log.calls).toHaveLength(4));
    const sent = keys(host.log.calls);
    expect(sent.every((k) => typeof k === 'string' && /^[a-f0-9]{32}-\d+$/.test(k))).toBe(true);
    expect(new Set(sent).size).toBe(4);
    // The calls of one tap share its id.
    expect(sent[0]!.split('-')[0]).toBe(sent[1]!.split('-')[0]);
    expect(sent[0]!.split('-')[0]).not.toBe(sent[2]!.split('-')[0]);
  });

  it('a tap after a transport failure retries with the same key; after any reply a tap is new', async () => {
    const replies: ApiResult[] = [
      { ok: false, network: true, message: 'Network error, please try again' },
      { ok: false, network: true, message: 'Network error, please try again' },
      { ok: false, code: '400', message: 'Please fill in your comments' },
      { ok: true, code: '00', data: {} },
      { ok: true, code: '00', data: {} },
    ];
    const host = createFakeHost(() => replies.shift() ?? { ok: true, data: {} });
    renderScreen(tapScreen([save()]), { host });
    await tap(host, 5);
    const [a, b, c, d, e] = keys(host.log.calls);
    expect(b).toBe(a); // the first attempt may have reached the server: same key
    expect(c).toBe(a); // still unknown after the second failure
    expect(d).not.toBe(c); // the server answered the third: the next tap is a new action
    expect(e).not.toBe(d);
  });

  it('a changed request after a transport failure is a new action', async () => {
    const host = createFakeHost(() => ({ ok: false, network: true }));
    renderScreen(tapScreen([save({ $: 'ui.text' }), { do: 'set', path: 'ui.text', value: 'edited' }]), {
      host,
    });
    await tap(host, 2);
    expect(host.log.calls).toHaveLength(2);
    expect(host.log.calls[1]!.body).toEqual({ problemType: 2, problemDetail: 'edited' });
    expect(host.log.calls[1]!.idempotencyKey).not.toBe(host.log.calls[0]!.idempotencyKey);
  });

  it('sources, on-load actions and timers send no key', async () => {
    const host = createFakeHost();
    renderScreen(
      doc([], {
        sources: [{ do: 'call', api: 'v3', path: '/v3/loan-details/loan-details' }],
        onLoad: [save()],
      }),
      { host },
    );
    await waitFor(() => expect(host.log.calls).toHaveLength(2));
    expect(keys(host.log.calls)).toEqual([undefined, undefined]);
  });

  it('the native back is a user action too', async () => {
    const host = createFakeHost();
    renderScreen(doc([], { on: { nativeBack: [save()] } }), { host });
    host.emit('back');
    await waitFor(() => expect(host.log.calls).toHaveLength(1));
    expect(host.log.calls[0]!.idempotencyKey).toMatch(/^[a-f0-9]{32}-0$/);
  });
});
