// Issue 25 item 5: a double-click in the phone edits the text of the block the panel would edit,
// including a block of the variant's base (loan confirm's apply button is parts/loan-confirm's,
// its label given by this screen's `with.goLabel`): the typed text is written where the panel
// would write it, and the base stays as it is.
import { readFileSync } from 'node:fs';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryOf } from '../../../../src/parts/library';
import type { EditorHandle } from '../../../../src/studio/editor/Editor';
import { applyEdit } from '../../../../src/studio/visual/model/textEdits';
import { useTextInPlace } from '../../../../src/studio/visual/useTextInPlace';
import { useVisualDoc } from '../../../../src/studio/visual/useVisualDoc';

const TEXT = readFileSync('screens/loan-confirm.json', 'utf8');
const library = libraryOf({
  parts: { 'loan-confirm': readFileSync('screens/parts/loan-confirm.json', 'utf8') },
});

/** An editor holding `text`: each edit applied is kept. */
function editorOf(text: string) {
  let now = text;
  const handle = {
    text: () => now,
    apply: (e: { from: number; to: number; insert: string }) => {
      now = applyEdit(now, e);
    },
  } as unknown as EditorHandle;
  return { ref: { current: handle }, text: () => now };
}

function setUp() {
  const editor = editorOf(TEXT);
  const { result } = renderHook(() => {
    const doc = useVisualDoc('screen:loan-confirm', TEXT, library);
    return { doc, inPlace: useTextInPlace(doc, editor.ref, false) };
  });
  return { editor, result };
}

/** The phone's pointer of the block with `id` in the screen as drawn. */
function drawnPointer(doc: unknown, id: string): string {
  const walk = (v: unknown, at: string): string | null => {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const hit = walk(v[i], `${at}/${i}`);
        if (hit) return hit;
      }
    } else if (v && typeof v === 'object') {
      if ((v as { id?: unknown }).id === id) return at;
      for (const [k, x] of Object.entries(v)) {
        const hit = walk(x, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        if (hit) return hit;
      }
    }
    return null;
  };
  return walk(doc, '')!;
}

describe('useTextInPlace', () => {
  it("edits a base block's label in place, written as the parameter this screen gives", () => {
    const { editor, result } = setUp();
    const at = drawnPointer(result.current.doc!.expanded!.doc, 'go-loan');
    let answer: unknown;
    act(() => {
      answer = result.current.inPlace.start(at, 'Go Loan >');
    });
    expect(answer).toEqual({ type: 'studio:edit-text', path: at, text: 'Go Loan >' });
    act(() => result.current.inPlace.finish(at, 'Apply now'));
    const after = JSON.parse(editor.text());
    expect(after.with.goLabel).toBe('Apply now');
    expect(after.changes).toEqual(JSON.parse(TEXT).changes);
  });
});
