// The native bridge (spec §1, §7.8, P-18, D-59): eleven actions, one adapter.
// - iOS (WKWebView): window.webkit.messageHandlers[name].postMessage(payload)
// - Android: window.AndroidBridge[name](JSON.stringify(payload)), an @JavascriptInterface object
//   the app registers under the name "AndroidBridge"
// - anywhere else (a browser, tests): a development bridge that shows "bridge: <name>" and records
//   the call in window.__bridgeLog, so end-to-end tests can read what the page asked for.
// Every call is recorded in __bridgeLog, whichever route it took. An address that runs or reads
// something in place (javascript:, data:, blob:, file:) is refused before any route, whoever asks;
// which other addresses a screen may hand over is the engine's rule (renderer/url.ts: the app's
// own, or exactly one the server sent to the screen, issue 29 §4).
import { bridgeAddresses, NEVER_NATIVE } from '../../renderer/url';
import type { BridgeWindow } from './env';

export const BRIDGE_ACTIONS = [
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
] as const;

export type BridgeAction = (typeof BRIDGE_ACTIONS)[number];
export const ANDROID_INTERFACE = 'AndroidBridge';

/** As recorded in window.__bridgeLog: { name } or { name, payload }. */
export interface BridgeCall {
  name: string;
  payload?: unknown;
}

export interface BridgeHostWindow extends BridgeWindow {
  __bridgeLog?: BridgeCall[];
}

export interface Bridge {
  call(name: string, payload?: unknown): Promise<void>;
  /** The development bridge's visible line: called for each call that no native app received. */
  onDevCall(listener: (call: BridgeCall) => void): () => void;
}

export function isBridgeAction(name: string): name is BridgeAction {
  return (BRIDGE_ACTIONS as readonly string[]).includes(name);
}

export function createBridge(win: BridgeHostWindow, warn: (message: string) => void = console.warn): Bridge {
  const listeners = new Set<(call: BridgeCall) => void>();
  const record = (call: BridgeCall) => {
    (win.__bridgeLog ??= []).push(call);
  };

  return {
    async call(name, payload) {
      if (!isBridgeAction(name)) {
        warn(`bridge: unknown action "${name}" ignored`);
        return;
      }
      const refused = bridgeAddresses(name, payload).find((url) => NEVER_NATIVE.test(url));
      if (refused !== undefined) {
        warn(`bridge: ${name} refused the address ${JSON.stringify(refused.slice(0, 200))}`);
        return;
      }
      const ios = win.webkit?.messageHandlers?.[name];
      const android = win.AndroidBridge?.[name];
      const entry: BridgeCall = payload === undefined ? { name } : { name, payload };
      try {
        if (ios && typeof ios.postMessage === 'function') {
          // WKWebView needs an argument; an empty object stands for "no payload".
          ios.postMessage(payload ?? {});
          record(entry);
          return;
        }
        if (typeof android === 'function') {
          (android as (json: string) => void).call(win.AndroidBridge, JSON.stringify(payload ?? {}));
          record(entry);
          return;
        }
      } catch (error) {
        warn(`bridge: ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      record(entry);
      listeners.forEach((listener) => listener(entry));
    },
    onDevCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
