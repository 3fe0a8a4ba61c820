import { describe, expect, it, vi } from 'vitest';
import { copyText } from '../../../src/host/clipboard';
import { geolocate } from '../../../src/host/geolocate';
import { memoryStorage, webStorage } from '../../../src/host/storage';
import { createTelemetry } from '../../../src/host/telemetry';

describe('storage', () => {
  it('wraps Web Storage with keys()', () => {
    const store = webStorage(() => window.sessionStorage);
    store.setItem('showBankTip', '1');
    store.setItem('repayInfo', '{}');
    expect(store.getItem('showBankTip')).toBe('1');
    expect(store.keys().sort()).toEqual(['repayInfo', 'showBankTip']);
    store.removeItem('showBankTip');
    expect(store.getItem('showBankTip')).toBeNull();
    expect(window.sessionStorage.getItem('repayInfo')).toBe('{}');
  });

  it('a webview that refuses storage gets memory instead of an exception', () => {
    const store = webStorage(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    store.setItem('a', '1');
    expect(store.getItem('a')).toBe('1');
    expect(store.keys()).toEqual(['a']);
  });

  it('memory storage', () => {
    const m = memoryStorage();
    m.setItem('k', 'v');
    expect(m.keys()).toEqual(['k']);
  });
});

describe('clipboard (D-57)', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => undefined);
    await expect(copyText('PAY-123', { clipboard: { writeText } } as unknown as Navigator)).resolves.toBe(
      true,
    );
    expect(writeText).toHaveBeenCalledWith('PAY-123');
  });

  it("falls back to execCommand('copy') when the API is missing or refuses", async () => {
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    const refuse = {
      clipboard: { writeText: async () => Promise.reject(new Error('denied')) },
    } as unknown as Navigator;
    await expect(copyText('PAY-1', refuse)).resolves.toBe(true);
    await expect(copyText('PAY-2', {} as Navigator)).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('resolves false when nothing works', async () => {
    document.execCommand = () => false;
    await expect(copyText('x', {} as Navigator)).resolves.toBe(false);
    document.execCommand = () => {
      throw new Error('no');
    };
    await expect(copyText('x', {} as Navigator)).resolves.toBe(false);
  });
});

describe('geolocate', () => {
  it('the position, or null on denial, absence or silence', async () => {
    const ok = {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: 14.6, longitude: 121 } } as GeolocationPosition),
    } as unknown as Geolocation;
    await expect(geolocate(ok)).resolves.toEqual({ latitude: 14.6, longitude: 121 });
    const denied = {
      getCurrentPosition: (_s: PositionCallback, error: PositionErrorCallback) =>
        error({ code: 1 } as GeolocationPositionError),
    } as unknown as Geolocation;
    await expect(geolocate(denied)).resolves.toBeNull();
    await expect(geolocate(undefined)).resolves.toBeNull();
    vi.useFakeTimers();
    const silent = { getCurrentPosition: () => undefined } as unknown as Geolocation;
    const pending = geolocate(silent, 1000);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(pending).resolves.toBeNull();
    vi.useRealTimers();
  });
});

describe('track and report', () => {
  it('problems are beaconed to reportUrl as they happen (events: telemetry.test.ts)', () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const warn = vi.fn();
    const t = createTelemetry({
      trackUrl: '/t',
      reportUrl: '/r',
      dev: false,
      sendBeacon,
      warn,
      now: () => 7,
    });
    t.report({ screenId: 's', blockPath: '/body/0', code: 'unknown-block', message: 'Unknown block' });
    expect(sendBeacon.mock.calls.map((c) => c[0])).toEqual(['/r']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('without endpoints: logged in development, silent in production; problems always warned', () => {
    const log = vi.fn();
    const warn = vi.fn();
    createTelemetry({ trackUrl: '', reportUrl: '', dev: true, log, warn }).track('x');
    createTelemetry({ trackUrl: '', reportUrl: '', dev: false, log, warn }).track('y');
    expect(log).toHaveBeenCalledTimes(1);
    createTelemetry({ trackUrl: '', reportUrl: '', dev: false, log, warn }).report({
      screenId: 's',
      blockPath: '',
      code: 'c',
      message: 'm',
    });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
