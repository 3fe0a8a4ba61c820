// Hover help: over a field name, what the field is for; over a block or action type, what that
// block or action does. Words from the schema descriptions, the same ones docs/screen-language.md shows.
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { getLocation, getNodeValue, parseTree } from 'jsonc-parser';
import type { SchemaNav } from './schemaNav';

export interface Help {
  from: number;
  to: number;
  title: string;
  text: string;
}

/** The help for the token at `pos`, or null. Pure, for tests. */
export function helpAt(nav: SchemaNav, text: string, pos: number): Help | null {
  const location = getLocation(text, pos);
  const node = location.previousNode;
  if (!node || pos < node.offset || pos > node.offset + node.length) return null;
  const tree = parseTree(text);
  const doc: unknown = tree ? getNodeValue(tree) : undefined;
  const path = [...location.path];
  const key = path[path.length - 1];
  const range = { from: node.offset, to: node.offset + node.length };

  if (location.isAtPropertyKey || (node.parent?.type === 'property' && node.parent.children?.[0] === node)) {
    const text = nav.help(path, doc);
    return text ? { ...range, title: String(key), text } : null;
  }
  if ((key === 'type' || key === 'do') && typeof node.value === 'string') {
    // The chosen block or action: the schema whose "type"/"do" is this value.
    const chosen = nav.resolve(path.slice(0, -1), doc).ctxs.find(({ schema }) => {
      const tag = (schema.properties as Record<string, { const?: unknown }> | undefined)?.[key];
      return tag?.const === node.value && typeof schema.description === 'string';
    });
    if (chosen)
      return {
        ...range,
        title: `${node.value}: ${String(chosen.schema.title ?? '')}`,
        text: String(chosen.schema.description),
      };
  }
  return null;
}

export function schemaHover(nav: SchemaNav) {
  return hoverTooltip((view, pos): Tooltip | null => {
    const help = helpAt(nav, view.state.doc.toString(), pos);
    if (!help) return null;
    return {
      pos: help.from,
      end: help.to,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'studio-hover';
        const title = document.createElement('strong');
        title.textContent = help.title;
        const body = document.createElement('p');
        body.textContent = help.text;
        dom.append(title, body);
        return { dom };
      },
    };
  });
}
