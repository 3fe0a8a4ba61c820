// What this app can do beyond the screen engine, for documents' `requires` (renderer/lang/
// requires.ts): the native app's version, and each native bridge action the app has really
// registered (iOS message handlers, the Android interface's methods). A plain browser, where the
// development bridge only records calls, has none: a document gated on a bridge action shows its
// fallback there, as it would in an old app.
import { BRIDGE_ACTIONS } from './bridge';
import type { BridgeWindow } from './env';

export function nativeCapabilities(
  win: BridgeWindow,
  appVersion: string | undefined,
): Record<string, string> {
  const caps: Record<string, string> = {};
  const ios = win.webkit?.messageHandlers;
  const android = win.AndroidBridge;
  for (const name of BRIDGE_ACTIONS) {
    if (ios?.[name] || typeof android?.[name] === 'function') caps[`bridge.${name}`] = '*';
  }
  if ((ios || android) && appVersion && /^\d+(\.\d+)*/.test(appVersion)) caps.app = appVersion;
  return caps;
}
