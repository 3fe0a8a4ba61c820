// Toasts (spec §9, P-16, P-17): one short message at a time, plus a loading message that stays
// until the reply arrives. Plain React in the app shell; the text is rendered as text.
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { keepClearBands, toastBottom } from './toastPlace';
import './toast.css';

export const DEFAULT_TOAST_MS = 3000;

/** Durations of 300 ms or less (and missing or nonsense ones) fall back to 3000 ms (P-17). */
export function toastDuration(ms?: number): number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 300 ? ms : DEFAULT_TOAST_MS;
}

export interface ToastState {
  toast: { id: number; text: string } | null;
  /** The newest loading message still open. */
  loading: { id: number; text: string } | null;
}

export interface Toaster {
  toast(text: string, ms?: number): void;
  loading(text: string): () => void;
  getState(): ToastState;
  subscribe(listener: () => void): () => void;
}

export function createToaster(): Toaster {
  let seq = 0;
  let state: ToastState = { toast: null, loading: null };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loadings: { id: number; text: string }[] = [];
  const listeners = new Set<() => void>();
  const set = (next: Partial<ToastState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };

  return {
    toast(text, ms) {
      if (text === '') return;
      clearTimeout(timer);
      const id = ++seq;
      set({ toast: { id, text } });
      timer = setTimeout(() => {
        if (state.toast?.id === id) set({ toast: null });
      }, toastDuration(ms));
    },
    loading(text) {
      const entry = { id: ++seq, text };
      loadings.push(entry);
      set({ loading: entry });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        loadings.splice(loadings.indexOf(entry), 1);
        set({ loading: loadings[loadings.length - 1] ?? null });
      };
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What a page the server drew shows, and what hydration starts from: no toast. A toast is the
 * phone's moment (a failed call's message, a loading line), and the phone repeats what made it:
 * a source the server could not answer is called again, and says so then. Drawn on the server, it
 * was a hydration mismatch on every page whose call failed (an order not found).
 */
const NO_TOASTS: ToastState = { toast: null, loading: null };
const noToasts = () => NO_TOASTS;

export function ToastView({ toaster }: { toaster: Toaster }) {
  const { toast, loading } = useSyncExternalStore(toaster.subscribe, toaster.getState, noToasts);
  const box = useRef<HTMLDivElement>(null);
  // Placed each time what it shows changes, clear of the buttons the borrower must tap.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || (!toast && !loading)) return;
    const view = el.ownerDocument.defaultView;
    const height = el.getBoundingClientRect().height;
    el.style.bottom = `${toastBottom(view?.innerHeight ?? 0, height, keepClearBands(el.ownerDocument))}px`;
  }, [toast, loading]);
  return (
    <div className="app-toasts" aria-live="polite" role="status" ref={box}>
      {loading && (
        <div className="app-toast app-toast-loading" data-toast="loading" key={loading.id}>
          <span className="app-toast-spinner" aria-hidden="true" />
          {loading.text}
        </div>
      )}
      {toast && (
        <div className="app-toast" data-toast="message" key={toast.id}>
          {toast.text}
        </div>
      )}
    </div>
  );
}
