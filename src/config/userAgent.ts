// What a user agent says about where the page runs (spec §1, P-20, D-58): the platform and which
// messaging app's built-in browser, if any. In one place below both of its readers: the app's
// host (src/host/env.ts) and the server, whose shared cache of drawn pages keys on them
// (src/server/ssr/page-cache.ts). Plain functions, no browser or Node API.

export type Platform = 'ios' | 'android' | 'web';

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
