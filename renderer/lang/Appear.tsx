// Runs a block's onAppear when the block first shows on screen, once per page view (per list item
// inside a list). The block's elements are found between two hidden markers, so no wrapper
// element changes the layout (a flex row's children stay its children).
import { useEffect, useRef, type ReactNode } from 'react';
import { useEngine, type Frame } from '../engine';
import { runActions } from '../runActions';
import { createAppearWatcher } from './appear';

function between(start: Element | null, end: Element | null): Element[] {
  const out: Element[] = [];
  for (let el = start?.nextElementSibling ?? null; el && el !== end; el = el.nextElementSibling) out.push(el);
  return out;
}

export function Appear(props: { actions: unknown; path: string; frame: Frame; children: ReactNode }) {
  const { actions, path, frame, children } = props;
  const engine = useEngine();
  const start = useRef<HTMLSpanElement>(null);
  const end = useRef<HTMLSpanElement>(null);
  const place = `${path}|${frame.localKey ?? ''}`;
  useEffect(() => {
    const watcher = (engine.appear ??= createAppearWatcher());
    if (watcher.done.has(place)) return undefined;
    return watcher.watch(between(start.current, end.current), () => {
      if (watcher.done.has(place) || engine.signal.aborted) return;
      watcher.done.add(place);
      void runActions(engine, actions, frame, `${path}/onAppear`);
    });
  }, [engine, place, actions, path, frame]);
  return (
    <>
      <span ref={start} hidden />
      {children}
      <span ref={end} hidden />
    </>
  );
}
