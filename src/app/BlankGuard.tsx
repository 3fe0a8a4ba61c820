// The app's last line against a white screen. Once a screen has loaded (its sources and on-load
// actions settled) and shows nothing at all (every block waits for data that never came, a list
// came back empty and the document has no empty state for it), a short notice with "Try again"
// stands in for it. The screen stays mounted underneath: if content appears, the notice goes.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

/** Anything a borrower could see or use: some text, a picture, a control. */
const VISIBLE = 'img,svg,canvas,video,iframe,button,input,select,textarea,a[href],[role="img"]';

export function hasContent(element: Element): boolean {
  return (element.textContent ?? '').trim() !== '' || element.querySelector(VISIBLE) !== null;
}

export function BlankGuard({ settled, children }: { settled: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [blank, setBlank] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!settled || !element) return;
    const check = () => setBlank(!hasContent(element));
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [settled]);

  return (
    <>
      <div ref={box} className="app-screen" hidden={blank}>
        {children}
      </div>
      {blank && (
        <ErrorPage
          title="Nothing to show"
          message="This page has nothing to show right now. Please try again later."
          retry
        />
      )}
    </>
  );
}
