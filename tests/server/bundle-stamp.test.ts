// @vitest-environment node
// The built server has no repository beside it (docs/deploy.md: dist/, dist-server/, dist-ssr/ and
// screens/), so the validators' fingerprint it stamps checked documents with is compiled in
// (src/server/build/bundle.ts). When the fingerprint moved to src/wire/stamp.ts the build's rule
// still named the old file: the bundle read renderer/validate/validators.gen.js at start, which a
// deployment does not have, and the production server exited before listening (npm run test:prod).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorStamp } from '../../src/wire/stamp.js';
import { buildOnce, ROOT, type Built } from './process-helpers.js';

describe('the built server', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildOnce();
  }, 120_000);
  afterAll(() => built?.remove());

  it('carries the validators fingerprint compiled in, and reads no file of the repository for it', () => {
    const dir = dirname(built.entry);
    const code = readdirSync(dir)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    expect(code).toContain(JSON.stringify(validatorStamp(ROOT)));
    // The path the fingerprint was read from at start (src/wire/stamp.ts VALIDATORS_FILE).
    expect(code).not.toMatch(/["'`]renderer\/validate\/validators\.gen\.js["'`]/);
  });
});
