import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_ACTIONS, createBridge, type BridgeHostWindow } from '../../../src/host/bridge';
import { messagingAppOf, platformOf } from '../../../src/config/userAgent';
import { detectEnv } from '../../../src/host/env';
import { installNativeEvents } from '../../../src/host/nativeEvents';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

describe('native bridge (P-18, D-59)', () => {
  it('knows the eleven actions of §1', () => {
    expect([...BRIDGE_ACTIONS].sort()).toEqual(
      [
        'openPage',
        'closeWebview',
        'openPageSingle',
        'goHome',
        'goMine',
        'goLogin',
        'callPhone',
        'goRate',
        'confirmBurialPoint',
        'startBank',
        'endBank',
      ].sort(),
    );
  });

  it('iOS: posts the payload to the named message handler', async () => {
    const postMessage = vi.fn();
    const other = vi.fn();
    const win: BridgeHostWindow = {
      webkit: { messageHandlers: { goRate: { postMessage }, goHome: { postMessage: other } } },
    };
    const bridge = createBridge(win);
    await bridge.call('goRate', { score: 5 });
    await bridge.call('goHome');
    expect(postMessage).toHaveBeenCalledWith({ score: 5 });
    expect(other).toHaveBeenCalledWith({});
    expect(win.__bridgeLog).toEqual([{ name: 'goRate', payload: { score: 5 } }, { name: 'goHome' }]);
  });

  it('Android: calls AndroidBridge[name] with the payload as JSON', async () => {
    const calls: [string, unknown][] = [];
    const AndroidBridge = {
      openPage(this: unknown, json: string) {
        calls.push([json, this]);
      },
    };
    const win: BridgeHostWindow = { AndroidBridge };
    await createBridge(win).call('openPage', {
      url: 'pesoquick://product/detail?productId=P-1',
    });
    expect(calls).toEqual([
      [JSON.stringify({ url: 'pesoquick://product/detail?productId=P-1' }), AndroidBridge],
    ]);
  });

  it('outside the app: the development bridge records the call and tells its listener', async () => {
    const win: BridgeHostWindow = {};
    const bridge = createBridge(win);
    const seen: string[] = [];
    bridge.onDevCall((c) => seen.push(c.name));
    await bridge.call('closeWebview');
    expect(win.__bridgeLog).toEqual([{ name: 'closeWebview' }]);
    expect(seen).toEqual(['closeWebview']);
  });

  it('an iOS app without this handler falls to the development bridge', async () => {
    const win: BridgeHostWindow = { webkit: { messageHandlers: {} } };
    const bridge = createBridge(win);
    const seen: string[] = [];
    bridge.onDevCall((c) => seen.push(c.name));
    await bridge.call('endBank');
    expect(seen).toEqual(['endBank']);
  });

  it('unknown action names are refused', async () => {
    const warn = vi.fn();
    const postMessage = vi.fn();
    const win: BridgeHostWindow = { webkit: { messageHandlers: { evil: { postMessage } } } };
    await createBridge(win, warn).call('evil', {});
    expect(postMessage).not.toHaveBeenCalled();
    expect(win.__bridgeLog).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('a native side that throws does not break the page', async () => {
    const warn = vi.fn();
    const win: BridgeHostWindow = {
      webkit: {
        messageHandlers: {
          goHome: {
            postMessage: () => {
              throw new Error('gone');
            },
          },
        },
      },
    };
    await expect(createBridge(win, warn).call('goHome')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});

describe('environment (P-20, D-58)', () => {
  it('platform and promotion client_type', () => {
    expect(platformOf(IPHONE)).toBe('ios');
    expect(platformOf(ANDROID)).toBe('android');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('web');
    expect(detectEnv(IPHONE, {}).clientType).toBe('ios');
    expect(detectEnv(ANDROID, {}).clientType).toBe('android');
    expect(detectEnv('Mozilla/5.0 (X11; Linux x86_64)', {}).clientType).toBe('android');
  });

  it('inApp when a native bridge is present', () => {
    expect(detectEnv(IPHONE, {}).inApp).toBe(false);
    expect(detectEnv(IPHONE, { webkit: { messageHandlers: {} } }).inApp).toBe(true);
    expect(detectEnv(ANDROID, { AndroidBridge: {} }).inApp).toBe(true);
  });

  it.each([
    [`${IPHONE} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/en`, 'wechat'],
    [`${IPHONE} [FBAN/FBIOS;FBAV/450.0.0.38.108;FBBV/1]`, 'facebook'],
    [`${ANDROID} [FB_IAB/FB4A;FBAV/450.0.0.45.109;]`, 'facebook'],
    [`${ANDROID} [FB_IAB/Orca-Android;FBAV/440.0.0.31.112;] FBAN/Messenger`, 'messenger'],
    [`${IPHONE} Instagram 321.0.2.19.108 (iPhone14,5; iOS 17_4)`, 'instagram'],
    [`${IPHONE} Safari Line/14.3.0`, 'line'],
    [`${ANDROID} Viber/21.5.0.3`, 'viber'],
    [`${ANDROID} WhatsApp/2.24.8.78 A`, 'whatsapp'],
    [IPHONE, ''],
    [ANDROID, ''],
  ])('messaging browser: %s -> %s', (ua, app) => {
    expect(messagingAppOf(ua)).toBe(app);
    expect(detectEnv(ua, {}).messagingBrowser).toBe(app !== '');
  });
});

describe('native events (P-19)', () => {
  it('window.onIosBack and window.onNativeClose fire the subscribed handlers', () => {
    const win = {} as { onIosBack?: () => void; onNativeClose?: () => void };
    const events = installNativeEvents(win);
    const seen: string[] = [];
    const off = events.on('back', () => void seen.push('back'));
    events.on('close', () => void seen.push('close'));
    win.onIosBack!();
    win.onNativeClose!();
    off();
    win.onIosBack!();
    expect(seen).toEqual(['back', 'close']);
  });

  // Issue 16 item 12: the Android back button goes through the bridge's global; the native app
  // learns whether the page used it (closed a popup) or should go back itself.
  it('window.onAndroidBack answers whether a handler used it', () => {
    const win = {} as { onAndroidBack?: () => boolean };
    const events = installNativeEvents(win);
    expect(win.onAndroidBack!()).toBe(false);
    const off = events.on('androidBack', () => true);
    events.on('androidBack', () => false);
    expect(win.onAndroidBack!()).toBe(true);
    off();
    expect(win.onAndroidBack!()).toBe(false);
  });

  it('a failing handler does not stop the others', () => {
    const win = {} as { onIosBack?: () => void };
    const events = installNativeEvents(win);
    const seen: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    events.on('back', () => {
      throw new Error('x');
    });
    events.on('back', () => void seen.push('second'));
    win.onIosBack!();
    expect(seen).toEqual(['second']);
    warn.mockRestore();
  });

  // Issue 20 §4, issue 29 §4: whoever asks, nothing that runs or reads in place reaches the native
  // side; which other addresses a screen may hand over is the engine's rule (renderer/url.ts).
  it.each([
    ['openPage', { url: 'javascript:alert(document.cookie)' }],
    ['openPage', { url: ' JaVaScRiPt:alert(1)' }],
    ['openPageSingle', 'data:text/html,<script>alert(1)</script>'],
    ['openPage', { url: 'blob:https://lender.example/0b1c' }],
    ['openPage', { url: 'file:///data/data/app/shared_prefs/session.xml' }],
    ['openPage', { url: 'vbscript:msgbox(1)' }],
    ['callPhone', { phone: 'javascript:alert(1)' }],
    ['callPhone', { phone: 'blob:https://lender.example/0b1c' }],
  ])('refuses %s with %j: nothing reaches the native side', async (name, payload) => {
    const AndroidBridge = { openPage: vi.fn(), openPageSingle: vi.fn(), callPhone: vi.fn() };
    const warn = vi.fn();
    const win: BridgeHostWindow = { AndroidBridge };
    await createBridge(win, warn).call(name, payload);
    expect(AndroidBridge.openPage).not.toHaveBeenCalled();
    expect(AndroidBridge.openPageSingle).not.toHaveBeenCalled();
    expect(AndroidBridge.callPhone).not.toHaveBeenCalled();
    expect(win.__bridgeLog).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/refused the address/));
  });

  it.each([
    { url: 'pesoquick://product/detail?productId=P-2' },
    { url: 'cashbuddy://apply?productId=P-2' },
    { url: 'intent://apply#Intent;scheme=partner;package=com.partner.loan;end' },
    { url: 'https://pay.partner.example/x' },
    { url: '/loan/details?orderId=1' },
    { phone: '+63 2 8888 0000' },
  ])('passes %j', async (payload) => {
    const win: BridgeHostWindow = {};
    await createBridge(win, () => undefined).call('openPage', payload);
    expect(win.__bridgeLog).toEqual([{ name: 'openPage', payload }]);
  });
});
