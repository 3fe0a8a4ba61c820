// Issue 25: each block's and action's starting value (x-scaffold) is valid where it lands, and the
// check says so when one is not; a colour too light for white words is refused on its field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkScaffolds } from '../../../src/checker/checkScaffolds';
import { checkScreenText } from '../../../src/checker/checkText';
import { contrastWithWhite } from '../../../renderer/validate/contrast';

const SCHEMAS = resolve('schemas');
const work = mkdtempSync(join(tmpdir(), 'scaffolds-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('starting values', () => {
  it('every block and action schema has one, and each passes the checker', () => {
    expect(checkScaffolds(SCHEMAS, (p) => p)).toEqual([]);
  });

  it('a missing one, a wrong type and a broken one are each reported at the schema', () => {
    const copy = join(work, 'schemas');
    cpSync(SCHEMAS, copy, { recursive: true });
    const edit = (file: string, change: (s: Record<string, unknown>) => void) => {
      const path = join(copy, file);
      const schema = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      change(schema);
      writeFileSync(path, JSON.stringify(schema, null, 2));
    };
    edit('blocks/image.schema.json', (s) => ((s['x-scaffold'] as Record<string, unknown>).alt = undefined));
    edit('blocks/text.schema.json', (s) => delete s['x-scaffold']);
    edit('actions/toast.schema.json', (s) => ((s['x-scaffold'] as Record<string, unknown>).do = 'alert'));
    const found = checkScaffolds(copy, (p) => p.slice(copy.length + 1));
    expect(found.map((f) => `${f.file}: ${f.message}`)).toEqual([
      "blocks/image.schema.json: the starting value (\"x-scaffold\") block #1 'image' has no 'alt'",
      'blocks/text.schema.json: the block has no starting value: add "x-scaffold"',
      'actions/toast.schema.json: the starting value\'s "do" must be "toast"',
    ]);
  });
});

describe('colour contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#FFFFFF')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#767676')).toBeGreaterThan(4.5);
  });

  it('a light colour is an error on its field; a dark one passes', () => {
    const doc = (color: string) =>
      JSON.stringify({
        schemaVersion: 1,
        id: 'x',
        title: 'X',
        body: [{ type: 'button', label: 'Go', color }],
      });
    const light = checkScreenText(doc('#FFE066'), { id: 'x' });
    expect(light.problems.map((p) => [p.pointer, p.severity])).toEqual([['/body/0/color', 'error']]);
    expect(light.problems[0]!.message).toMatch(/too light for words \(1\.\d:1 with white/);
    expect(checkScreenText(doc('#0B6E4F'), { id: 'x' }).problems).toEqual([]);
  });
});
