import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { ApiResult } from '../../../../renderer/host';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { renderScreen } from '../../../fixtures/renderScreen';
import { deferred, doc, flush, harness } from './harness';

const loanDetails = {
  do: 'call',
  api: 'v3',
  path: '/v3/loan-details/loan-details',
  body: { productId: { $: 'params.productId' }, orderId: { $: 'params.orderId' } },
};

describe('call action', () => {
  it('sends the evaluated body and query, POST by default, and stores the data with into', async () => {
    const h = harness({}, { initial: { params: { productId: 7, orderId: 'A1' } } });
    h.host.respond = () => ({ ok: true, data: { orderStatus: 174 } });
    const outcome = await h.run([
      { ...loanDetails, query: { lang: 'en' }, into: 'data.details', timeoutMs: 5000, toastFailure: false },
    ]);
    expect(outcome).toBe('done');
    expect(h.host.log.calls).toEqual([
      {
        api: 'v3',
        method: 'POST',
        path: '/v3/loan-details/loan-details',
        body: { productId: 7, orderId: 'A1' },
        query: { lang: 'en' },
        timeoutMs: 5000,
        toastFailure: false,
      },
    ]);
    expect(h.state().data.details).toEqual({ orderStatus: 174 });
  });

  it('sends GET when asked', async () => {
    const h = harness();
    await h.run([{ do: 'call', api: 'nepenthes', method: 'GET', path: '/nepenthes/problem-list' }]);
    expect(h.host.log.calls[0]).toMatchObject({ method: 'GET', path: '/nepenthes/problem-list' });
  });

  it('runs then and finally on success with result available, not else', async () => {
    const h = harness();
    h.host.respond = () => ({ ok: true, code: 0, message: 'fine', data: { n: 3 } });
    await h.run([
      {
        ...loanDetails,
        then: [{ do: 'toast', text: { t: 'then {result.data.n} {result.message}' } }],
        else: [{ do: 'toast', text: 'else' }],
        finally: [{ do: 'toast', text: { t: 'finally ok={result.ok}' } }],
      },
    ]);
    expect(h.host.log.toasts.map((t) => t.text)).toEqual(['then 3 fine', 'finally ok=true']);
  });

  it('runs else and finally on failure and does not write into', async () => {
    const h = harness({}, { initial: { data: { details: 'old' } } });
    h.host.respond = () => ({ ok: false, code: 500, message: 'Server busy' });
    await h.run([
      {
        ...loanDetails,
        into: 'data.details',
        then: [{ do: 'toast', text: 'then' }],
        else: [{ do: 'toast', text: { t: 'else {result.code} {result.message}' } }],
        finally: [{ do: 'toast', text: 'finally' }],
      },
    ]);
    expect(h.host.log.toasts.map((t) => t.text)).toEqual(['else 500 Server busy', 'finally']);
    expect(h.state().data.details).toBe('old');
  });

  it('a stop in a branch ends the sequence that holds the call', async () => {
    const h = harness();
    h.host.respond = () => ({ ok: false });
    const outcome = await h.run([
      { ...loanDetails, else: [{ do: 'stop' }] },
      { do: 'toast', text: 'after' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.host.log.toasts).toEqual([]);
  });

  it('with a lock, a second call while the first is in flight is not sent', async () => {
    const h = harness();
    const reply = deferred<ApiResult>();
    h.host.respond = () => reply.promise;
    const pay = [{ ...loanDetails, lock: 'pay', then: [{ do: 'toast', text: 'paid' }] }];
    const first = h.run(pay);
    await flush();
    expect(h.state().busy.pay).toBe(true);
    const second = await h.run(pay);
    expect(second).toBe('stop');
    expect(h.host.log.calls).toHaveLength(1);
    reply.resolve({ ok: true });
    expect(await first).toBe('done');
    expect(h.host.log.toasts.map((t) => t.text)).toEqual(['paid']);
    expect(h.state().busy.pay).toBeUndefined();
    // Once settled, the lock is free again.
    h.host.respond = () => ({ ok: true });
    await h.run(pay);
    expect(h.host.log.calls).toHaveLength(2);
  });

  it('without a lock, two calls are both sent', async () => {
    const h = harness();
    await Promise.all([h.run([loanDetails]), h.run([loanDetails])]);
    expect(h.host.log.calls).toHaveLength(2);
  });

  it('marks the call busy by its path while in flight', async () => {
    const h = harness();
    const reply = deferred<ApiResult>();
    h.host.respond = () => reply.promise;
    const running = h.run([loanDetails]);
    await flush();
    expect(h.state().busy['/onLoad/0']).toBe(true);
    reply.resolve({ ok: true });
    await running;
    expect(h.state().busy).toEqual({});
  });

  it('sends files that are Blobs and skips anything else', async () => {
    const photo = new Blob(['x'], { type: 'image/png' });
    const h = harness({}, { initial: { form: { photo, note: 'not a file' } } });
    await h.run([
      {
        do: 'call',
        api: 'nepenthes',
        path: '/nepenthes/upload-problem-image',
        files: { image: 'form.photo', other: 'form.note', missing: 'form.none' },
      },
    ]);
    expect(h.host.log.calls[0]!.files).toEqual({ image: photo });
  });

  it('passes the evaluated loading text to the host', async () => {
    const h = harness({}, { initial: { params: { what: 'details' } } });
    await h.run([{ ...loanDetails, loading: { t: 'loading {params.what}...' } }]);
    expect(h.host.log.calls[0]!.loading).toBe('loading details...');
  });

  it('settles through else when the host throws, and frees the lock', async () => {
    const h = harness();
    h.host.respond = () => {
      throw new Error('socket hang up');
    };
    await h.run([
      {
        ...loanDetails,
        lock: 'pay',
        else: [{ do: 'toast', text: { t: 'failed network={result.network} {result.message}' } }],
      },
    ]);
    expect(h.host.log.toasts.map((t) => t.text)).toEqual(['failed network=true socket hang up']);
    expect(h.state().busy).toEqual({});
    h.host.respond = () => ({ ok: true });
    await h.run([{ ...loanDetails, lock: 'pay' }]);
    expect(h.host.log.calls).toHaveLength(2);
  });

  it('settles when the host rejects', async () => {
    const h = harness();
    h.host.respond = () => Promise.reject(new Error('boom'));
    const outcome = await h.run([{ ...loanDetails, else: [{ do: 'toast', text: 'else ran' }] }]);
    expect(outcome).toBe('done');
    expect(h.host.log.toasts.map((t) => t.text)).toEqual(['else ran']);
  });

  it('hands the host the screen signal; unmounting aborts it and runs no branch', async () => {
    const h = harness();
    let seen: AbortSignal | undefined;
    h.host.respond = (_call, signal) => {
      seen = signal;
      // A host settles its pending request when the signal aborts.
      return new Promise((resolve) =>
        signal.addEventListener('abort', () => resolve({ ok: false, network: true })),
      );
    };
    const running = h.run([
      {
        ...loanDetails,
        into: 'data.details',
        then: [{ do: 'toast', text: 'then' }],
        else: [{ do: 'toast', text: 'else' }],
        finally: [{ do: 'toast', text: 'finally' }],
      },
      { do: 'toast', text: 'after' },
    ]);
    await flush();
    expect(seen?.aborted).toBe(false);
    h.unmount();
    expect(seen?.aborted).toBe(true);
    expect(await running).toBe('stop');
    expect(h.host.log.toasts).toEqual([]);
    expect(h.state().data.details).toBeUndefined();
  });

  it('runs from a rendered screen source and its result shows in later onLoad actions', async () => {
    const host = createFakeHost(() => ({ ok: true, data: { name: 'Ana' } }));
    renderScreen(
      doc([], {
        sources: [{ do: 'call', api: 'v3', path: '/v3/user-info', into: 'data.user' }],
        onLoad: [{ do: 'toast', text: { t: 'Hi {data.user.name}' } }],
      }),
      { host },
    );
    await waitFor(() => expect(host.log.toasts).toEqual([{ text: 'Hi Ana' }]));
  });
});
