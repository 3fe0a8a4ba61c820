import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';

describe('createHost', () => {
  it('exposes config and env read-only, as screens see them', () => {
    window.history.replaceState(null, '', '/x?sessionId=S9');
    const host = createHost({ config: { ...DEFAULT_CONFIG, currencySign: '₹' } });
    expect(host.config.currencySign).toBe('₹');
    expect(Object.isFrozen(host.config)).toBe(true);
    expect(host.env).toMatchObject({ platform: 'web', inApp: false, messagingBrowser: false });
    expect(host.env.clientType).toBe('android');
    expect(host.format('money', 12345, 'config')).toBe('₹123.45');
    expect(host.session.commonParams()).toMatchObject({ sessionId: 'S9' });
  });

  it('storage scopes are the browser stores, with keys()', () => {
    const host = createHost({ config: DEFAULT_CONFIG });
    host.storage('session').setItem('showBankTip', '1');
    expect(window.sessionStorage.getItem('showBankTip')).toBe('1');
    expect(host.storage('session').keys()).toContain('showBankTip');
    expect(host.storage('local').keys()).not.toContain('showBankTip');
  });

  it('onNativeEvent listens to the global functions the native app calls', () => {
    const host = createHost({ config: DEFAULT_CONFIG });
    const seen: string[] = [];
    const off = host.onNativeEvent('back', () => void seen.push('back'));
    (window as unknown as { onIosBack(): void }).onIosBack();
    off();
    (window as unknown as { onIosBack(): void }).onIosBack();
    expect(seen).toEqual(['back']);
  });
});
