// Where the cursor of the text is, as the outline's selection (issue 25 item 1), and where a node
// is written, for the cursor to follow a selection made in the outline or the phone. Pure.
import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import { joinPointer } from '../../../../renderer/validate/pointer';
import type { Outline } from './outline';
import { nodeAt, type ParsedText } from './textEdits';
import { pathOf } from './paths';

/** The outline node the text's offset is inside (the deepest one written there), or null. */
export function keyAtOffset(parsed: ParsedText, outline: Outline, offset: number): string | null {
  if (!parsed.tree) return null;
  const node: Node | undefined = findNodeAtOffset(parsed.tree, offset, true);
  if (!node) return null;
  let pointer = joinPointer(getNodePath(node));
  for (;;) {
    const found = outline.byKey.get(pointer);
    if (found && found.kind !== 'group') return pointer;
    if (pointer === '') return null;
    pointer = pointer.slice(0, pointer.lastIndexOf('/'));
  }
}

/** Where the node at `pointer` starts in the text, or null. */
export function offsetOf(parsed: ParsedText, value: unknown, pointer: string): number | null {
  const node = nodeAt(parsed, pathOf(pointer, value));
  return node ? node.offset : null;
}
