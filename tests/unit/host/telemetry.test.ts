// The host's events (issue 19): batches of 20 at most, one request at a time, everything left sent
// by sendBeacon when the page hides; a failed send retried with a growing delay, then dropped; a
// refused batch dropped; nothing thrown into the page, and nothing sent on a tap's own path.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { BATCH_SIZE, createTelemetry, SEND_DELAY_MS } from '../../../src/host/telemetry';

interface Batch {
  sentAt: number;
  device?: string;
  events: { name: string; at: number; screen: string; revision?: string; label?: string; props?: object }[];
}

const read = async (blob: unknown): Promise<Batch> => JSON.parse(await (blob as Blob).text()) as Batch;

/** A fetch whose replies the test settles one by one. */
function network() {
  const pending: { body: Promise<Batch>; settle(status: number | 'offline'): void }[] = [];
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        pending.push({
          body: read(init.body),
          settle: (status) =>
            status === 'offline'
              ? reject(new TypeError('Failed to fetch'))
              : resolve(new Response('{}', { status })),
        });
      }),
  );
  /** Answers the oldest request still waiting. */
  const answer = async (status: number | 'offline') => {
    const request = pending.shift()!;
    request.settle(status);
    await vi.advanceTimersByTimeAsync(0);
    return request.body;
  };
  return { fetch, pending, answer };
}

function setup(extra: Partial<Parameters<typeof createTelemetry>[0]> = {}) {
  const net = network();
  const beacons: Blob[] = [];
  const sendBeacon = vi.fn((_url: string, data: Blob) => {
    beacons.push(data);
    return true;
  });
  let clock = 1_780_000_000_000;
  const t = createTelemetry({
    trackUrl: '/api/events',
    reportUrl: '',
    dev: false,
    fetch: net.fetch,
    sendBeacon,
    device: () => 'DEV-1',
    now: () => clock++,
    warn: () => undefined,
    ...extra,
  });
  return { t, net, sendBeacon, beacons };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batching', () => {
  it('a few events wait a moment and leave together, with the screen and revision shown', async () => {
    const { t, net } = setup();
    t.view('loan-details', { revision: 'rev-a' });
    t.track('repay_tap', { productId: 'P-1' });
    expect(net.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    expect(net.fetch.mock.calls[0]![0]).toBe('/api/events');
    expect(net.fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    const batch = await net.answer(200);
    expect(batch.device).toBe('DEV-1');
    expect(batch.events).toMatchObject([
      { name: 'screen_view', screen: 'loan-details', revision: 'rev-a' },
      { name: 'repay_tap', screen: 'loan-details', revision: 'rev-a', props: { productId: 'P-1' } },
    ]);
    expect(batch.sentAt).toBeGreaterThanOrEqual(batch.events[1]!.at);
  });

  it(`${BATCH_SIZE} events go at once, the rest after; one request at a time`, async () => {
    const { t, net } = setup();
    for (let i = 0; i < 45; i++) t.track(`e${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    // The first request is still out: no second one, however long it takes.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    expect((await net.answer(200)).events.map((e) => e.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `e${i}`),
    );
    expect(net.fetch).toHaveBeenCalledTimes(2);
    expect((await net.answer(200)).events).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect((await net.answer(200)).events.map((e) => e.name)).toEqual(['e40', 'e41', 'e42', 'e43', 'e44']);
    expect(net.pending).toHaveLength(0);
  });

  it('keeps the newest 200 events when nothing can be sent', async () => {
    const { t, net, beacons } = setup();
    for (let i = 0; i < 260; i++) t.track(`e${i}`);
    // The oldest 60 made room; then the first 20 left with the first request.
    await vi.advanceTimersByTimeAsync(0);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    t.hide();
    const names = (await Promise.all(beacons.map(read))).flatMap((b) => b.events.map((e) => e.name));
    expect((await net.pending[0]!.body).events[0]!.name).toBe('e60');
    expect(names).toHaveLength(180);
    expect(names[0]).toBe('e80');
    expect(names.at(-1)).toBe('e259');
  });
});

describe('failures', () => {
  it('an unreachable server: retried after 4 s and 8 s, then dropped; later events still go', async () => {
    const { t, net } = setup();
    t.track('lost');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    await net.answer('offline');
    await vi.advanceTimersByTimeAsync(2 * SEND_DELAY_MS - 1);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await net.answer(503)).events.map((e) => e.name)).toEqual(['lost']);
    await vi.advanceTimersByTimeAsync(4 * SEND_DELAY_MS);
    expect((await net.answer('offline')).events.map((e) => e.name)).toEqual(['lost']);
    // Three tries: dropped.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.fetch).toHaveBeenCalledTimes(3);
    t.track('next');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect((await net.answer(200)).events.map((e) => e.name)).toEqual(['next']);
  });

  it('a failing server is not hammered: a full batch waits for the back-off too', async () => {
    const { t, net } = setup();
    t.track('first');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    await net.answer(503);
    for (let i = 0; i < 30; i++) t.track(`more${i}`);
    await vi.advanceTimersByTimeAsync(2 * SEND_DELAY_MS - 1);
    expect(net.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await net.answer(200)).events.map((e) => e.name).slice(0, 2)).toEqual(['first', 'more0']);
  });

  it('a refused batch (4xx) is dropped at once: it would be refused again', async () => {
    const { t, net } = setup();
    t.track('refused');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    await net.answer(400);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.fetch).toHaveBeenCalledTimes(1);
  });

  it('a fetch, a beacon or a device lookup that throws never reaches the page', async () => {
    const { t } = setup({
      fetch: () => {
        throw new Error('no fetch here');
      },
      sendBeacon: () => {
        throw new Error('no beacon here');
      },
    });
    expect(() => {
      t.track('a');
      t.view('about');
      t.hide();
    }).not.toThrow();
    await vi.advanceTimersByTimeAsync(60_000);
  });

  it('without a trackUrl: logged in development, silent in production', () => {
    const log = vi.fn();
    createTelemetry({ trackUrl: '', reportUrl: '', dev: true, log }).track('x');
    createTelemetry({ trackUrl: '', reportUrl: '', dev: false, log }).track('y');
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('page hide', () => {
  it('everything waiting leaves by sendBeacon, in batches, and nothing by fetch', async () => {
    const { t, net, sendBeacon, beacons } = setup();
    t.view('promo-landing-bold', { revision: 'r9', variant: '' });
    for (let i = 0; i < 25; i++) t.track(`e${i}`);
    t.hide(); // before the timer fires
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.fetch).not.toHaveBeenCalled();
    expect(sendBeacon.mock.calls.map((c) => c[0])).toEqual(['/api/events', '/api/events']);
    const sent = await Promise.all(beacons.map(read));
    expect(sent.map((b) => b.events.length)).toEqual([20, 6]);
    expect(beacons[0]!.type).toBe('application/json');
    expect(sent[0]!.events[0]).toMatchObject({
      name: 'screen_view',
      screen: 'promo-landing-bold',
      revision: 'r9',
    });
  });

  it('a beacon the browser will not take keeps the events for when the page comes back', async () => {
    const { t, net } = setup({ sendBeacon: () => false });
    t.track('kept');
    t.hide();
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect((await net.answer(200)).events.map((e) => e.name)).toEqual(['kept']);
  });
});

describe('built-in events', () => {
  it('API results per endpoint, and block errors without their message', async () => {
    const { t, net } = setup();
    t.view('loan-details', { revision: 'r1' });
    t.api({ api: 'v3', method: 'POST', path: '/v3/loan-details/loan-details' }, { ok: true, data: {} });
    t.api(
      { api: 'nepenthes', method: 'POST', path: '/nepenthes/bank-init' },
      { ok: false, network: true, message: 'Network error' },
    );
    t.report({
      screenId: 'loan-details',
      blockPath: '/body/3',
      code: 'bad-value',
      message: 'Could not show "09171234567"',
    });
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    const batch = await net.answer(200);
    expect(batch.events.slice(1)).toMatchObject([
      { name: 'api_ok', label: '/v3/loan-details/loan-details', props: { api: 'v3' } },
      { name: 'api_fail', label: '/nepenthes/bank-init', props: { api: 'nepenthes', network: true } },
      { name: 'block_error', screen: 'loan-details', label: 'bad-value /body/3' },
    ]);
    expect(JSON.stringify(batch)).not.toContain('09171234567');
  });
});

describe('in the host', () => {
  it('tracking sends nothing on the tap’s path: a navigation right after it is not delayed', async () => {
    window.history.replaceState(null, '', '/about?deviceId=DEV-42');
    const fetch = vi.fn(() => new Promise<Response>(() => undefined)); // the network never answers
    const host = createHost({ config: DEFAULT_CONFIG, fetch });
    const moves: string[] = [];
    host.setRouter({ handles: () => true, navigate: (to) => void moves.push(to) });
    for (let i = 0; i < 30; i++) host.track('promo_apply_tap');
    host.navigate('/bank', {});
    expect(moves).toEqual(['/bank']);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect((await read(init.body)).device).toBe('DEV-42');
  });

  it('page hide and a hidden tab flush by sendBeacon', async () => {
    window.history.replaceState(null, '', '/about');
    const beacons: Blob[] = [];
    const sendBeacon = vi.fn((_url: string, data: Blob) => beacons.push(data) > 0);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    try {
      const host = createHost({ config: DEFAULT_CONFIG, fetch: vi.fn() });
      host.view('about');
      window.dispatchEvent(new Event('pagehide'));
      host.track('after_return');
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      const sent = await Promise.all(beacons.map(read));
      expect(sent.map((b) => b.events.map((e) => e.name))).toEqual([['screen_view'], ['after_return']]);
    } finally {
      delete (window.navigator as { sendBeacon?: unknown }).sendBeacon;
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});
