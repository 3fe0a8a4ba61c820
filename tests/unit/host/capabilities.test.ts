// The app's capabilities for `requires`: only the bridge actions the native app has registered.
import { describe, expect, it } from 'vitest';
import { nativeCapabilities } from '../../../src/host/capabilities';

describe('native capabilities', () => {
  it('an iOS app: its message handlers and its version', () => {
    const handler = { postMessage: () => undefined };
    expect(
      nativeCapabilities({ webkit: { messageHandlers: { goRate: handler, goHome: handler } } }, '3.4.1'),
    ).toEqual({
      'bridge.goRate': '*',
      'bridge.goHome': '*',
      app: '3.4.1',
    });
  });

  it('an Android app: the interface methods that exist, not other properties', () => {
    expect(
      nativeCapabilities({ AndroidBridge: { startBank: () => undefined, goRate: 'not a function' } }, ''),
    ).toEqual({
      'bridge.startBank': '*',
    });
  });

  it('a browser: nothing, whatever the query says the app version is', () => {
    expect(nativeCapabilities({}, '9.9.9')).toEqual({});
  });
});
