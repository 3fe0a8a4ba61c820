// The fault-injection tests (issue 30): their own step of `npm test` (`npm run test:faults`), run
// after the unit, schema and API tests rather than among them, so the machine is not busy with 40
// other test files while they time recoveries (docs/decisions.md, "Issue 30").
import '../../scripts/node20-polyfills';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
