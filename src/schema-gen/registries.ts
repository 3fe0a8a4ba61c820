// Writes the type -> implementation registries. Convention: block `keyValue` lives in
// renderer/blocks/KeyValue.tsx (default export), action `openModal` in renderer/actions/openModal.ts.
// Blocks and actions marked `x-lazy` are not imported: each gets a chunk of its own
// (renderer/blocks/lazy.gen.ts, renderer/actions/lazy.gen.ts: two tables, so the action registry
// reaches no block), loaded with the screens that use it (renderer/lazy.ts).
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface Entry {
  name: string;
  lazy: boolean;
}

export function blockRegistry(blocks: Entry[]): string {
  const eager = blocks.filter((b) => !b.lazy);
  const lazy = blocks.filter((b) => b.lazy);
  return [
    "import type { BlockComponent } from '../block';",
    "import { lazyBlock } from '../lazyBlock';",
    ...eager.map((b) => `import ${pascal(b.name)} from './${pascal(b.name)}';`),
    '',
    'export const blockRegistry: Record<string, BlockComponent> = {',
    ...eager.map((b) => `  ${JSON.stringify(b.name)}: ${pascal(b.name)} as unknown as BlockComponent,`),
    ...lazy.map((b) => `  ${JSON.stringify(b.name)}: lazyBlock(${JSON.stringify(b.name)}),`),
    '};',
    '',
  ].join('\n');
}

export function actionRegistry(actions: Entry[]): string {
  const eager = actions.filter((a) => !a.lazy);
  const lazy = actions.filter((a) => a.lazy);
  return [
    "import type { ActionRunner } from '../action';",
    "import { lazyAction } from '../lazyAction';",
    ...eager.map((a) => `import ${a.name}Action from './${a.name}';`),
    '',
    'export const actionRegistry: Record<string, ActionRunner> = {',
    ...eager.map((a) => `  ${JSON.stringify(a.name)}: ${a.name}Action as unknown as ActionRunner,`),
    ...lazy.map((a) => `  ${JSON.stringify(a.name)}: lazyAction(${JSON.stringify(a.name)}),`),
    '};',
    '',
  ].join('\n');
}

/**
 * The chunks of the x-lazy blocks or actions, one table a folder (no React here: the app's first
 * chunk reads them).
 */
export function lazyModules(entries: Entry[], table: 'lazyBlocks' | 'lazyActions'): string {
  const path = (name: string) => (table === 'lazyBlocks' ? `./${pascal(name)}` : `./${name}`);
  return [
    "import type { LazyLoader } from '../lazyModules';",
    '',
    `export const ${table}: Record<string, LazyLoader> = {`,
    ...entries
      .filter((e) => e.lazy)
      .map((e) => `  ${JSON.stringify(e.name)}: () => import('${path(e.name)}'),`),
    '};',
    '',
  ].join('\n');
}
