import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { doc, flush, harness } from './harness';

afterEach(() => {
  vi.useRealTimers();
});

const locate = {
  do: 'geolocate',
  into: 'ui.position',
  then: [{ do: 'alert', text: { t: 'longitude: {position.longitude}, latitude: {position.latitude}' } }],
  else: [{ do: 'alert', text: 'Geolocation is not supported' }],
};

describe('geolocate action', () => {
  it('stores the position and runs then with it (developer preview button)', async () => {
    const host = createFakeHost();
    host.position = { latitude: 14.5, longitude: 121 };
    renderScreen(doc([], { onLoad: [locate] }), { host });
    await waitFor(() => expect(host.log.alerts).toEqual(['longitude: 121, latitude: 14.5']));
  });

  it('puts {latitude, longitude} into the state', async () => {
    const h = harness();
    h.host.position = { latitude: 1, longitude: 2 };
    await h.run([locate]);
    expect(h.state().ui.position).toEqual({ latitude: 1, longitude: 2 });
  });

  it('runs else when the host gives null (denied or unsupported) and writes nothing', async () => {
    const h = harness();
    h.host.position = null;
    await h.run([locate]);
    expect(h.host.log.alerts).toEqual(['Geolocation is not supported']);
    expect(h.state().ui.position).toBeUndefined();
  });

  it('runs else when the host throws', async () => {
    const h = harness();
    h.host.geolocate = () => Promise.reject(new Error('PERMISSION_DENIED'));
    const outcome = await h.run([locate, { do: 'toast', text: 'on' }]);
    expect(outcome).toBe('done');
    expect(h.host.log.alerts).toEqual(['Geolocation is not supported']);
    expect(h.host.log.toasts).toEqual([{ text: 'on' }]);
  });

  it('gives up and runs else when no answer comes in time', async () => {
    vi.useFakeTimers();
    const h = harness();
    h.host.geolocate = () => new Promise(() => undefined);
    const running = h.run([{ ...locate, timeoutMs: 5000 }]);
    await vi.advanceTimersByTimeAsync(4999);
    expect(h.host.log.alerts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await running;
    expect(h.host.log.alerts).toEqual(['Geolocation is not supported']);
  });

  it('runs neither branch when the screen goes away first', async () => {
    const h = harness();
    h.host.geolocate = () => new Promise(() => undefined);
    const running = h.run([locate]);
    await flush();
    h.unmount();
    expect(await running).toBe('stop');
    expect(h.host.log.alerts).toEqual([]);
  });
});
