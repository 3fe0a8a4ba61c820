/**
 * npm run bench — the whole suite, in order, each script in its own process (a fresh Chromium and
 * fresh servers each time), writing its sections of bench/results.md; then the summary. Loopback
 * only. Stops at the first failing step.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const FIGURES = process.env.BENCH_FIGURES ?? '/tmp/bench-figures';
const STEPS = ['engine', 'peers', 'phone', 'server-load', 'ssr', 'first-screen', 'summary'];

rmSync(FIGURES, { recursive: true, force: true });
const started = Date.now();
for (const step of STEPS) {
  const at = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${step}.ts`], {
    cwd: new URL('../', import.meta.url).pathname,
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES: FIGURES },
  });
  console.log(`bench/${step}.ts: ${Math.round((Date.now() - at) / 1000)} s`);
  if (result.status !== 0) {
    console.error(`bench/${step}.ts failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}
console.log(`npm run bench: ${Math.round((Date.now() - started) / 1000)} s in all; see bench/results.md`);
