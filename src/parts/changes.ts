// A variant's changes to its base, each at a block id: replace it, remove it, put blocks before
// or after it, or set some of its fields. Applied in order to the base as written (before its own
// parts are expanded), so a change may also aim at a block an earlier change put in.
import { didYouMean } from '../../renderer/validate/suggest';
import type { Problem } from '../../renderer/validate/problem';
import { problemAt } from './issues';
import { deeper, deeperPath, type Origin, type SourceMap } from './origins';
import { checkPiece } from './validate';

type Container = Record<string, unknown> | unknown[];

interface Found {
  parent: Container;
  key: string | number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where the blocks live: the body and the modals (fallbacks and children inside them). */
const BLOCK_FIELDS = ['body', 'modals'];

function findBlocks(root: Record<string, unknown>, id: string): { found: Found[]; ids: Set<string> } {
  const found: Found[] = [];
  const ids = new Set<string>();
  const visit = (node: unknown, parent: Container | null, key: string | number) => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, node, i));
    else if (isObject(node)) {
      if (typeof node.type === 'string' && typeof node.id === 'string') {
        ids.add(node.id);
        if (node.id === id && parent) found.push({ parent, key });
      }
      for (const [k, v] of Object.entries(node)) visit(v, node, k);
    }
  };
  for (const field of BLOCK_FIELDS) visit(root[field], root, field);
  return { found, ids };
}

/** Applies `changes` (written at `at`) to `root`, the copy of the base, in place. */
export function applyChanges(
  root: Record<string, unknown>,
  changes: unknown,
  at: Origin,
  base: { label: string; at: Origin; user: string },
  map: SourceMap,
  issues: Problem[],
): void {
  if (!Array.isArray(changes)) return;
  changes.forEach((change, i) => {
    const changeAt = deeper(at, i);
    const shape = checkPiece('change', change, `change #${i + 1}`);
    for (const p of shape)
      issues.push(problemAt(deeperPath(changeAt, p.pointer), 'variant-change', p.message));
    if (shape.length > 0 || !isObject(change)) return;
    const id = change.block as string;
    const { found, ids } = findBlocks(root, id);
    if (found.length !== 1) {
      issues.push(
        problemAt(
          deeper(changeAt, 'block'),
          'variant-change',
          found.length === 0
            ? `change #${i + 1}: ${base.label} has no block with id '${id}'${didYouMean(id, [...ids])}`
            : `change #${i + 1}: ${base.label} has ${found.length} blocks with id '${id}': give them different ids there`,
          {
            definition: {
              origin: { ...base.at, via: null },
              message:
                found.length === 0
                  ? `${base.user} changes the block with id '${id}', which is not here`
                  : `${base.user} changes the block with id '${id}', and ${found.length} blocks here have that id`,
            },
          },
        ),
      );
      return;
    }
    const { parent, key } = found[0]!;
    const copy = (field: string) => map.copy(change[field], deeper(changeAt, field));
    const list = Array.isArray(parent) ? parent : null;
    if ('replace' in change) map.put(parent, key, copy('replace'), deeper(changeAt, 'replace'));
    else if ('remove' in change) {
      if (list) list.splice(key as number, 1);
      else delete (parent as Record<string, unknown>)[key];
    } else if ('set' in change) {
      const block = (parent as Record<string, unknown>)[key] as Record<string, unknown>;
      const fields = copy('set') as Record<string, unknown>;
      for (const [field, value] of Object.entries(fields)) {
        if (value === null) delete block[field];
        else map.put(block, field, value, deeper(deeper(changeAt, 'set'), field));
      }
    } else {
      const before = 'insertBefore' in change;
      const blocks = copy(before ? 'insertBefore' : 'insertAfter') as unknown[];
      if (!list) {
        issues.push(
          problemAt(
            deeper(changeAt, 'block'),
            'variant-change',
            `change #${i + 1}: block '${id}' is not in a list of blocks, so nothing can be put ${before ? 'before' : 'after'} it`,
          ),
        );
        return;
      }
      list.splice((key as number) + (before ? 0 : 1), 0, ...blocks);
    }
  });
}

/** Merges a variant's screen fields into the base's: maps by name, the rest in place. */
const MERGED_BY_NAME = ['modals', 'timers', 'variables', 'computed'];

export function overrideFields(
  root: Record<string, unknown>,
  variant: Record<string, unknown>,
  at: Origin,
  skip: readonly string[],
  map: SourceMap,
): void {
  for (const [field, value] of Object.entries(variant)) {
    if (skip.includes(field)) continue;
    const fieldAt = deeper(at, field);
    const current = root[field];
    if (MERGED_BY_NAME.includes(field) && isObject(current) && isObject(value)) {
      for (const [name, entry] of Object.entries(value))
        map.put(current, name, map.copy(entry, deeper(fieldAt, name)), deeper(fieldAt, name));
    } else map.put(root, field, map.copy(value, fieldAt), fieldAt);
  }
}
