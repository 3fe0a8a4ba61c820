// The studio's phone (src/studio/frame/FrameApp.tsx) given a new document in the same run (issue 25
// speed): a change of what the screen draws is drawn by the running screen, whose state stays (a
// property change reaches the phone without the screen starting again, its sources called again
// and its popups closed); a change of what it runs, or a new run, starts it afresh. Before, every
// document sent started the screen again.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { FrameApp } from '../../../src/studio/frame/FrameApp';
import { FRAME_RENDER, type FrameRender, type RenderMessage } from '../../../src/studio/shared/protocol';
import type { ScreenDocument } from '../../../renderer/types.gen';

const doc = (label: string, extra: Record<string, unknown> = {}) =>
  ({
    schemaVersion: 1,
    id: 'taps',
    title: 'Taps',
    state: { ui: { taps: 0 } },
    body: [
      { type: 'text', text: { t: 'Tapped {ui.taps} times' } },
      {
        type: 'button',
        label,
        onTap: [{ do: 'set', path: 'ui.taps', value: { '+': [{ $: 'ui.taps' }, 1] } }],
      },
    ],
    ...extra,
  }) as unknown as ScreenDocument;

/** What the studio posts to the frame (jsdom: the frame is its own parent). */
async function send(message: RenderMessage) {
  await act(async () => {
    window.dispatchEvent(
      new MessageEvent('message', { data: message, origin: window.location.origin, source: window }),
    );
  });
}

describe('the studio phone given a new document', () => {
  it('draws a change of what the screen draws with its state kept, and starts again for what it runs or a new run', async () => {
    render(<FrameApp config={DEFAULT_CONFIG} />);
    await send({ type: 'studio:render', doc: doc('Tap'), scenario: null, run: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Tap' }));
    expect(await screen.findByText('Tapped 1 times')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tap' }));
    expect(await screen.findByText('Tapped 2 times')).toBeTruthy();

    // A label changed: drawn, the taps kept.
    await send({ type: 'studio:render', doc: doc('Tap here'), scenario: null, run: 1 });
    expect(await screen.findByRole('button', { name: 'Tap here' })).toBeTruthy();
    expect(screen.getByText('Tapped 2 times')).toBeTruthy();

    // What it runs changed (its state): started again, from the new state.
    await send({
      type: 'studio:render',
      doc: doc('Tap here', { state: { ui: { taps: 10 } } }),
      scenario: null,
      run: 1,
    });
    expect(await screen.findByText('Tapped 10 times')).toBeTruthy();

    // A new run (a restart, another scenario) starts it again too.
    fireEvent.click(screen.getByRole('button', { name: 'Tap here' }));
    expect(await screen.findByText('Tapped 11 times')).toBeTruthy();
    await send({
      type: 'studio:render',
      doc: doc('Tap here', { state: { ui: { taps: 10 } } }),
      scenario: null,
      run: 2,
    });
    expect(await screen.findByText('Tapped 10 times')).toBeTruthy();
  });

  it('draws a document the studio hands over directly before the call returns (issue 25 speed: the phone in the studio’s next frame)', async () => {
    render(<FrameApp config={DEFAULT_CONFIG} />);
    await send({ type: 'studio:render', doc: doc('Tap'), scenario: null, run: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Tap' }));
    expect(await screen.findByText('Tapped 1 times')).toBeTruthy();
    const direct = (window as unknown as Partial<Record<string, FrameRender>>)[FRAME_RENDER];
    expect(typeof direct).toBe('function');
    const message: RenderMessage = { type: 'studio:render', doc: doc('Tap now'), scenario: null, run: 1 };
    direct!(message);
    // No await: drawn within the call, the taps kept.
    expect(screen.getByRole('button', { name: 'Tap now' })).toBeTruthy();
    expect(screen.getByText('Tapped 1 times')).toBeTruthy();
  });
});
