// Headline figures each bench script leaves for bench/summary.ts (before/after and targets).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = process.env.BENCH_FIGURES ?? '/tmp/bench-figures';

export type Figures = Record<string, number | string | boolean>;

export function saveFigures(section: string, figures: Figures): void {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, `${section}.json`), JSON.stringify(figures, null, 2));
}

export function loadFigures(section: string): Figures | null {
  const path = join(DIR, `${section}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Figures) : null;
}
