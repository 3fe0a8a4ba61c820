// The two axios clients of spec §7.1 (P-12..P-14) on their own, through the test network: what
// goes out per client, what comes back (the family's reading of the envelope, only the body),
// and how each kind of failure ends. The requester's side (toasts, loading, settling) is in
// request.test.ts. Every test runs twice: with the phone's clients (axios) and with the server's
// (src/host/directHttp.ts, no axios), and the last block compares the two on the wire.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAMILIES } from '../../../src/host/families';
import { createDirectClients } from '../../../src/host/directHttp';
import { createClients, HTTP_TIMEOUT_MS, TransportError, type HttpRequest } from '../../../src/host/http';
import { createRequester } from '../../../src/host/request';
import { fakeNetwork, type Answer, type SentRequest } from './fakeNetwork';

let makeClients: typeof createClients = createClients;

function setup(answer?: (req: SentRequest) => Answer | Promise<Answer>) {
  const net = fakeNetwork(answer);
  const values: Record<string, string> = { building: 'b-1', gather: 'g-1', swift: 's-1', eyes: 'e-1' };
  const clients = makeClients((name) => values[name] ?? '', net.fetch);
  return { ...net, clients, values };
}

const form = (over: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'POST',
  url: '/nepenthes/x?sessionId=S1',
  body: 'a=1',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  signal: new AbortController().signal,
  family: FAMILIES.nepenthes,
  ...over,
});

const json = (over: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'POST',
  url: '/v3/loan-details/loan-details',
  body: '{"orderId":"O1"}',
  headers: { 'Content-Type': 'application/json' },
  signal: new AbortController().signal,
  family: FAMILIES.v3,
  ...over,
});

/** The TransportError reason a request ends with, or 'resolved'. */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    expect(error).toBeInstanceOf(TransportError);
    return (error as Error).message;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each([
  ['axios (the phone)', createClients],
  ['direct (the server)', createDirectClients],
])('the clients: %s', (_name, make) => {
  beforeEach(() => {
    makeClients = make;
  });

  describe('what each client sends (P-12..P-14)', () => {
    it('the form client: the marker, swift and eyes, the body and URL as given', async () => {
      const t = setup();
      await t.clients.form.request(form());
      const sent = t.sent[0]!;
      expect(sent).toMatchObject({ method: 'POST', url: '/nepenthes/x?sessionId=S1', data: 'a=1' });
      expect(sent.headers).toMatchObject({
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
        swift: 's-1',
        eyes: 'e-1',
      });
      expect(sent.headers.building).toBeUndefined();
      expect(sent.headers.gather).toBeUndefined();
    });

    it('the JSON client: the marker, building and gather, the JSON body untouched', async () => {
      const t = setup(() => ({ body: { success: true, data: {} } }));
      await t.clients.json.request(json());
      const sent = t.sent[0]!;
      expect(sent.data).toBe('{"orderId":"O1"}');
      expect(sent.headers).toMatchObject({
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        building: 'b-1',
        gather: 'g-1',
      });
      expect(sent.headers.swift).toBeUndefined();
    });

    it('header values are read per request: a refreshed parameter goes out on the next call', async () => {
      const t = setup();
      await t.clients.form.request(form());
      t.values.swift = 's-2';
      delete t.values.eyes;
      await t.clients.form.request(form());
      expect(t.sent[1]!.headers).toMatchObject({ swift: 's-2', eyes: '' });
    });

    it('does not announce itself as axios in the user agent', async () => {
      const t = setup();
      await t.clients.form.request(form());
      expect(t.sent[0]!.headers['user-agent']).toBeUndefined();
    });

    it('a GET goes without a body; an upload keeps its FormData for the browser to encode', async () => {
      const t = setup();
      await t.clients.form.request(form({ method: 'GET', body: undefined, headers: undefined }));
      expect(t.sent[0]).toMatchObject({ method: 'GET', data: undefined });
      const upload = new FormData();
      upload.set('problemImage', new File(['x'], 'a.png', { type: 'image/png' }));
      await t.clients.form.request(form({ body: upload, headers: undefined, family: FAMILIES.complaint }));
      expect(t.sent[1]!.data).toBe(upload);
      expect(t.sent[1]!.headers['content-type']).toBeUndefined();
    });
  });

  describe('what comes back: the family reads the envelope (ruling 16)', () => {
    it('only the body, read by the family of the call', async () => {
      const t = setup(() => ({ body: { code: '00', message: 'ok', data: { id: 1 } } }));
      await expect(t.clients.form.request(form({ family: FAMILIES.complaint }))).resolves.toEqual({
        ok: true,
        code: '00',
        message: 'ok',
        data: { id: 1 },
      });
      // The same body read by other families: "00" parses to 0 (nepenthes); v3 wants success: true.
      await expect(t.clients.form.request(form({ family: FAMILIES.nepenthes }))).resolves.toMatchObject({
        ok: true,
      });
      await expect(t.clients.json.request(json({ family: FAMILIES.v3 }))).resolves.toMatchObject({
        ok: false,
        message: 'ok',
      });
    });

    it('a 4xx carrying an envelope is the server speaking, not a transport failure', async () => {
      const t = setup(() => ({ status: 422, body: { code: 7, message: 'Card number invalid' } }));
      await expect(t.clients.form.request(form())).resolves.toEqual({
        ok: false,
        code: 7,
        message: 'Card number invalid',
        data: undefined,
      });
    });

    it('a message that is not a string is shown as text; a missing one is empty', async () => {
      const t = setup(() => ({ body: { success: false, message: 404 } }));
      await expect(t.clients.json.request(json())).resolves.toMatchObject({ message: '404' });
      const quiet = setup(() => ({ body: { success: false } }));
      await expect(quiet.clients.json.request(json())).resolves.toMatchObject({ message: '' });
    });

    it('a body of several megabytes is read whole', async () => {
      const list = Array.from({ length: 40_000 }, (_, i) => ({
        id: i,
        name: `item ${i}`,
        note: 'x'.repeat(64),
      }));
      const t = setup(() => ({ body: { success: true, data: { list } } }));
      const result = await t.clients.json.request(json());
      expect(JSON.stringify(result.data).length).toBeGreaterThan(4_000_000);
      expect((result.data as { list: unknown[] }).list).toHaveLength(40_000);
    });
  });

  describe('every failure rejects with one TransportError (ruling 2)', () => {
    const hostile: [string, Answer, string][] = [
      ['HTTP 500 with an envelope', { status: 500, body: { code: 0, message: 'boom' } }, 'HTTP 500'],
      ['HTTP 503 with HTML', { status: 503, body: '<html>Service unavailable</html>' }, 'HTTP 503'],
      ['HTML with 200', { body: '<html>captive portal</html>' }, 'not an envelope'],
      ['truncated JSON', { body: '{"code":0,"data":{"li' }, 'not an envelope'],
      ['an empty body', { body: '' }, 'not an envelope'],
      ['JSON null', { body: 'null' }, 'not an envelope'],
      ['a JSON array', { body: [{ code: 0 }] }, 'not an envelope'],
      ['a JSON string', { body: '"ok"' }, 'not an envelope'],
      ['a 404 page', { status: 404, body: 'Not Found' }, 'not an envelope'],
      ['no network', { fail: 'offline' }, 'offline'],
    ];
    it.each(hostile)('%s', async (_name, answer, reason) => {
      const t = setup(() => answer);
      expect(await failure(t.clients.json.request(json()))).toBe(reason);
      expect(await failure(t.clients.form.request(form()))).toBe(reason);
    });

    it('no reply: the 60 s timeout rejects and cancels the request', async () => {
      vi.useFakeTimers();
      const t = setup(() => ({ hang: true }));
      const pending = failure(t.clients.form.request(form()));
      await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
      expect(t.sent[0]!.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(2);
      await expect(pending).resolves.toBe('timeout');
      expect(t.sent[0]!.signal?.aborted).toBe(true);
    });

    it('a call may ask for a shorter timeout', async () => {
      vi.useFakeTimers();
      const t = setup(() => ({ hang: true }));
      const pending = failure(t.clients.json.request(json({ timeoutMs: 3000 })));
      await vi.advanceTimersByTimeAsync(3001);
      await expect(pending).resolves.toBe('timeout');
    });

    it('the caller cancelling rejects at once and cancels the request', async () => {
      const t = setup(() => ({ hang: true }));
      const controller = new AbortController();
      const pending = failure(t.clients.json.request(json({ signal: controller.signal })));
      await vi.waitFor(() => expect(t.sent).toHaveLength(1));
      controller.abort();
      await expect(pending).resolves.toBe('aborted');
      expect(t.sent[0]!.signal?.aborted).toBe(true);
    });
  });

  describe('the requester settles even when the transport does not', () => {
    it('a fetch that ignores its abort signal still ends at the deadline, with the network message', async () => {
      vi.useFakeTimers();
      let seen: AbortSignal | undefined;
      const deaf = (_url: string, init: RequestInit) => {
        seen = init.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      };
      const toasts: string[] = [];
      const requester = createRequester({
        clients: makeClients(() => '', deaf),
        commonParams: () => ({}),
        toast: (text) => toasts.push(text),
        loading: () => () => undefined,
      });
      const pending = requester.request(
        { api: 'v3', method: 'POST', path: '/v3/a', timeoutMs: 2000 },
        new AbortController().signal,
      );
      await vi.advanceTimersByTimeAsync(2001);
      await expect(pending).resolves.toEqual({
        ok: false,
        network: true,
        message: 'Network error, please try again',
      });
      expect(seen?.aborted).toBe(true);
      expect(toasts).toEqual(['Network error, please try again']);
    });
  });

  describe("the host's fetch adapter (src/host/fetchAdapter.ts)", () => {
    /** A reply whose headers arrive and whose body never ends, which no abort reaches. */
    const stalledBody = () =>
      Promise.resolve(new Response(new ReadableStream({ start: () => undefined }), { status: 200 }));

    it('a body that never ends still times out at the deadline', async () => {
      vi.useFakeTimers();
      const clients = makeClients(() => '', stalledBody);
      const pending = failure(clients.json.request(json({ timeoutMs: 3000 })));
      await vi.advanceTimersByTimeAsync(3001);
      await expect(pending).resolves.toBe('timeout');
    });

    it('a body that never ends still ends at once when the caller cancels', async () => {
      const clients = makeClients(() => '', stalledBody);
      const controller = new AbortController();
      const pending = failure(clients.json.request(json({ signal: controller.signal })));
      await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      await expect(pending).resolves.toBe('aborted');
    });

    it('sends the cookies of our own origin only, and no body with a GET', async () => {
      const seen: RequestInit[] = [];
      const clients = makeClients(
        () => '',
        async (_url, init) => (seen.push(init), new Response('{"code":0}', { status: 200 })),
      );
      await clients.form.request(form({ method: 'GET' }));
      expect(seen[0]).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    });
  });
});

describe("the server's clients send and read as axios's do (src/host/directHttp.ts)", () => {
  /** What one client put on the wire for a request, and what it made of the reply. */
  async function through(
    make: typeof createClients,
    kind: 'json' | 'form',
    req: HttpRequest,
    reply: Response,
  ) {
    const seen: { url: string; init: RequestInit }[] = [];
    const values: Record<string, string> = {
      building: '  b 1\t',
      gather: 'g\r\n-1',
      swift: 's\u0000-1',
      eyes: '',
    };
    const clients = make(
      (name) => values[name] ?? '',
      async (url, init) => (seen.push({ url, init }), reply.clone()),
    );
    const result = await clients[kind].request(req).then(
      (value) => ({ value }),
      (error: unknown) => ({ error: (error as Error).message, transport: error instanceof TransportError }),
    );
    const { init, url } = seen[0]!;
    return {
      url,
      method: init.method,
      // The spelling as well as the value: both go out as written.
      headers: Object.entries(init.headers as Record<string, string>).sort(),
      body: init.body,
      credentials: init.credentials,
      result,
    };
  }

  const envelope = (body: unknown, status = 200) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  const upload = new FormData();
  upload.set('a', '1');
  const cases: [string, 'json' | 'form', HttpRequest, Response][] = [
    ['a JSON POST', 'json', json(), envelope({ success: true, data: { a: 1 } })],
    ['a JSON body with spaces around it', 'json', json({ body: '  {"a":1}\n' }), envelope({ success: true })],
    ['a JSON-typed body that is not JSON', 'json', json({ body: 'a=1' }), envelope({ success: true })],
    ['a form POST', 'form', form(), envelope({ code: 0, data: [1] })],
    ['a POST without a type', 'form', form({ headers: undefined }), envelope({ code: 0 })],
    [
      'a PUT without a type',
      'json',
      json({ method: 'PUT', headers: undefined }),
      envelope({ success: true }),
    ],
    ['a GET with a body given', 'form', form({ method: 'GET' }), envelope({ code: 0 })],
    ['a lower-case method', 'json', json({ method: 'post' }), envelope({ success: true })],
    [
      'the call header spelt otherwise, and an idempotency key',
      'json',
      json({ headers: { 'content-type': 'application/json', 'Idempotency-Key': ' k-1 ' } }),
      envelope({ success: true }),
    ],
    [
      'a caller overriding the marker',
      'form',
      form({ headers: { 'x-requested-with': 'Other' } }),
      envelope({ code: 0 }),
    ],
    ['an upload', 'form', form({ body: upload, headers: undefined }), envelope({ code: 0 })],
    ['a 4xx envelope', 'form', form(), envelope({ code: 7, message: 'no' }, 422)],
    ['a 5xx envelope', 'json', json(), envelope({ success: true }, 502)],
    ['a JSON string with spaces', 'json', json(), envelope(' {"success":true} ')],
    ['HTML', 'json', json(), envelope('<html></html>')],
    ['an empty body', 'json', json(), envelope('')],
    ['a 204', 'json', json(), new Response(null, { status: 204 })],
  ];

  it.each(cases)('%s', async (_name, kind, req, reply) => {
    const phone = await through(createClients, kind, req, reply);
    const server = await through(createDirectClients, kind, req, reply);
    expect(server).toEqual(phone);
  });
});
