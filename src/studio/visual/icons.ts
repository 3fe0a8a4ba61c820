// The outline's icons: one glyph per kind of node and per palette group of a block type (the
// group is the schema's x-group, so a new block type gets its group's icon with no change here).
import { blockSchemas } from './palette';
import type { OutlineNode } from './model/outline';

const BY_GROUP: Record<string, string> = {
  Text: '¶',
  Buttons: '▭',
  Form: '✎',
  Layout: '▤',
  'Lists and logic': '☰',
  'Pictures and codes': '▣',
};

const BY_KIND: Record<OutlineNode['kind'], string> = {
  screen: '▢',
  group: '▸',
  block: '■',
  slot: '◌',
  use: '⧉',
  modal: '❐',
  action: '⚡',
  variable: '𝑥',
  timer: '⏱',
  parameter: '⚙',
};

export function iconOf(node: OutlineNode): string {
  if (node.kind === 'block' && node.type) {
    const group = blockSchemas().find((b) => b.type === node.type)?.group;
    if (group && BY_GROUP[group]) return BY_GROUP[group];
  }
  return BY_KIND[node.kind];
}
