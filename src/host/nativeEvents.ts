// Native events (P-19): the native app calls these global functions; the open screen's
// on.nativeBack / on.nativeClose actions run.
//   window.onIosBack()      the iOS back action (swipe or back button)
//   window.onNativeClose()  the native close button of the webview
import type { NativeEvent } from '../../renderer/host';

export const NATIVE_GLOBALS: Readonly<Record<string, NativeEvent>> = {
  onIosBack: 'back',
  onNativeClose: 'close',
};

export interface NativeEvents {
  on(event: NativeEvent, handler: () => void): () => void;
  emit(event: NativeEvent): void;
}

export function installNativeEvents(win: object): NativeEvents {
  const handlers = new Map<NativeEvent, Set<() => void>>();
  const events: NativeEvents = {
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return () => void handlers.get(event)?.delete(handler);
    },
    emit(event) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          handler();
        } catch (error) {
          console.warn(`native ${event} handler failed`, error);
        }
      }
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
