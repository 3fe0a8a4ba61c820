// What the page knows about where it runs (spec §1, P-20, D-58): the platform, whether the native
// app's bridge is present, and whether a messaging app's built-in browser opened the page.

export type Platform = 'ios' | 'android' | 'web';

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

/** Order matters: Messenger's user agent also carries Facebook's markers. */
const MESSAGING_APPS: [string, RegExp][] = [
  ['wechat', /MicroMessenger/i],
  ['messenger', /\bMessenger\b|FBAN\/Messenger|FB_IAB\/MESSENGER/i],
  ['instagram', /Instagram/i],
  ['facebook', /FBAN|FBAV|FB_IAB|FBIOS|\[FB/i],
  ['line', /\bLine\//i],
  ['viber', /Viber/i],
  ['whatsapp', /WhatsApp/i],
  ['telegram', /Telegram/i],
  ['tiktok', /musical_ly|BytedanceWebview|TikTok/i],
  ['snapchat', /Snapchat/i],
  ['kakaotalk', /KAKAOTALK/i],
  ['twitter', /Twitter/i],
];

export function messagingAppOf(userAgent: string): string {
  return MESSAGING_APPS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? '';
}

export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac; a Mac with a touch screen is an iPad.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'web';
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
