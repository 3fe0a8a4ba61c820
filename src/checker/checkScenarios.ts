// Checks the screen studio's scenario files (screens/scenarios/<screen-id>.json) against
// schemas/studio/scenarios.schema.json, and that each belongs to a screen that exists.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { Problem } from '../../renderer/validate/problem';
import { parseJson } from './jsonLocation';
import { kindProblem } from './kindCheck';
import { parseProblems, placeAll } from './placeText';

const interop = <T>(m: T): T => (m as { default?: T }).default ?? m;
const Ajv2020 = interop(Ajv2020Module);
const SCHEMA = new URL('../../schemas/studio/scenarios.schema.json', import.meta.url).pathname;

export function checkScenarios(
  dir: string,
  screenIds: ReadonlySet<string>,
  display: (path: string) => string,
): Problem[] {
  const folder = join(dir, 'scenarios');
  if (!existsSync(folder)) return [];
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(SCHEMA, 'utf8')),
  );
  const problems: Problem[] = [];
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const path = join(folder, name);
    const parsed = parseJson(readFileSync(path, 'utf8'));
    const found: Problem[] = [];
    const at = (pointer: string, message: string, keyword: string) =>
      found.push({ pointer, message, keyword, severity: 'error' });
    const kind = parsed.syntax.length > 0 ? null : kindProblem('scenarios', parsed.value);
    if (kind) found.push(kind);
    else if (parsed.syntax.length === 0) {
      const id = basename(name, '.json');
      if (!screenIds.has(id))
        at('', `there is no screen '${id}' (screens/${id}.json) for these scenarios`, 'screen-ref');
      if (!validate(parsed.value))
        for (const e of validate.errors ?? [])
          at(
            e.instancePath,
            `scenarios: ${e.instancePath || 'the file'} ${e.message ?? 'is invalid'}`,
            e.keyword,
          );
    }
    const file = display(path);
    problems.push(...[...parseProblems(parsed), ...placeAll(parsed, found)].map((p) => ({ ...p, file })));
  }
  return problems;
}
