// A popup takes the keyboard only where the person is: the studio's phone preview is a frame
// beside the editor, and a screen that opens a popup on load used to pull the focus out of the
// editor mid-typing (the next keystrokes went to the phone). A top-level page, the app in the
// native webview, always moves focus into its popup (issue 16 item 12).
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useDialog } from '../../../renderer/dialog';

function Popup() {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref);
  return (
    <div ref={ref} role="dialog" aria-label="Withdraw">
      <button type="button">Withdraw Now</button>
    </div>
  );
}

const roots: Root[] = [];
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
});

function mount(into: HTMLElement, ui: React.ReactNode): void {
  const root = createRoot(into);
  roots.push(root);
  act(() => root.render(ui));
}

describe('where a popup puts the focus', () => {
  it('a top-level page moves focus into its popup', () => {
    const host = document.body.appendChild(document.createElement('div'));
    mount(host, <Popup />);
    expect(host.querySelector('[role=dialog]')!.contains(document.activeElement)).toBe(true);
  });

  it('a framed page without the focus leaves it in the editor beside it, and takes it once the person goes into the frame', () => {
    const editor = document.body.appendChild(document.createElement('textarea'));
    editor.focus();
    const frame = document.body.appendChild(document.createElement('iframe'));
    const inner = frame.contentDocument!;
    const behind = inner.body.appendChild(inner.createElement('button'));
    const host = inner.body.appendChild(inner.createElement('div'));
    mount(host, <Popup />);

    const dialog = host.querySelector('[role=dialog]')!;
    expect(document.activeElement).toBe(editor);
    expect(dialog.contains(inner.activeElement)).toBe(false);
    // The person clicks into the phone, behind the popup: the popup takes the focus.
    act(() => behind.focus());
    expect(dialog.contains(inner.activeElement)).toBe(true);
  });
});
