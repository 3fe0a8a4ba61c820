// The studio's phone frame (src/studio/Preview.tsx) given a document ahead of its prop (issue 25
// speed): a visual change that only changes what the phone draws is handed to the frame at once,
// in the task of the change; one that changes what it runs goes the usual way (a new run); and the
// prop, once it is that same document, is not sent again. Before, the phone got a change only
// through the studio's render, after the editor's transaction.
import { createRef } from 'react';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICES, FRAME_RENDER, type RenderMessage } from '../../../src/studio/shared/protocol';
import { Preview, type PreviewHandle } from '../../../src/studio/Preview';
import type { ScreenDocument } from '../../../renderer/types.gen';

const doc = (label: string, extra: Record<string, unknown> = {}) =>
  ({
    schemaVersion: 1,
    id: 'taps',
    title: 'Taps',
    body: [{ type: 'button', label }],
    ...extra,
  }) as unknown as ScreenDocument;

// jsdom has no ResizeObserver (the phone is fitted to its column with one).
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

function phone(first: ScreenDocument) {
  const handle = createRef<PreviewHandle>();
  const props = {
    scenario: null,
    run: 1,
    device: DEVICES[0]!,
    onDevice: () => undefined,
    onRestart: () => undefined,
    stale: null,
    onLog: () => undefined,
    onCrash: () => undefined,
    handle,
  };
  const view = render(<Preview {...props} doc={first} />);
  const frame = view.container.querySelector('iframe')!;
  const received: RenderMessage[] = [];
  (frame.contentWindow as unknown as Record<string, unknown>)[FRAME_RENDER] = vi.fn((m: RenderMessage) =>
    received.push(m),
  );
  return {
    handle,
    received,
    rerender: (next: ScreenDocument, run = 1) => view.rerender(<Preview {...props} run={run} doc={next} />),
  };
}

describe('Preview.show', () => {
  it('hands the frame a change of what the screen draws at once, and does not send its prop again', () => {
    const { handle, received, rerender } = phone(doc('Tap'));
    const next = doc('Tap now');
    expect(handle.current!.show(next)).toBe(true);
    // Within the call: the frame has it before the studio renders.
    expect(received.map((m) => [m.doc, m.run])).toEqual([[next, 1]]);
    rerender(next);
    expect(received).toHaveLength(1);
  });

  it('leaves a change of what the screen runs to the usual way (the screen starts again)', () => {
    const { handle, received, rerender } = phone(doc('Tap'));
    const withState = doc('Tap', { state: { ui: { taps: 10 } } });
    expect(handle.current!.show(withState)).toBe(false);
    expect(received).toHaveLength(0);
    rerender(withState, 2);
    expect(received.map((m) => [m.doc, m.run])).toEqual([[withState, 2]]);
  });
});
