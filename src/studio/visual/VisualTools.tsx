// The visual tools of the studio (issue 25): the outline with its structure toolbar, the palette
// and the property panel of the selection. Every change is an edit of the editor's text
// (EditorHandle.apply): the text stays the one source of truth and the editor's history undoes
// visual changes and typing alike.
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { ScreensManifest } from '../../../renderer/types.gen';
import type { Problem } from '../../../renderer/validate/problem';
import type { EditorHandle } from '../editor/Editor';
import type { Library } from '../../parts/library';
import { DEFAULT_CONFIG } from '../../config/load';
import type { AssetSource } from './assetSource';
import { bindingGroups, readablePaths, type ScenarioReplies } from './model/bindings';
import { usedChoices } from './model/choices';
import { editTargetOf, writeAt } from './editTarget';
import type { Outline } from './model/outline';
import type { Path } from './model/textEdits';
import { OutlineTree } from './OutlineTree';
import { Palette } from './Palette';
import { NodeProblems } from './NodeProblems';
import { Fields } from './PropertyPanel';
import { humanize } from './model/humanize';
import * as ops from './structureOps';
import type { VisualDoc } from './useVisualDoc';
import { isObject } from './model/isObject';
import { useSelected, type SelectionStore } from './selectionStore';
import { afterPaint } from '../afterPaint';

interface Props {
  doc: VisualDoc;
  editor: RefObject<EditorHandle | null>;
  /** The selection (useSelection's store): the toolbar, the panel and the outline's rows follow it. */
  selection: SelectionStore;
  onSelect(key: string | null): void;
  problems: readonly Problem[];
  manifest: ScreensManifest | null;
  /** The screens and parts: the call paths and track events they use are the suggestions of those fields. */
  library: Library | null;
  readOnly: boolean;
  /** The uploaded pictures (picture fields pick from them and upload). */
  assets?: AssetSource;
  /** The phone's scenario: the data paths its replies hold are among a binding's choices. */
  scenario?: ScenarioReplies | null;
}

/** What `config.*` reads: the configuration's keys (src/config/types.ts). */
const CONFIG_KEYS = Object.keys(DEFAULT_CONFIG);

/** Every document of the library (screens and parts), parsed. */
function libraryValues(library: Library | null): unknown[] {
  if (!library) return [];
  return (['screen', 'part'] as const).flatMap((kind) =>
    library.names(kind).map((name) => library.get(kind, name)?.value),
  );
}

/**
 * The panel's heading stands above its fields: its padding (12 px) and an 11 px line at least
 * (about 28 px drawn). The first frame's fields are placed below it (PropertyPanel.tsx, `minPx`).
 */
const HEADING_MIN_PX = 20;

/** A screen's fields the outline shows as branches of their own (not in the screen's panel). */
export const OUTLINED = new Set([
  'body',
  'modals',
  'sources',
  'onLoad',
  'on',
  'variables',
  'computed',
  'timers',
  'triggers',
  'blocks',
  'actions',
  'screen',
  'state',
  'changes',
]);

export function VisualTools({
  doc,
  editor,
  selection,
  onSelect,
  problems,
  manifest,
  library,
  readOnly,
  assets,
  scenario,
}: Props) {
  const [palette, setPalette] = useState(false);
  /**
   * A block cut to be moved (Ctrl+X): Ctrl+V puts it before the selected one. Its key is its
   * pointer, so it holds for the outline it was cut in only: any change of the text drops it
   * (after a block above it is deleted or moved, the key names another block).
   */
  const [cut, setCut] = useState<{ key: string; in: Outline } | null>(null);
  const outline = doc.outline;
  const moving = cut !== null && cut.in === outline ? cut.key : null;
  const setMoving = (key: string | null) => setCut(key === null || !outline ? null : { key, in: outline });
  const selected = useSelected(selection);
  const node = selected !== null ? (outline?.byKey.get(selected) ?? null) : null;

  const apply = useCallback(
    (change: ops.Change | null) => {
      if (!change) return;
      editor.current?.apply(change.edit);
      onSelect(change.select ?? (node ? (outline?.parentOf.get(node.key) ?? null) : null));
    },
    [editor, onSelect, node, outline],
  );
  const run = (fn: (text: string) => ops.Change | null) => {
    const text = editor.current?.text();
    if (text !== undefined && !readOnly) apply(fn(text));
  };

  const choices = useCallback(
    (name: string): string[] => {
      const value = isObject(doc.value) ? doc.value : {};
      const screen = isObject(value.screen) ? value.screen : value;
      if (name === 'routes') return (manifest?.routes ?? []).map((r) => r.path);
      if (name === 'modals') return isObject(screen.modals) ? Object.keys(screen.modals) : [];
      if (name === 'timers') return isObject(screen.timers) ? Object.keys(screen.timers) : [];
      return usedChoices(name, [doc.value, ...libraryValues(library)]);
    },
    [doc.value, manifest, library],
  );

  const paths = useMemo(() => readablePaths(doc.value), [doc.value]);
  const bindings = useMemo(
    () => bindingGroups(doc.value, CONFIG_KEYS, scenario, paths),
    [doc.value, scenario, paths],
  );
  const structural =
    node !== null &&
    node.pointer !== null &&
    (node.kind === 'block' || node.kind === 'use' || node.kind === 'action');
  const movingNode = moving !== null ? (outline?.byKey.get(moving) ?? null) : null;
  /** The Cut and Paste buttons and their keys alike. */
  const canCut = !readOnly && structural;
  const canPaste = !readOnly && movingNode !== null && node !== null && (structural || node.lists.length > 0);

  const onKey = (e: KeyboardEvent) => {
    if (!node) return;
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.altKey && e.key === 'ArrowUp') run((t) => ops.moveBy(t, node, -1));
    else if (e.altKey && e.key === 'ArrowDown') run((t) => ops.moveBy(t, node, 1));
    else if (e.altKey && e.key === 'ArrowRight') run((t) => ops.moveIn(t, outline!, node));
    else if (e.altKey && e.key === 'ArrowLeft') run((t) => ops.moveOut(t, outline!, node));
    else if (mod && e.key.toLowerCase() === 'd') run((t) => ops.duplicate(t, node));
    else if (e.key === 'Delete') run((t) => ops.remove(t, node));
    else if (mod && e.key.toLowerCase() === 'g') run((t) => ops.wrapInSection(t, node));
    else if (e.key === 'Insert' || (mod && e.key.toLowerCase() === 'i')) setPalette(true);
    else if (mod && e.key.toLowerCase() === 'x' && canCut) setMoving(node.key);
    else if (mod && e.key.toLowerCase() === 'v' && canPaste) paste();
    else if (e.key === 'Escape' && moving !== null) setMoving(null);
    else if (mod && e.key.toLowerCase() === 'z') {
      if (e.shiftKey) editor.current?.redo();
      else editor.current?.undo();
    } else if (mod && e.key.toLowerCase() === 'y') editor.current?.redo();
    else handled = false;
    if (handled) e.preventDefault();
  };

  const onDrop = (from: string, to: string, where: ops.Where) => {
    const a = outline?.byKey.get(from);
    const b = outline?.byKey.get(to);
    const text = editor.current?.text();
    if (a && b && text !== undefined && !readOnly) apply(ops.moveTo(text, a, b, where));
  };
  // The outline's handlers stay the same function across selections, so its rows (memoized, each
  // following its own selected mark) are not re-rendered and their drag and drop not re-registered.
  const handlers = useRef({ onKey, onDrop });
  handlers.current = { onKey, onDrop };
  const stableKey = useCallback((e: KeyboardEvent) => handlers.current.onKey(e), []);
  const stableDrop = useCallback(
    (from: string, to: string, where: 'before' | 'after' | 'inside') =>
      handlers.current.onDrop(from, to, where),
    [],
  );

  /** The cut block goes before the selected one (inside it when it is a page or a popup). */
  const paste = () => {
    if (moving === null || !node) return;
    onDrop(moving, node.key, structural ? 'before' : 'inside');
    setMoving(null);
  };
  const edit = useMemo(() => editTargetOf(doc, node), [doc, node]);

  /**
   * A new selection's panel is drawn in two frames (issue 25 speed): first the fields its height
   * shows, then, in the next frame, the rest (below them, out of sight). Meanwhile the panel is
   * marked busy. A change of the selected block is drawn whole at once, and so is a selection
   * while the panel is scrolled (what it shows then is further down).
   */
  const panel = useRef<HTMLElement>(null);
  const selectedKey = node?.key ?? null;
  const [wholeFor, setWholeFor] = useState<string | null>(selectedKey);
  const panelBox = panel.current;
  const firstFrame =
    selectedKey !== wholeFor && panelBox !== null && panelBox.scrollTop === 0
      ? panelBox.clientHeight - HEADING_MIN_PX
      : undefined;
  useEffect(() => {
    if (selectedKey === wholeFor) return;
    return afterPaint(() => startTransition(() => setWholeFor(selectedKey)));
  }, [selectedKey, wholeFor]);

  const base = edit?.base ?? null;
  const write = useCallback(
    (path: Path, value: unknown) => {
      const text = editor.current?.text();
      if (text === undefined || readOnly || !edit) return;
      const change = writeAt(edit, text, path, value);
      if (change) editor.current?.apply(change);
    },
    [editor, readOnly, edit],
  );

  if (!outline)
    return (
      <p className="studio-prop-note">The text is not JSON yet: the outline comes back when it parses.</p>
    );

  return (
    <div className="studio-visual">
      <div className="studio-visual-tools" role="toolbar" aria-label="Structure">
        <button
          type="button"
          disabled={readOnly || !node || (!structural && node.lists.length === 0)}
          onClick={() => setPalette(true)}
          aria-keyshortcuts="Insert"
        >
          Add block…
        </button>
        <button
          type="button"
          disabled={readOnly || !structural}
          onClick={() => run((t) => ops.moveBy(t, node!, -1))}
          aria-keyshortcuts="Alt+ArrowUp"
        >
          Up
        </button>
        <button
          type="button"
          disabled={readOnly || !structural}
          onClick={() => run((t) => ops.moveBy(t, node!, 1))}
          aria-keyshortcuts="Alt+ArrowDown"
        >
          Down
        </button>
        <button
          type="button"
          disabled={readOnly || !structural}
          onClick={() => run((t) => ops.moveIn(t, outline, node!))}
          aria-keyshortcuts="Alt+ArrowRight"
          title="Into the block above it, at its end (Alt+→)"
        >
          In
        </button>
        <button
          type="button"
          disabled={readOnly || !structural}
          onClick={() => run((t) => ops.moveOut(t, outline, node!))}
          aria-keyshortcuts="Alt+ArrowLeft"
          title="Out of the block it is in, just after it (Alt+←)"
        >
          Out
        </button>
        <button
          type="button"
          disabled={readOnly || !structural}
          onClick={() => run((t) => ops.duplicate(t, node!))}
          aria-keyshortcuts="Control+D"
        >
          Duplicate
        </button>
        <button
          type="button"
          disabled={readOnly || node?.kind !== 'block' || node.pointer === null}
          onClick={() => run((t) => ops.wrapInSection(t, node!))}
          aria-keyshortcuts="Control+G"
        >
          Wrap
        </button>
        <button
          type="button"
          disabled={readOnly || !structural}
          onClick={() => run((t) => ops.remove(t, node!))}
          aria-keyshortcuts="Delete"
        >
          Delete
        </button>
        <button
          type="button"
          disabled={!canCut}
          onClick={() => setMoving(node!.key)}
          aria-keyshortcuts="Control+X"
        >
          Cut
        </button>
        <button type="button" disabled={!canPaste} onClick={paste} aria-keyshortcuts="Control+V">
          Paste
        </button>
        <button type="button" onClick={() => editor.current?.undo()} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={() => editor.current?.redo()} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        {movingNode && (
          <span className="studio-moving" role="status">
            Moving {movingNode.type ?? ''} {movingNode.label}: select where it goes and press Ctrl+V (Escape
            keeps it where it is).
          </span>
        )}
      </div>
      <OutlineTree
        outline={outline}
        selection={selection}
        onSelect={onSelect}
        onKey={stableKey}
        onDrop={stableDrop}
        moving={moving}
      />
      {palette && node ? (
        <Palette
          canBeside={structural && node.kind !== 'action'}
          canInside={node.lists.length > 0}
          onClose={() => setPalette(false)}
          onAdd={(entry, where) => {
            setPalette(false);
            run((t) => ops.insertBlock(t, node, where, structuredClone(entry.scaffold)));
          }}
        />
      ) : (
        <section
          ref={panel}
          className="studio-properties"
          aria-label="Properties"
          aria-busy={firstFrame !== undefined || undefined}
        >
          <h2 className="studio-heading">
            {node
              ? `${node.type ? humanize(node.type) : node.label}${node.type && node.label ? `: ${node.label}` : ''}`
              : 'Properties'}
          </h2>
          {node?.readOnly && <p className="studio-prop-note">{node.readOnly}</p>}
          {node && node.pointer !== null && <NodeProblems problems={problems} pointer={node.pointer} />}
          {base && (
            <p className="studio-prop-note">
              Written in the base: a change here is saved as this screen’s change of block “{base.id}”.
            </p>
          )}
          {edit && node?.kind !== 'group' ? (
            <Fields
              model={doc.model}
              value={edit.value}
              path={edit.path}
              here={edit.here}
              problems={base ? [] : problems}
              write={write}
              choices={choices}
              paths={paths}
              assets={readOnly ? undefined : assets}
              bindings={bindings}
              firstFrame={firstFrame}
              {...(node?.kind === 'screen' ? { skip: OUTLINED } : {})}
            />
          ) : (
            <p className="studio-prop-note">Select a block in the outline or in the phone.</p>
          )}
        </section>
      )}
    </div>
  );
}
