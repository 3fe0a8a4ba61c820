// The JSON editor (CodeMirror 6): schema completion and hover, and the checker's problems shown
// where they are (underline, gutter marker, message on hover). The studio owns the text and the
// problems; the editor shows them.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab, redo, undo } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Transaction } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Problem } from '../../../renderer/validate/problem';
import { afterPaint } from '../afterPaint';
import { applied, createPendingEdits, type Edit, type PendingEdits } from './pendingEdits';
import { schemaCompletion } from './completion';
import { schemaHover } from './hover';
import { partSchemaNav, schemaNav } from './schemas';

export interface EditorHandle {
  /** Replaces the whole text as one undoable change (a restored version). */
  replace(text: string): void;
  /** Puts the cursor at `offset` and scrolls it into view. */
  reveal(offset: number): void;
  /**
   * A visual change (issue 25): one edit of the text as one transaction, so the editor's history
   * undoes it like typing; the cursor goes to `cursor` (an offset in the new text) without focus.
   */
  apply(edit: { from: number; to: number; insert: string }, cursor?: number): void;
  /** Puts the cursor at `offset` for a selection made in the outline or the phone (no focus). */
  place(offset: number): void;
  /** The editor's undo and redo, for the visual tools' Ctrl+Z and Ctrl+Shift+Z. */
  undo(): boolean;
  redo(): boolean;
  /** The editor's own element has the focus (its keys are its own). */
  focused(): boolean;
  /** The text as it is now (the studio's copy may be a render behind). */
  text(): string;
}

interface Props {
  /** A new key starts a fresh editor state (another screen): no undo back into the last one. */
  docKey: string;
  initialText: string;
  problems: readonly Problem[];
  /**
   * The text changed. `typed`: by typing in the editor (keys, a paste, a completion), which may
   * be half done; otherwise a whole change (a visual tool's, undo, redo, a restored version).
   */
  onChange(text: string, typed: boolean): void;
  /** What the text is: completion and hover follow its schema. */
  schema?: 'screen' | 'part';
  /** The cursor moved (typing or a click in the text): its offset. */
  onCursor?(offset: number): void;
  /**
   * A visual change's text, before the editor takes it: true when the phone has been given it,
   * and the editor then takes the change after the next paint (pendingEdits.ts says why).
   */
  onVisual?(text: string): boolean;
}

/** Typing, a paste, a completion or a deletion in the editor: text that may be half done. */
const typing = (t: Transaction) =>
  (t.isUserEvent('input') && !t.isUserEvent('input.visual')) ||
  t.isUserEvent('delete') ||
  t.isUserEvent('move');

function extensions(
  onChange: (text: string, typed: boolean) => void,
  nav: typeof schemaNav,
  onCursor: (offset: number, visual: boolean) => void,
) {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    json(),
    autocompletion({ override: [schemaCompletion(nav)], icons: false }),
    schemaHover(nav),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    EditorState.tabSize.of(2),
    // tabindex: axe's scrollable-region rule counts only tab stops it knows (contenteditable is one anyway).
    EditorView.contentAttributes.of({ 'aria-label': 'Screen document (JSON)', tabindex: '0' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString(), update.transactions.some(typing));
      // The visual tools move the cursor with their edits: only a person's move selects.
      const visual = update.transactions.some(
        (t) => t.isUserEvent('input.visual') || t.isUserEvent('select.visual'),
      );
      if (update.selectionSet) onCursor(update.state.selection.main.head, visual);
    }),
  ];
}

/** A visual change as one transaction of the editor, so its history undoes it like typing. */
function take(editor: EditorView | null, edit: Edit, at: number | undefined) {
  editor?.dispatch({
    changes: edit,
    ...(at === undefined
      ? {}
      : { selection: { anchor: Math.min(at, edit.from + edit.insert.length + editor.state.doc.length) } }),
    userEvent: 'input.visual',
    scrollIntoView: at !== undefined,
  });
}

export const Editor = forwardRef<EditorHandle, Props>(function Editor(
  { docKey, initialText, problems, onChange, schema = 'screen', onCursor, onVisual },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const cursor = useRef(onCursor);
  cursor.current = onCursor;
  const visual = useRef(onVisual);
  visual.current = onVisual;
  const pending = useRef<PendingEdits | null>(null);
  pending.current ??= createPendingEdits((edit, at) => take(view.current, edit, at), afterPaint);

  useEffect(() => {
    const editor = new EditorView({ parent: host.current!, doc: '' });
    view.current = editor;
    // A person's key, click or paste in the text comes after the pending visual changes.
    const flush = () => pending.current?.flush();
    const events = ['keydown', 'beforeinput', 'mousedown', 'paste', 'drop', 'compositionstart'];
    for (const e of events) host.current!.addEventListener(e, flush, true);
    const element = host.current!;
    return () => {
      for (const e of events) element.removeEventListener(e, flush, true);
      pending.current?.drop();
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    // The pending changes were the last document's.
    pending.current?.drop();
    view.current?.setState(
      EditorState.create({
        doc: initialText,
        extensions: extensions(
          (text, typed) => change.current(text, typed),
          schema === 'part' ? partSchemaNav : schemaNav,
          (offset, visual) => {
            if (!visual) cursor.current?.(offset);
          },
        ),
      }),
    );
    // Only a new document resets the editor; the text then lives in the editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [docKey]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostics: Diagnostic[] = problems.map((p) => ({
      from: Math.min(p.from ?? 0, length),
      to: Math.min(Math.max(p.to ?? 0, p.from ?? 0), length),
      severity: p.severity,
      message: p.message,
    }));
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    replace(text) {
      pending.current?.flush();
      const editor = view.current;
      editor?.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
    },
    reveal(offset) {
      pending.current?.flush();
      const editor = view.current;
      if (!editor) return;
      const pos = Math.min(offset, editor.state.doc.length);
      editor.dispatch({
        selection: { anchor: pos },
        effects: EditorView.scrollIntoView(pos, { y: 'center' }),
      });
      editor.focus();
    },
    apply(edit, at) {
      const editor = view.current;
      const later = pending.current!;
      if (!editor) return;
      const next = applied(
        later.text(() => editor.state.doc.toString()),
        edit,
      );
      if (visual.current?.(next)) {
        later.add(edit, at, next);
        return;
      }
      later.flush();
      take(editor, edit, at);
    },
    place(offset) {
      pending.current?.flush();
      const editor = view.current;
      if (!editor) return;
      const at = Math.min(offset, editor.state.doc.length);
      editor.dispatch({
        selection: { anchor: at },
        userEvent: 'select.visual',
        effects: EditorView.scrollIntoView(at, { y: 'start', yMargin: 40 }),
      });
    },
    undo: () => (pending.current?.flush(), view.current ? undo(view.current) : false),
    redo: () => (pending.current?.flush(), view.current ? redo(view.current) : false),
    focused: () => view.current?.hasFocus ?? false,
    text: () => pending.current!.text(() => view.current?.state.doc.toString() ?? ''),
  }));

  return <div className="studio-editor" ref={host} />;
});
