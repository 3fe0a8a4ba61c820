// The studio's check of the text (src/studio/useChecked.ts): typing waits for a pause, since the
// text may be half done; a whole change (a visual tool's, undo, redo) is checked at once, so a
// property change reaches the phone without the typing pause (issue 25, bench:studio's change →
// phone). Before, every change waited CHECK_DELAY_MS.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_LIBRARY } from '../../../src/parts/library';
import { CHECK_AFTER_SHOWN_MS, CHECK_DELAY_MS, useChecked } from '../../../src/studio/useChecked';

const screen = (title: string) =>
  JSON.stringify({ schemaVersion: 1, id: 'hello', title, body: [{ type: 'text', text: title }] }, null, 2);

const titleOf = (good: { title?: unknown } | null) => (good ? good.title : null);

describe('useChecked', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () =>
    renderHook(({ text, typed }) => useChecked('hello', text, null, EMPTY_LIBRARY, null, typed), {
      initialProps: { text: screen('One'), typed: true },
    });

  it('shows a whole change at once', () => {
    const hook = start();
    expect(titleOf(hook.result.current.good)).toBe('One');
    act(() => void vi.advanceTimersByTime(1000));
    hook.rerender({ text: screen('Two'), typed: false });
    expect(titleOf(hook.result.current.good)).toBe('Two');
  });

  it('waits for a pause in typing', () => {
    const hook = start();
    hook.rerender({ text: screen('Tw'), typed: true });
    expect(titleOf(hook.result.current.good)).toBe('One');
    act(() => void vi.advanceTimersByTime(CHECK_DELAY_MS));
    expect(titleOf(hook.result.current.good)).toBe('Tw');
  });

  it('gives the phone a whole change’s document before its check, whose problems follow once the page is idle', () => {
    const hook = start();
    act(() => void vi.advanceTimersByTime(1000));
    expect(hook.result.current.result?.problems).toEqual([]);
    // The id no longer matches the file's name: an error, and still a document to draw.
    const renamed = JSON.stringify({ ...JSON.parse(screen('Two')), id: 'other' }, null, 2);
    hook.rerender({ text: renamed, typed: false });
    expect(titleOf(hook.result.current.good)).toBe('Two');
    expect(hook.result.current.result?.problems).toEqual([]);
    act(() => void vi.advanceTimersByTime(CHECK_AFTER_SHOWN_MS));
    expect(hook.result.current.result?.problems.map((p) => p.pointer)).toEqual(['/id']);
    expect(titleOf(hook.result.current.good)).toBe('Two');
  });

  it('starts the phone again only when what the screen runs changes, not for what it draws', () => {
    const hook = start();
    const first = hook.result.current.runs;
    act(() => void vi.advanceTimersByTime(1000));
    hook.rerender({ text: screen('Two'), typed: false });
    expect(titleOf(hook.result.current.good)).toBe('Two');
    expect(hook.result.current.runs).toBe(first);
    act(() => void vi.advanceTimersByTime(1000));
    const withState = JSON.stringify({ ...JSON.parse(screen('Two')), state: { ui: { open: true } } });
    hook.rerender({ text: withState, typed: false });
    expect(hook.result.current.runs).toBe(first + 1);
  });

  it('shows a run of whole changes (a panel’s text box, letter by letter) at most once per interval, the last one at its end', () => {
    const hook = start();
    act(() => void vi.advanceTimersByTime(CHECK_DELAY_MS));
    hook.rerender({ text: screen('T'), typed: false });
    expect(titleOf(hook.result.current.good)).toBe('T');
    act(() => void vi.advanceTimersByTime(50));
    hook.rerender({ text: screen('Tw'), typed: false });
    hook.rerender({ text: screen('Two'), typed: false });
    expect(titleOf(hook.result.current.good)).toBe('T');
    act(() => void vi.advanceTimersByTime(CHECK_DELAY_MS - 50));
    expect(titleOf(hook.result.current.good)).toBe('Two');
  });

  it('shows the very document the phone was given ahead of the text (wholeDoc), so the phone is not sent it again', () => {
    const hook = start();
    act(() => void vi.advanceTimersByTime(1000));
    const text = screen('Two');
    const given = hook.result.current.wholeDoc(text);
    expect(titleOf(given)).toBe('Two');
    hook.rerender({ text, typed: false });
    expect(hook.result.current.good).toBe(given);
    // A part's text has no document of its own to give.
    const part = renderHook(() =>
      useChecked('parts/banner', screen('Two'), null, EMPTY_LIBRARY, null, false),
    );
    expect(part.result.current.wholeDoc(screen('Two'))).toBeNull();
  });
});
