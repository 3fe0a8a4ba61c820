// @vitest-environment node
// Production mode (ops/production.ts): NODE_ENV=production turns the demo's conveniences off and
// makes the server refuse to start, naming each setting, when a required one is missing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../../src/server/config.js';
import {
  productionProblems,
  REQUIRED_IN_PRODUCTION,
  secretOfAtLeast,
  type RequiredSetting,
} from '../../src/server/ops/production.js';
import { buildOnce, logLines, ROOT, spawnBuilt, startBuilt, type Built } from './process-helpers.js';

const PROD = { NODE_ENV: 'production' };

describe('required settings', () => {
  it('asks for nothing outside production', () => {
    expect(productionProblems({})).toEqual([]);
    expect(productionProblems({ LENDER_DEV: '0', LENDER_STUDIO: '1' })).toEqual([]);
  });

  it('names every missing setting, with the alternatives that would do', () => {
    const problems = productionProblems({ ...PROD, LENDER_STUDIO: 'on' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^DATABASE_URL \(or SQLITE_PATH\) is not set: /);
    expect(problems[1]).toMatch(/^LENDER_STUDIO_TOKEN is not set: /);
    expect(productionProblems({ ...PROD, DATABASE_URL: 'postgres://x' })).toEqual([]);
    expect(productionProblems({ ...PROD, SQLITE_PATH: '/var/lib/lender/db.sqlite' })).toEqual([]);
    expect(productionProblems({ ...PROD, DATABASE_URL: '  ' })[0]).toMatch(/^DATABASE_URL/);
  });

  it('refuses a secret too short to be one, and the development endpoints', () => {
    const env = { ...PROD, SQLITE_PATH: 'x', LENDER_STUDIO: '1', LENDER_STUDIO_TOKEN: 'short' };
    expect(productionProblems(env)).toEqual([
      'LENDER_STUDIO_TOKEN is not usable: it has 5 characters; use at least 32 random ones.',
    ]);
    expect(productionProblems({ ...env, LENDER_STUDIO_TOKEN: 'k'.repeat(32) })).toEqual([]);
    expect(productionProblems({ ...PROD, SQLITE_PATH: 'x', LENDER_DEV: '1' })[0]).toMatch(
      /^LENDER_DEV=1 is not allowed/,
    );
  });

  it('takes settings that other areas declare', () => {
    const signingKey: RequiredSetting = {
      name: 'LENDER_SESSION_KEY',
      why: 'signs sessions',
      invalid: secretOfAtLeast(32),
    };
    const registry = [...REQUIRED_IN_PRODUCTION, signingKey];
    expect(productionProblems({ ...PROD, SQLITE_PATH: 'x' }, registry)).toEqual([
      'LENDER_SESSION_KEY is not set: signs sessions.',
    ]);
  });
});

describe('production defaults (optionsFromEnv)', () => {
  it('turns the demo off in production, and keeps LENDER_DEV=0 as it was', () => {
    const prod = optionsFromEnv({ ...PROD, SQLITE_PATH: 'x' });
    expect(prod).toMatchObject({
      production: true,
      dev: false,
      printCodes: false,
      seed: false,
      logLevel: 'info',
    });
    expect(optionsFromEnv({ ...PROD, LENDER_SEED_DEMO: '1', LENDER_LOG: '0' })).toMatchObject({
      seed: true,
      logLevel: 'warn',
    });
    expect(optionsFromEnv({ LENDER_DEV: '0' })).toMatchObject({
      production: false,
      dev: false,
      printCodes: false,
      seed: true,
      logLevel: 'warn',
    });
    expect(optionsFromEnv({})).toMatchObject({ production: false, dev: true, seed: true });
  });
});

describe('the built server in production', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildOnce();
  }, 60_000);
  afterAll(() => built?.remove());

  it('refuses to start without its required settings, naming each', async () => {
    const run = spawnBuilt(built.entry, { ...PROD, LENDER_STUDIO: '1', SCREENS_DIR: join(ROOT, 'screens') });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('refusing to start in production');
    expect(run.stderr()).toContain('DATABASE_URL (or SQLITE_PATH) is not set');
    expect(run.stderr()).toContain('LENDER_STUDIO_TOKEN is not set');
    expect(run.stdout()).not.toContain('Lender app');
  }, 60_000);

  it('starts with them: JSON log, no development endpoints, no studio, no demo data', async () => {
    const server = await startBuilt(built.entry, { env: PROD });
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      expect((await fetch(`${server.base}/dev/sms-code?phone=13800138000`)).status).toBe(404);
      expect((await fetch(`${server.base}/studio`, { headers: { accept: 'text/html' } })).status).toBe(404);
      const details = await fetch(`${server.base}/v3/loan-details/loan-details`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderId: 'ORD-174-D' }),
      });
      expect(details.status).toBe(404);
      const started = logLines(server.stdout()).find((l) => String(l.msg).startsWith('Lender app:'));
      expect(started).toMatchObject({ level: 'info', url: `${server.base}/` });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
