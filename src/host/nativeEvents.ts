// Native events (P-19): the native app calls these global functions; the open screen's
// on.nativeBack / on.nativeClose actions run, and open popups hear the Android back button.
//   window.onIosBack()      the iOS back action (swipe or back button)
//   window.onNativeClose()  the native close button of the webview
//   window.onAndroidBack()  the Android back button; returns true when the page used it (closed a
//                           popup), false when the app should do its own back (issue 16 item 12)
import type { NativeEvent } from '../../renderer/host';

export const NATIVE_GLOBALS: Readonly<Record<string, NativeEvent>> = {
  onIosBack: 'back',
  onNativeClose: 'close',
  onAndroidBack: 'androidBack',
};

export interface NativeEvents {
  on(event: NativeEvent, handler: () => boolean | void): () => void;
  /** Runs every handler; true when one of them used the event. */
  emit(event: NativeEvent): boolean;
}

export function installNativeEvents(win: object): NativeEvents {
  const handlers = new Map<NativeEvent, Set<() => boolean | void>>();
  const events: NativeEvents = {
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return () => void handlers.get(event)?.delete(handler);
    },
    emit(event) {
      let used = false;
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          if (handler() === true) used = true;
        } catch (error) {
          console.warn(`native ${event} handler failed`, error);
        }
      }
      return used;
    },
  };
  for (const [name, event] of Object.entries(NATIVE_GLOBALS)) {
    Object.defineProperty(win, name, {
      value: () => events.emit(event),
      configurable: true,
      writable: true,
    });
  }
  return events;
}
