// What every popup of the engine does the same way (issue 16 item 12): document modals
// (ModalLayer), the picker's bottom sheet and the image zoom all use useDialog.
// - Focus moves into the dialog when it opens and Tab cannot leave it.
// - Escape, and the Android back button (the native app calls window.onAndroidBack(), which the
//   host turns into the 'androidBack' native event), dismiss the topmost dialog when it can be
//   dismissed; one that must be answered keeps them from reaching anything behind it.
// - Focus goes back to what opened the dialog when it closes.
// Dialogs stack: only the newest one hears keys and the back button.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Host } from './host';

export interface DialogOptions {
  /** Closes the dialog (Escape, Android back). Absent: the dialog must be answered. */
  onDismiss?: (() => void) | undefined;
  /** Where focus goes first; default the first control inside (not a frame), else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** For the Android back button, which arrives as a native event of the host. */
  host?: Pick<Host, 'onNativeEvent'> | undefined;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),iframe,[tabindex]:not([tabindex="-1"])';

/** The open dialogs, oldest first. */
const stack: object[] = [];

const isTop = (entry: object) => stack[stack.length - 1] === entry;

/**
 * A framed document that does not have the focus leaves it where it is: the studio's phone
 * preview beside the editor must not pull the keyboard away from someone typing there (a screen
 * that opens a popup on load did, and the next keystrokes went to the phone). Focus comes into
 * the dialog once the person goes into the frame (onFocusIn). A top-level page (the app in the
 * native webview) always takes it.
 */
function mayTakeFocus(doc: Document): boolean {
  const view = doc.defaultView;
  return !view || view === view.top || doc.hasFocus();
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden],[inert]') && el.getClientRects().length > 0,
  );
}

export function useDialog(ref: RefObject<HTMLElement | null>, options: DialogOptions = {}): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const host = options.host;
  const self = useRef<object>({});

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const entry = self.current;
    stack.push(entry);
    const doc = root.ownerDocument;
    const opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;

    const start =
      latest.current.initialFocus?.current ?? focusables(root).find((el) => el.tagName !== 'IFRAME') ?? root;
    if (start === root && !root.hasAttribute('tabindex')) root.tabIndex = -1;
    if (mayTakeFocus(doc)) start.focus({ preventScroll: true });

    const onKey = (e: KeyboardEvent) => {
      if (!isTop(entry)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        latest.current.onDismiss?.();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables(root);
      if (list.length === 0) {
        e.preventDefault();
        root.focus();
        return;
      }
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const at = doc.activeElement;
      if (e.shiftKey && (at === first || !root.contains(at))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !root.contains(at))) {
        e.preventDefault();
        first.focus();
      }
    };
    // Focus that lands behind the dialog (a script, a click on the page) comes back into it.
    const onFocusIn = (e: FocusEvent) => {
      // Not `instanceof Node`: the engine may run in another frame's realm than its document.
      const target = e.target as Node | null;
      if (isTop(entry) && typeof target?.nodeType === 'number' && !root.contains(target)) {
        (focusables(root).find((el) => el.tagName !== 'IFRAME') ?? root).focus({ preventScroll: true });
      }
    };
    doc.addEventListener('keydown', onKey, true);
    doc.addEventListener('focusin', onFocusIn);

    return () => {
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(entry), 1);
      // Back to the opener, unless the borrower has already moved on to something else.
      const now = doc.activeElement;
      const lost = !now || now === doc.body || root.contains(now) || !now.isConnected;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [ref]);

  // The Android back button: the topmost dialog takes it (closing when it can).
  useEffect(() => {
    if (!host) return;
    const entry = self.current;
    return host.onNativeEvent('androidBack', () => {
      if (!isTop(entry)) return false;
      latest.current.onDismiss?.();
      return true;
    });
  }, [host]);
}
