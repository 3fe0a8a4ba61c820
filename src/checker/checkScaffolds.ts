// The studio's starting values (issue 25): every block and action schema carries one under
// `x-scaffold`, the value the palette and the actions editor insert. Each is checked here as the
// checker checks a screen (schema, cross-references, lints), inside a small screen that has the
// one timer ("sms") and popup ("popup") a scaffold may name, so a new block type is valid the day
// it lands. Node only (reads the schemas folder); `npm run screens:check` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkScreenText } from './checkText';
import { parseJson, positionOf, offsetOf } from './jsonLocation';

export interface ScaffoldFinding {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** The screen a scaffold is checked in: a block as the body, an action as a button's tap. */
export function scaffoldScreen(kind: 'block' | 'action', scaffold: unknown): Record<string, unknown> {
  return {
    schemaVersion: 1,
    id: 'scaffold',
    title: 'Scaffold',
    timers: { sms: { seconds: 60 } },
    modals: { popup: { body: [{ type: 'text', text: 'A popup' }] } },
    body: kind === 'block' ? [scaffold] : [{ type: 'button', label: 'Go', onTap: [scaffold] }],
  };
}

export function checkScaffolds(schemasDir: string, display: (path: string) => string): ScaffoldFinding[] {
  const out: ScaffoldFinding[] = [];
  for (const [folder, kind, tag] of [
    ['blocks', 'block', 'type'],
    ['actions', 'action', 'do'],
  ] as const) {
    for (const name of readdirSync(join(schemasDir, folder))
      .filter((f) => f.endsWith('.schema.json'))
      .sort()) {
      const path = join(schemasDir, folder, name);
      const parsed = parseJson(readFileSync(path, 'utf8'));
      const schema = parsed.value as Record<string, unknown>;
      const at = (pointer: string[]) => positionOf(parsed.text, offsetOf(parsed.tree, pointer));
      const file = display(path);
      const scaffold = schema['x-scaffold'] as Record<string, unknown> | undefined;
      const expected = (schema.properties as Record<string, { const?: unknown }> | undefined)?.[tag]?.const;
      if (!scaffold || typeof scaffold !== 'object') {
        out.push({ file, ...at([]), message: `the ${kind} has no starting value: add "x-scaffold"` });
        continue;
      }
      if (scaffold[tag] !== expected) {
        out.push({
          file,
          ...at(['x-scaffold']),
          message: `the starting value's "${tag}" must be ${JSON.stringify(expected)}`,
        });
        continue;
      }
      const result = checkScreenText(JSON.stringify(scaffoldScreen(kind, scaffold), null, 2), {
        id: 'scaffold',
      });
      for (const p of result.problems)
        if (p.severity === 'error')
          out.push({
            file,
            ...at(['x-scaffold']),
            message: `the starting value ("x-scaffold") ${p.message}`,
          });
    }
  }
  return out;
}
