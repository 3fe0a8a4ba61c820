import { describe, expect, it, vi, afterEach } from 'vitest';
import type { ApiCall } from '../../../renderer/host';
import { createClients } from '../../../src/host/http';
import { createRequester, PREFETCH_TTL_MS } from '../../../src/host/request';
import { fakeNetwork, type Answer, type SentRequest } from './fakeNetwork';

const HEADERS: Record<string, string> = { building: 'b-1', gather: 'g-1', swift: 's-1', eyes: 'e-1' };

function setup(
  answer?: (req: SentRequest) => Answer | Promise<Answer>,
  headers: Record<string, string> = HEADERS,
) {
  const net = fakeNetwork(answer);
  const toasts: string[] = [];
  const loadings: { text: string; open: boolean }[] = [];
  let now = 1_000;
  const requester = createRequester({
    clients: createClients((name) => headers[name] ?? '', net.fetch),
    commonParams: () => ({ sessionId: 'S1', productId: 'P-1', product_id: 'P-1' }),
    toast: (text) => toasts.push(text),
    loading: (text) => {
      const entry = { text, open: true };
      loadings.push(entry);
      return () => {
        entry.open = false;
      };
    },
    now: () => now,
  });
  return {
    ...net,
    requester,
    toasts,
    loadings,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const signal = () => new AbortController().signal;
const call = (over: Partial<ApiCall>): ApiCall => ({
  api: 'nepenthes',
  method: 'POST',
  path: '/nepenthes/x',
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the two HTTP clients (§7.1)', () => {
  it('the form client sends the form content type, the XMLHttpRequest marker, swift and eyes', async () => {
    const t = setup();
    await t.requester.request(call({ body: { product_id: 'P-1' } }), signal());
    const h = t.sent[0]!.headers;
    expect(h['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(h['x-requested-with']).toBe('XMLHttpRequest');
    expect(h.swift).toBe('s-1');
    expect(h.eyes).toBe('e-1');
    expect(h.building).toBeUndefined();
  });

  it('the JSON client sends JSON, the marker, building and gather', async () => {
    const t = setup(() => ({ body: { success: true, data: {} } }));
    await t.requester.request(
      call({ api: 'v3', path: '/v3/loan-details/loan-details', body: { orderId: 'O1' } }),
      signal(),
    );
    const req = t.sent[0]!;
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req.headers.building).toBe('b-1');
    expect(req.headers.gather).toBe('g-1');
    expect(req.headers.swift).toBeUndefined();
    expect(JSON.parse(String(req.data))).toEqual({ orderId: 'O1' });
  });

  it('header values are empty when their query parameters are absent', async () => {
    const t = setup(undefined, {});
    await t.requester.request(call({}), signal());
    await t.requester.request(call({ api: 'v3', path: '/v3/a' }), signal());
    expect(t.sent[0]!.headers).toMatchObject({ swift: '', eyes: '' });
    expect(t.sent[1]!.headers).toMatchObject({ building: '', gather: '' });
  });
});

describe('the shared helpers (P-07, P-08)', () => {
  it('POST: /nepenthes + path, common parameters on the URL, the payload form-encoded', async () => {
    const t = setup();
    await t.requester.request(
      call({ path: '/bank-card-init', body: { product_id: 'P-9', skip: undefined, n: 3 } }),
      signal(),
    );
    const req = t.sent[0]!;
    expect(req.method).toBe('POST');
    const url = new URL(req.url, 'http://x');
    expect(url.pathname).toBe('/nepenthes/bank-card-init');
    expect(url.searchParams.get('sessionId')).toBe('S1');
    expect(url.searchParams.get('productId')).toBe('P-1');
    expect(Object.fromEntries(new URLSearchParams(String(req.data)))).toEqual({ product_id: 'P-9', n: '3' });
  });

  it('a path that already carries the prefix is not prefixed twice', async () => {
    const t = setup();
    await t.requester.request(call({ path: '/nepenthes/problem-list', api: 'complaint' }), signal());
    expect(new URL(t.sent[0]!.url, 'http://x').pathname).toBe('/nepenthes/problem-list');
  });

  it('GET: the payload fields go on the URL as further query parameters', async () => {
    const t = setup(() => ({ body: { code: '00', data: { id: 1 } } }));
    await t.requester.request(
      call({
        api: 'promo',
        method: 'GET',
        path: '/api/v2/youmi/service/channel/channel-template',
        body: { templateId: 3 },
      }),
      signal(),
    );
    const url = new URL(t.sent[0]!.url, 'http://x');
    expect(t.sent[0]!.method).toBe('GET');
    expect(url.pathname).toBe('/api/v2/youmi/service/channel/channel-template');
    expect(url.searchParams.get('templateId')).toBe('3');
    expect(url.searchParams.get('sessionId')).toBe('S1');
    expect(t.sent[0]!.data).toBeUndefined();
  });

  it('files go as multipart form data with the other fields', async () => {
    const t = setup(() => ({ body: { code: '00', data: { url: '/uploads/a.png' } } }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const result = await t.requester.request(
      call({
        api: 'complaint',
        path: '/nepenthes/upload-problem-image',
        files: { problemImage: file },
        body: { k: 'v' },
      }),
      signal(),
    );
    const data = t.sent[0]!.data;
    expect(data).toBeInstanceOf(FormData);
    expect((data as FormData).get('problemImage')).toBeInstanceOf(File);
    expect((data as FormData).get('k')).toBe('v');
    // Left to the browser, which adds the boundary; a hand-set multipart type would lack it.
    expect(t.sent[0]!.headers['content-type']).toBeUndefined();
    expect(result).toMatchObject({ ok: true, data: { url: '/uploads/a.png' } });
  });
});

describe('envelopes per family (ruling 16, D-19)', () => {
  const cases: [string, unknown, boolean][] = [
    ['nepenthes', { code: 0, message: 'ok', data: 1 }, true],
    ['nepenthes', { code: '0', message: 'ok', data: 1 }, true],
    ['nepenthes', { code: '00', message: 'ok', data: 1 }, true],
    ['nepenthes', { code: 1, message: 'Bad card', data: null }, false],
    ['nepenthes', { code: '', message: 'Empty code', data: null }, false],
    ['complaint', { code: '00', message: 'ok', data: 1 }, true],
    ['complaint', { code: 0, message: 'numeric zero is not 00', data: 1 }, false],
    ['legacy', { code: 0, message: 'ok', data: 1 }, true],
    ['legacy', { code: 800006, message: 'wrong verification code', data: null }, false],
    ['v3', { success: true, message: '', data: 1 }, true],
    ['v3', { success: 'true', message: 'not a boolean', data: 1 }, false],
    ['variant', { code: '00', message: 'ok', data: 1 }, true],
    ['variant', { code: '01', message: 'no', data: 1 }, false],
    ['promo', { code: '0', message: 'ok', data: { sid: 's' } }, true],
    ['promo', { code: 11, message: 'registered', data: null }, false],
  ];
  it.each(cases)('%s %j -> ok %s', async (api, body, ok) => {
    const t = setup(() => ({ body }));
    const result = await t.requester.request(call({ api, path: '/x' }), signal());
    expect(result.ok).toBe(ok);
    expect(result.network).toBeUndefined();
    expect(result.message).toBe((body as { message: string }).message);
  });

  it('hands the code, message and data to the caller', async () => {
    const t = setup(() => ({ body: { code: 101, message: 'Wrong captcha', data: { x: 1 } } }));
    const result = await t.requester.request(
      call({ api: 'promo', path: '/api/v2/youmi/promotion/get-sms' }),
      signal(),
    );
    expect(result).toEqual({ ok: false, code: 101, message: 'Wrong captcha', data: { x: 1 } });
  });
});

describe('failure toasts (P-10, ruling 3)', () => {
  it('shared helper: the server message is toasted and the result still handed back', async () => {
    const t = setup(() => ({ body: { code: 5, message: 'Card already bound', data: { a: 1 } } }));
    const result = await t.requester.request(call({}), signal());
    expect(t.toasts).toEqual(['Card already bound']);
    expect(result).toMatchObject({ ok: false, code: 5, data: { a: 1 } });
  });

  it('v3 success false: the message when there is one, nothing when it is empty', async () => {
    const t = setup(() => ({ body: { success: false, message: 'Payment channel busy', data: null } }));
    await t.requester.request(call({ api: 'v3', path: '/v3/a' }), signal());
    expect(t.toasts).toEqual(['Payment channel busy']);
    const quiet = setup(() => ({ body: { success: false, message: '', data: null } }));
    await quiet.requester.request(call({ api: 'v3', path: '/v3/a' }), signal());
    expect(quiet.toasts).toEqual([]);
  });

  it('promo and legacy leave the codes to the screen', async () => {
    const t = setup(() => ({ body: { code: 800005, message: 'do not submit the payment twice' } }));
    await t.requester.request(call({ api: 'legacy', path: '/nepenthes/repayment-commit' }), signal());
    await t.requester.request(call({ api: 'promo', path: '/api/v2/youmi/promotion/register' }), signal());
    expect(t.toasts).toEqual([]);
  });

  it('toastFailure overrides the family default both ways', async () => {
    const t = setup(() => ({ body: { code: 9, message: 'Nope' } }));
    await t.requester.request(call({ toastFailure: false }), signal());
    expect(t.toasts).toEqual([]);
    await t.requester.request(call({ api: 'promo', path: '/p', toastFailure: true }), signal());
    expect(t.toasts).toEqual(['Nope']);
  });

  it('a success is never toasted', async () => {
    const t = setup(() => ({ body: { code: 0, message: 'success' } }));
    await t.requester.request(call({}), signal());
    expect(t.toasts).toEqual([]);
  });

  it('a 4xx reply carrying an envelope is read as the server answer', async () => {
    const t = setup(() => ({
      status: 400,
      body: { code: '400', message: 'orderId is required', data: null },
    }));
    const result = await t.requester.request(call({}), signal());
    expect(result).toMatchObject({ ok: false, message: 'orderId is required' });
    expect(result.network).toBeUndefined();
    expect(t.toasts).toEqual(['orderId is required']);
  });
});

describe('transport failures settle (ruling 2, D-02)', () => {
  const failures: [string, Answer][] = [
    ['offline', { fail: 'offline' }],
    ['HTTP 500', { status: 500, body: { code: 0, message: 'boom' } }],
    ['HTTP 502 with an HTML body', { status: 502, body: '<html>Bad gateway</html>' }],
    ['a non-JSON body', { body: '<html>captive portal</html>' }],
    ['a JSON array', { body: [1, 2] }],
    ['a 404 that is not an envelope', { status: 404, body: 'Not Found' }],
  ];

  it.each(failures)('%s: network failure with the usual message, loading closed', async (_name, answer) => {
    const t = setup(() => answer);
    const result = await t.requester.request(call({ loading: 'loading...' }), signal());
    expect(result).toEqual({ ok: false, network: true, message: 'Network error, please try again' });
    expect(t.toasts).toEqual(['Network error, please try again']);
    expect(t.loadings).toEqual([{ text: 'loading...', open: false }]);
  });

  it.each(['promo', 'legacy'])('%s pages say "error"', async (api) => {
    const t = setup(() => ({ fail: 'offline' }));
    const result = await t.requester.request(call({ api, path: '/x' }), signal());
    expect(result).toMatchObject({ ok: false, network: true, message: 'error' });
    expect(t.toasts).toEqual(['error']);
  });

  it('a reply that never comes settles after the timeout', async () => {
    vi.useFakeTimers();
    const t = setup(() => ({ hang: true }));
    const pending = t.requester.request(call({ loading: 'Please wait' }), signal());
    await vi.advanceTimersByTimeAsync(59_999);
    expect(t.loadings[0]!.open).toBe(true);
    expect(t.sent[0]!.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await expect(pending).resolves.toMatchObject({ ok: false, network: true });
    expect(t.loadings[0]!.open).toBe(false);
    // The request itself is cancelled, not left holding a connection on a slow phone.
    expect(t.sent[0]!.signal?.aborted).toBe(true);
    expect(t.toasts).toEqual(['Network error, please try again']);
  });

  it('call.timeoutMs shortens the wait', async () => {
    vi.useFakeTimers();
    const t = setup(() => ({ hang: true }));
    const pending = t.requester.request(call({ timeoutMs: 5000 }), signal());
    await vi.advanceTimersByTimeAsync(5001);
    await expect(pending).resolves.toMatchObject({ ok: false, network: true });
  });

  it('an aborted call settles at once, silently', async () => {
    const t = setup(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = t.requester.request(call({ loading: 'loading...' }), controller.signal);
    controller.abort();
    await expect(pending).resolves.toMatchObject({ ok: false, network: true });
    expect(t.toasts).toEqual([]);
    expect(t.loadings[0]!.open).toBe(false);
  });

  it('an unknown family fails without a request', async () => {
    const t = setup();
    const result = await t.requester.request(call({ api: 'nope' }), signal());
    expect(result.ok).toBe(false);
    expect(t.sent).toHaveLength(0);
  });
});

describe('the loading toast (P-16)', () => {
  it('shows while the call is in flight and hides when the reply arrives', async () => {
    let release!: (a: Answer) => void;
    const t = setup(() => new Promise<Answer>((resolve) => (release = resolve)));
    const pending = t.requester.request(call({ api: 'v3', path: '/v3/a', loading: 'loading...' }), signal());
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    expect(t.loadings).toEqual([{ text: 'loading...', open: true }]);
    release({ body: { success: true, data: {} } });
    await pending;
    expect(t.loadings).toEqual([{ text: 'loading...', open: false }]);
  });

  it('no loading text, no loading toast', async () => {
    const t = setup();
    await t.requester.request(call({}), signal());
    expect(t.loadings).toEqual([]);
  });
});

describe('prefetch and dedupe', () => {
  const v3 = (body: Record<string, unknown>): ApiCall => ({
    api: 'v3',
    method: 'POST',
    path: '/v3/loan-details/loan-details',
    body,
  });

  it('the screen gets the reply of the identical call already in flight', async () => {
    let release!: (a: Answer) => void;
    const t = setup(() => new Promise<Answer>((resolve) => (release = resolve)));
    t.requester.prefetch(v3({ orderId: 'O1', productId: 'P-1' }));
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    const pending = t.requester.request(
      { ...v3({ productId: 'P-1', orderId: 'O1' }), loading: 'loading...' },
      signal(),
    );
    expect(t.loadings[0]!.open).toBe(true);
    release({ body: { success: true, data: { orderStatus: 21 } } });
    await expect(pending).resolves.toMatchObject({ ok: true, data: { orderStatus: 21 } });
    expect(t.sent).toHaveLength(1);
    expect(t.loadings[0]!.open).toBe(false);
  });

  it('a different body, a different query or a second request sends again', async () => {
    const t = setup(() => ({ body: { success: true, data: {} } }));
    t.requester.prefetch(v3({ orderId: 'O1' }));
    await t.requester.request(v3({ orderId: 'O2' }), signal());
    await t.requester.request({ ...v3({ orderId: 'O1' }), query: { a: 1 } }, signal());
    await t.requester.request(v3({ orderId: 'O1' }), signal());
    await t.requester.request(v3({ orderId: 'O1' }), signal());
    expect(t.sent).toHaveLength(4);
  });

  it('a prefetched reply older than the window is not used', async () => {
    const t = setup(() => ({ body: { success: true, data: {} } }));
    t.requester.prefetch(v3({ orderId: 'O1' }));
    t.advance(PREFETCH_TTL_MS + 1);
    await t.requester.request(v3({ orderId: 'O1' }), signal());
    expect(t.sent).toHaveLength(2);
  });

  it('a failed prefetch toasts once, when the screen reads it', async () => {
    const t = setup(() => ({ fail: 'offline' }));
    t.requester.prefetch(v3({ orderId: 'O1' }));
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    expect(t.toasts).toEqual([]);
    const result = await t.requester.request(v3({ orderId: 'O1' }), signal());
    expect(result).toMatchObject({ ok: false, network: true });
    expect(t.toasts).toEqual(['Network error, please try again']);
  });
});

describe('idempotency keys (issue 20 §2)', () => {
  it('a write carries its user action key as the Idempotency-Key header', async () => {
    const t = setup();
    await t.requester.request(call({ body: { a: 1 }, idempotencyKey: 'abc-0' }), signal());
    expect(t.sent[0]!.headers['idempotency-key']).toBe('abc-0');
    await t.requester.request(
      call({ api: 'v3', path: '/v3/loan-details/generate-vcode', idempotencyKey: 'abc-1' }),
      signal(),
    );
    expect(t.sent[1]!.headers['idempotency-key']).toBe('abc-1');
  });

  it('no key, no header; a GET never sends one', async () => {
    const t = setup();
    await t.requester.request(call({ body: { a: 1 } }), signal());
    await t.requester.request(call({ method: 'GET', idempotencyKey: 'abc-2' }), signal());
    expect(t.sent.map((s) => s.headers['idempotency-key'])).toEqual([undefined, undefined]);
  });

  it('an upload carries it beside its multipart body', async () => {
    const t = setup();
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await t.requester.request(
      call({
        api: 'complaint',
        path: '/nepenthes/upload-problem-image',
        files: { problemImage: file },
        idempotencyKey: 'pick-0',
      }),
      signal(),
    );
    expect(t.sent[0]!.headers['idempotency-key']).toBe('pick-0');
  });
});

describe('our own server only (issue 20 §4)', () => {
  it.each(['//evil.example/x', '/v3//evil.example', '/v3/../../x', '/./x', 'https://evil.example/x', 'v3/x'])(
    'refuses the path %j: nothing is sent, not even prefetched',
    async (path) => {
      const t = setup();
      const result = await t.requester.request(call({ api: 'v3', path }), signal());
      expect(result.ok).toBe(false);
      t.requester.prefetch(call({ api: 'v3', path }));
      expect(t.sent).toEqual([]);
    },
  );
});
