// In-page timing shared by every peer page. window.__render(part) draws the content from its JSON
// text into a fresh container and resolves once the last texts of the content are on screen and
// a frame has been painted: "document to painted DOM". Each peer supplies draw() and clear().
import { FORM_TEXTS, LAST_TEXTS, type Part } from './content';

export interface Peer {
  /** The peer's own document for the part, as JSON text (what a server would send). */
  documentText(part: Part): string;
  /** Parses the text and draws it into target (synchronously or not). */
  draw(text: string, target: HTMLElement, part: Part): void | Promise<void>;
  /** Tears the previous drawing down. */
  clear(target: HTMLElement): void;
  /**
   * What the page loads before it is ready, beside its own script: the code the peer's drawing
   * needs that is not in its first file (every peer's timing starts with its code loaded).
   */
  prepare?(): Promise<void>;
}

declare global {
  /** The app's font stack, from the build (bench/lib/build.ts). */
  const __BENCH_FONT__: string;
  interface Window {
    __render: (part: Part) => Promise<number>;
    __ready: boolean;
    __firstRender?: number;
  }
}

// requestAnimationFrame runs just before a frame is drawn; a task queued from it runs after.
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function painted(target: HTMLElement, texts: readonly string[]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const shown = target.textContent ?? '';
    if (texts.every((t) => shown.includes(t) || hasValue(target, t))) break;
    await nextPaint();
  }
  await nextPaint();
}

// A button drawn as <input type=submit value=...> has its label in an attribute, not in text.
const hasValue = (target: HTMLElement, text: string) =>
  Array.from(target.querySelectorAll('input')).some((input) => input.value === text);

/**
 * Every page draws the content in the same font, the app's: the pages without a stylesheet would
 * otherwise get the browser's default, and text shaping costs differ by font (on this machine the
 * app's stack resolves to a CJK font, whose first layout takes about 5 ms more).
 */
function sameFont(): void {
  const style = document.createElement('style');
  style.textContent = `#root, #root * { font-family: ${__BENCH_FONT__} !important; }`;
  document.head.append(style);
}

export function installPeer(peer: Peer): void {
  sameFont();
  const root = document.getElementById('root')!;
  let target: HTMLElement | null = null;
  window.__render = async (part) => {
    if (target) peer.clear(target);
    target = document.createElement('div');
    root.replaceChildren(target);
    const text = peer.documentText(part);
    await nextPaint();
    const start = performance.now();
    await peer.draw(text, target, part);
    await painted(target, part === 'form' ? FORM_TEXTS : LAST_TEXTS);
    return performance.now() - start;
  };
  const ready = () => {
    window.__ready = true;
  };
  if (peer.prepare) void peer.prepare().then(ready);
  else ready();
  // bench/phone.ts loads the baseline page as a borrower would: drawn at once, no harness call.
  if (new URLSearchParams(location.search).has('show')) void window.__render('page');
}
