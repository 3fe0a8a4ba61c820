// Which of a set of block types and action names a document uses, anywhere in it (body, modals,
// templates, branches). Shared by the engine (renderer/lazy.ts) and the build's table of screens
// (src/app/build/screenSources.ts); imports nothing, so both can use it.

export interface LazyNames {
  blocks?: string[];
  actions?: string[];
}

/**
 * A data object that happens to carry such a `type` or `do` costs a download, no more.
 * Iterative: a hostile document nested thousands deep must not overflow the stack.
 */
export function namesIn(
  doc: unknown,
  isBlock: (type: string) => boolean,
  isAction: (name: string) => boolean,
): LazyNames {
  const blocks = new Set<string>();
  const actions = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const node = value as Record<string, unknown>;
    if (typeof node.type === 'string' && isBlock(node.type)) blocks.add(node.type);
    if (typeof node.do === 'string' && isAction(node.do)) actions.add(node.do);
    for (const key in node) stack.push(node[key]);
  }
  return { blocks: [...blocks].sort(), actions: [...actions].sort() };
}
