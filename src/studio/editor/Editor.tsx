// The JSON editor (CodeMirror 6): schema completion and hover, and the checker's problems shown
// where they are (underline, gutter marker, message on hover). The studio owns the text and the
// problems; the editor shows them.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
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
import { EditorState } from '@codemirror/state';
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
import { schemaCompletion } from './completion';
import { schemaHover } from './hover';
import { partSchemaNav, schemaNav } from './schemas';

export interface EditorHandle {
  /** Replaces the whole text as one undoable change (a restored version). */
  replace(text: string): void;
  /** Puts the cursor at `offset` and scrolls it into view. */
  reveal(offset: number): void;
}

interface Props {
  /** A new key starts a fresh editor state (another screen): no undo back into the last one. */
  docKey: string;
  initialText: string;
  problems: readonly Problem[];
  onChange(text: string): void;
  /** What the text is: completion and hover follow its schema. */
  schema?: 'screen' | 'part';
}

function extensions(onChange: (text: string) => void, nav: typeof schemaNav) {
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
    EditorView.contentAttributes.of({ 'aria-label': 'Screen document (JSON)' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
  ];
}

export const Editor = forwardRef<EditorHandle, Props>(function Editor(
  { docKey, initialText, problems, onChange, schema = 'screen' },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const editor = new EditorView({ parent: host.current!, doc: '' });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.setState(
      EditorState.create({
        doc: initialText,
        extensions: extensions((text) => change.current(text), schema === 'part' ? partSchemaNav : schemaNav),
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
      const editor = view.current;
      editor?.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
    },
    reveal(offset) {
      const editor = view.current;
      if (!editor) return;
      const pos = Math.min(offset, editor.state.doc.length);
      editor.dispatch({
        selection: { anchor: pos },
        effects: EditorView.scrollIntoView(pos, { y: 'center' }),
      });
      editor.focus();
    },
  }));

  return <div className="studio-editor" ref={host} />;
});
