// Text in place in the studio's phone (issue 25 item 5): after a double-click in pick mode and the
// studio's answer, a text box lies over the text, in its font, colour and place, with the text
// selected (inside the popup, for a popup's text). Enter or a click anywhere else keeps what was typed, Escape drops it (Shift+Enter is a
// new line: texts keep their newlines); the studio writes it into the document. The page's own
// elements are left as React drew them (only hidden under the box meanwhile), so nothing the
// engine draws is changed behind its back. A refusal shows its reason over the block for a while.
// Studio frame only.
import { normSpaces } from '../shared/protocol';
import { blockAt, boxOf } from './findBlocks';

export interface TextInPlace {
  /** A double-click on `element`, inside the block at `path`: kept until the studio answers. */
  offer(path: string, element: Element): void;
  /** The studio's answer: edit the text of that block that shows `text`. */
  start(path: string, text: string): void;
  /** The studio's answer: this text cannot be edited here, and why. */
  refuse(path: string, reason: string): void;
}

/** The element of the block at `path` that draws `text`: from the one clicked up to the block. */
function textElement(from: Element, path: string, text: string): HTMLElement | null {
  const wanted = normSpaces(text);
  for (let el: Element | null = from; el && blockAt(el)?.path === path; el = el.parentElement)
    if (el instanceof HTMLElement && normSpaces(el.textContent) === wanted) return el;
  return from instanceof HTMLElement ? from : null;
}

/** The colour behind `el`: its own or its nearest painted ancestor's. */
function backgroundOf(el: Element): string {
  for (let at: Element | null = el; at; at = at.parentElement) {
    const bg = getComputedStyle(at).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#fff';
}

const COPIED = [
  'font',
  'letterSpacing',
  'lineHeight',
  'color',
  'textAlign',
  'textTransform',
  'padding',
  'whiteSpace',
] as const;

export function createTextInPlace(done: (path: string, text: string | null) => void): TextInPlace {
  let offered: { path: string; element: Element } | null = null;
  let open: { path: string; box: HTMLTextAreaElement; hidden: HTMLElement; visibility: string } | null = null;
  let note: HTMLElement | null = null;

  const dropNote = () => {
    note?.remove();
    note = null;
  };

  const finish = (keep: boolean) => {
    if (!open) return;
    const { path, box, hidden, visibility } = open;
    open = null;
    hidden.style.visibility = visibility;
    const text = box.value;
    box.remove();
    done(path, keep ? text : null);
  };

  // Before the picker's listeners (this is made first): a press anywhere but the box keeps the
  // text, even where pick mode stops the press from moving the focus.
  window.addEventListener(
    'pointerdown',
    (e) => {
      dropNote();
      if (open && e.target !== open.box) finish(true);
    },
    true,
  );

  // Here too before anything of the page: a popup closes on Escape, and this Escape is the box's.
  window.addEventListener(
    'keydown',
    (e) => {
      if (!open || e.target !== open.box || e.isComposing) return;
      if (e.key === 'Escape') finish(false);
      else if (e.key === 'Enter' && !e.shiftKey) finish(true);
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );

  return {
    offer(path, element) {
      offered = { path, element };
    },
    start(path, text) {
      if (!offered || offered.path !== path) return;
      finish(true);
      dropNote();
      const target = textElement(offered.element, path, text);
      offered = null;
      if (!target) return;
      const rect = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      const box = document.createElement('textarea');
      box.className = 'studio-text-in-place';
      box.setAttribute('aria-label', 'Edit text: Enter keeps it, Escape drops it');
      for (const key of COPIED) box.style[key] = style[key];
      Object.assign(box.style, {
        position: 'fixed',
        top: `${rect.top}px`,
        left: `${rect.left}px`,
        width: `${Math.max(rect.width, 48)}px`,
        height: `${rect.height}px`,
        margin: '0',
        border: '0',
        outline: '2px solid #c2410c',
        boxSizing: 'border-box',
        resize: 'none',
        overflow: 'hidden',
        background: backgroundOf(target),
        zIndex: '2147483647',
      });
      box.value = text;
      const grow = () => {
        box.style.height = 'auto';
        box.style.height = `${Math.max(box.scrollHeight, rect.height)}px`;
      };
      box.addEventListener('input', grow);
      box.addEventListener('blur', () => finish(true));
      open = { path, box, hidden: target, visibility: target.style.visibility };
      target.style.visibility = 'hidden';
      // Inside a popup, the box goes in the popup: its focus trap sends the focus back otherwise.
      (target.closest('[aria-modal="true"]') ?? document.body).appendChild(box);
      // A container with a transform places fixed boxes against itself: move it where the text is.
      const placed = box.getBoundingClientRect();
      box.style.top = `${2 * rect.top - placed.top}px`;
      box.style.left = `${2 * rect.left - placed.left}px`;
      grow();
      box.focus();
      box.select();
    },
    refuse(path, reason) {
      if (offered?.path === path) offered = null;
      dropNote();
      const at = boxOf(path);
      note = document.createElement('div');
      note.className = 'studio-text-refused';
      note.setAttribute('role', 'status');
      note.textContent = reason;
      Object.assign(note.style, {
        position: 'fixed',
        top: `${Math.max(0, (at?.bottom ?? 0) + 4)}px`,
        left: '8px',
        right: '8px',
        padding: '6px 8px',
        font: '12px/16px system-ui, sans-serif',
        color: '#fff',
        background: '#333',
        borderRadius: '4px',
        zIndex: '2147483647',
      });
      document.body.appendChild(note);
      const shown = note;
      setTimeout(() => shown.remove(), 5000);
    },
  };
}
