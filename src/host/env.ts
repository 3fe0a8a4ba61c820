// What the page knows about where it runs (spec §1, P-20, D-58): the platform, whether the native
// app's bridge is present, and whether a messaging app's built-in browser opened the page.
import { messagingAppOf, platformOf, type Platform } from '../config/userAgent';

export interface AppEnv {
  platform: Platform;
  /** Promotion tracking's client_type: 'ios' on Apple devices, otherwise 'android' (§7.3). */
  clientType: 'ios' | 'android';
  /** The native app's bridge is present (iOS message handlers or the Android interface). */
  inApp: boolean;
  /** Opened inside a messaging app's built-in browser. */
  messagingBrowser: boolean;
  /** Which one ('' when none): wechat, facebook, messenger, instagram, line, viber, whatsapp, telegram... */
  messagingApp: string;
}

export interface BridgeWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage(payload: unknown): void } | undefined> };
  AndroidBridge?: Record<string, unknown>;
}

export function detectEnv(userAgent: string, win: BridgeWindow, maxTouchPoints = 0): AppEnv {
  const platform = platformOf(userAgent, maxTouchPoints);
  const messagingApp = messagingAppOf(userAgent);
  return {
    platform,
    clientType: platform === 'ios' ? 'ios' : 'android',
    inApp: Boolean(win.webkit?.messageHandlers) || Boolean(win.AndroidBridge),
    messagingBrowser: messagingApp !== '',
    messagingApp,
  };
}
