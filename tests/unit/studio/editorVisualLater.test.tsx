// The studio's editor takes a visual change after the phone has drawn it (issue 25 speed,
// src/studio/editor/pendingEdits.ts): when the phone was given the new text (`onVisual` says so),
// the editor's transaction waits for the next paint, the pending text is already the text, and
// the change stays one step of the editor's history, in order with the others. Before, every
// visual change was the editor's transaction at once, ahead of the phone.
import { createRef } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Editor, type EditorHandle } from '../../../src/studio/editor/Editor';
import { createPendingEdits } from '../../../src/studio/editor/pendingEdits';

const TEXT = '{\n  "title": "One"\n}\n';
const at = (text: string, word: string) => ({
  from: text.indexOf(word),
  to: text.indexOf(word) + word.length,
});

// jsdom lays nothing out: CodeMirror's measuring asks a range for its boxes.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

function editor(onVisual: (text: string) => boolean) {
  const ref = createRef<EditorHandle>();
  const onChange = vi.fn<(text: string, typed: boolean) => void>();
  const view = render(
    <Editor ref={ref} docKey="a" initialText={TEXT} problems={[]} onChange={onChange} onVisual={onVisual} />,
  );
  return { handle: ref.current!, onChange, view };
}

describe('the editor and the phone first', () => {
  it('takes a change the phone was given after the paint, as one undoable step each, in order', async () => {
    const told: string[] = [];
    const { handle, onChange } = editor((text) => (told.push(text), true));
    handle.apply({ ...at(TEXT, 'One'), insert: 'Two' });
    const two = TEXT.replace('One', 'Two');
    expect(told).toEqual([two]);
    // Not taken yet: the editor's listeners have not heard of it, and the text is already it.
    expect(onChange).not.toHaveBeenCalled();
    expect(handle.text()).toBe(two);
    handle.apply({ ...at(two, 'Two'), insert: 'Three' });
    const three = TEXT.replace('One', 'Three');
    expect(handle.text()).toBe(three);
    // After the next frame (jsdom's are slow to come under load).
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 5000 });
    expect(onChange.mock.calls).toEqual([
      [two, false],
      [three, false],
    ]);
    expect(handle.undo()).toBe(true);
    expect(handle.text()).toBe(two);
  });

  it('takes pending changes before an undo or a key in the text', () => {
    const { handle, onChange, view } = editor(() => true);
    handle.apply({ ...at(TEXT, 'One'), insert: 'Two' });
    fireEvent.keyDown(view.container.querySelector('.cm-content')!, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenCalledWith(TEXT.replace('One', 'Two'), false);
    handle.apply({ ...at(handle.text(), 'Two'), insert: 'Three' });
    expect(handle.undo()).toBe(true);
    expect(handle.text()).toBe(TEXT.replace('One', 'Two'));
  });

  it('takes a change at once when the phone was not given it', () => {
    const { handle, onChange } = editor(() => false);
    handle.apply({ ...at(TEXT, 'One'), insert: 'Two' });
    expect(onChange).toHaveBeenCalledWith(TEXT.replace('One', 'Two'), false);
  });
});

describe('createPendingEdits', () => {
  it('schedules one taking for a run of edits and forgets them when dropped', () => {
    const taken: string[] = [];
    const later = vi.fn((_f: () => void) => () => undefined);
    const pending = createPendingEdits((edit) => taken.push(edit.insert), later);
    pending.add({ from: 0, to: 0, insert: 'a' }, undefined, 'a');
    pending.add({ from: 1, to: 1, insert: 'b' }, undefined, 'ab');
    expect(later).toHaveBeenCalledTimes(1);
    expect(pending.text(() => '')).toBe('ab');
    later.mock.calls[0]![0]();
    expect(taken).toEqual(['a', 'b']);
    expect(pending.text(() => 'editor')).toBe('editor');
    pending.add({ from: 0, to: 0, insert: 'c' }, undefined, 'c');
    pending.drop();
    pending.flush();
    expect(taken).toEqual(['a', 'b']);
  });
});
