// The outline of the document (issue 25 item 1): one row a node, indented by depth, each with its
// type's icon and a readable label. A tree for assistive technology (role tree), arrows move the
// selection (← to the block around it, as trees do) and letters typed pick a row by its label
// (model/typeAhead.ts); the structure keys (Alt+arrows, Ctrl+D, Delete, Ctrl+X/Ctrl+V) are the
// toolbar's (VisualTools).
// Drag a block by its row onto another row to move it there (pragmatic-drag-and-drop).
// A selection re-renders the two rows whose mark changes, not the tree (issue 25 speed): the
// tree and its rows are memoized and each row follows the selection store itself.
import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import type { Outline, OutlineNode } from './model/outline';
import { iconOf } from './icons';
import { holdsBlocks, movable } from './structureOps';
import { typeAhead } from './model/typeAhead';
import { useIsSelected, type SelectionStore } from './selectionStore';

interface Row {
  node: OutlineNode;
  depth: number;
}

function rowsOf(root: OutlineNode): Row[] {
  const out: Row[] = [];
  const walk = (n: OutlineNode, depth: number) => {
    out.push({ node: n, depth });
    n.children.forEach((c) => walk(c, depth + 1));
  };
  walk(root, 1);
  return out;
}

interface Props {
  outline: Outline;
  selection: SelectionStore;
  onSelect(key: string): void;
  onKey(e: KeyboardEvent): void;
  /** A row dropped on another: before it, or inside it (a container's first list, at its end). */
  onDrop(from: string, to: string, where: 'before' | 'after' | 'inside'): void;
  /** The row cut to be moved (Ctrl+X), waiting for its place (Ctrl+V). */
  moving?: string | null;
}

const TreeRow = memo(function TreeRow({
  row,
  selection,
  moving,
  onSelect,
  onDrop,
}: { row: Row; moving: boolean } & Pick<Props, 'onSelect' | 'onDrop' | 'selection'>) {
  const el = useRef<HTMLDivElement>(null);
  const { node, depth } = row;
  const selected = useIsSelected(selection, node.key);
  // The selected row keeps the focus when the tree had it, and stays in view: scrolled in the next
  // frame, where the page is laid out for its paint anyway (here it would be laid out once more).
  useEffect(() => {
    const element = el.current;
    if (!selected || !element) return;
    if (element.closest('[role="tree"]')?.contains(document.activeElement))
      element.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => element.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [selected, node]);
  useEffect(() => {
    const element = el.current;
    if (!element) return;
    const cleanups: (() => void)[] = [];
    if (movable(node)) cleanups.push(draggable({ element, getInitialData: () => ({ key: node.key }) }));
    if (node.pointer !== null || node.lists.length > 0)
      cleanups.push(
        dropTargetForElements({
          element,
          canDrop: ({ source }) => source.data.key !== node.key,
          getData: ({ input }) => {
            const r = element.getBoundingClientRect();
            const y = (input.clientY - r.top) / Math.max(1, r.height);
            const where = holdsBlocks(node) && y > 0.3 && y < 0.7 ? 'inside' : y < 0.5 ? 'before' : 'after';
            return { key: node.key, where };
          },
          onDrag: ({ self }) => element.setAttribute('data-drop', String(self.data.where)),
          onDragLeave: () => element.removeAttribute('data-drop'),
          onDrop: ({ source, self }) => {
            element.removeAttribute('data-drop');
            onDrop(String(source.data.key), node.key, self.data.where as 'before' | 'after' | 'inside');
          },
        }),
      );
    return () => cleanups.forEach((c) => c());
  }, [node, onDrop]);
  return (
    <div
      ref={el}
      id={`outline-${node.key}`}
      role="treeitem"
      aria-level={depth}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      className={`studio-outline-row studio-outline-${node.kind}`}
      style={{ paddingLeft: 6 + (depth - 1) * 14 }}
      data-key={node.key}
      data-moving={moving || undefined}
      onClick={() => onSelect(node.key)}
    >
      <span className="studio-outline-icon" aria-hidden="true">
        {iconOf(node)}
      </span>
      {/* The name is what the row shows, "button Pay now" (the space: the type and the label are two words). */}
      {node.type && node.kind !== 'use' && <span className="studio-outline-type">{node.type}</span>}{' '}
      <span className="studio-outline-label">{node.label}</span>
    </div>
  );
});

export const OutlineTree = memo(function OutlineTree({
  outline,
  selection,
  onSelect,
  onKey,
  onDrop,
  moving = null,
}: Props) {
  const typed = useRef({ text: '', at: 0 });
  const rows = useMemo(() => rowsOf(outline.root), [outline]);
  // The tree is a tab stop while none of its rows is selected.
  const anySelected = useCallback(() => {
    const key = selection.get();
    return key !== null && outline.byKey.has(key);
  }, [selection, outline]);
  const hasSelected = useSyncExternalStore(selection.subscribe, anySelected, anySelected);

  const keyDown = (e: KeyboardEvent) => {
    const selected = selection.get();
    const index = rows.findIndex((r) => r.node.key === selected);
    const letter = e.key.length === 1 && !e.altKey && !e.ctrlKey && !e.metaKey;
    // Any other key ends the word being typed.
    if (!letter) typed.current.text = '';
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const next = rows[Math.min(rows.length - 1, Math.max(0, (index < 0 ? -1 : index) + step))];
      if (next) onSelect(next.node.key);
      return;
    }
    // The block around the selected one: how the keys reach a container its children fill.
    if (e.key === 'ArrowLeft' && !e.altKey && !e.ctrlKey && !e.metaKey && selected !== null) {
      e.preventDefault();
      const parent = outline.parentOf.get(selected);
      if (parent !== undefined) onSelect(parent);
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const next = e.key === 'Home' ? rows[0] : rows[rows.length - 1];
      if (next) onSelect(next.node.key);
      return;
    }
    if (letter) {
      // Letters typed within a moment of each other make one word.
      const now = Date.now();
      const text = (now - typed.current.at < 1500 ? typed.current.text : '') + e.key;
      typed.current = { text, at: now };
      const found = typeAhead(
        rows.map((r) => ({ key: r.node.key, label: r.node.label, type: r.node.type })),
        index,
        text,
      );
      if (found !== null || e.key === ' ') e.preventDefault();
      if (found !== null) onSelect(found);
      return;
    }
    onKey(e);
  };

  return (
    <div
      role="tree"
      aria-label="Outline"
      className="studio-outline"
      tabIndex={hasSelected ? -1 : 0}
      onKeyDown={keyDown}
    >
      {rows.map((r) => (
        <TreeRow
          key={r.node.key}
          row={r}
          selection={selection}
          moving={r.node.key === moving}
          onSelect={onSelect}
          onDrop={onDrop}
        />
      ))}
    </div>
  );
});
