// Writes the type -> implementation registries. Convention: block `keyValue` lives in
// renderer/blocks/KeyValue.tsx (default export), action `openModal` in renderer/actions/openModal.ts.
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function blockRegistry(blocks: { type: string; lazy: boolean }[]): string {
  const eager = blocks.filter((b) => !b.lazy);
  const lazy = blocks.filter((b) => b.lazy);
  return [
    "import { lazy } from 'react';",
    "import type { BlockComponent } from '../block';",
    ...eager.map((b) => `import ${pascal(b.type)} from './${pascal(b.type)}';`),
    '',
    '// Heavy blocks load on first use, so a screen that does not show them does not download them.',
    'export const blockRegistry: Record<string, BlockComponent> = {',
    ...eager.map((b) => `  ${JSON.stringify(b.type)}: ${pascal(b.type)} as unknown as BlockComponent,`),
    ...lazy.map(
      (b) =>
        `  ${JSON.stringify(b.type)}: lazy(() => import('./${pascal(b.type)}')) as unknown as BlockComponent,`,
    ),
    '};',
    '',
    '// Only these need a Suspense boundary (a boundary per block was a measurable part of a first draw).',
    `export const lazyBlockTypes: ReadonlySet<string> = new Set(${JSON.stringify(lazy.map((b) => b.type))});`,
    '',
  ].join('\n');
}

export function actionRegistry(actions: string[]): string {
  return [
    "import type { ActionRunner } from '../action';",
    ...actions.map((a) => `import ${a}Action from './${a}';`),
    '',
    'export const actionRegistry: Record<string, ActionRunner> = {',
    ...actions.map((a) => `  ${JSON.stringify(a)}: ${a}Action as unknown as ActionRunner,`),
    '};',
    '',
  ].join('\n');
}
