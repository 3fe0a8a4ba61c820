// @vitest-environment node
// Production mode (ops/production.ts): NODE_ENV=production turns the demo's conveniences off and
// makes the server refuse to start, naming each setting, when a required one is missing.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv, resolveConfig } from '../../src/server/config.js';
import { signSession } from '../../src/server/identity/signed.js';
import {
  productionProblems,
  REQUIRED_IN_PRODUCTION,
  strongSecret,
  type RequiredSetting,
} from '../../src/server/ops/production.js';
import { buildOnce, logLines, ROOT, spawnBuilt, startBuilt, type Built } from './process-helpers.js';

const PROD = { NODE_ENV: 'production' };
/** A secret as docs/deploy.md says to make one (openssl rand -base64 32). */
const random = () => randomBytes(32).toString('base64');
/** The secrets production always needs. */
const SECRETS = { LENDER_EVENT_SECRET: random() };
/** The session-signing key production needs (identity, issue 20). */
const KEY = { LENDER_SESSION_KEY: random() };

describe('required settings', () => {
  it('asks for nothing outside production', () => {
    expect(productionProblems({})).toEqual([]);
    expect(productionProblems({ LENDER_DEV: '0', LENDER_STUDIO: '1' })).toEqual([]);
  });

  it('names every missing setting, with the alternatives that would do', () => {
    const problems = productionProblems({ ...PROD, LENDER_STUDIO: 'on' });
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^DATABASE_URL \(or SQLITE_PATH\) is not set: /);
    expect(problems[1]).toMatch(/^LENDER_STUDIO_PORT is not set: .*own/);
    expect(problems[2]).toMatch(/^LENDER_STUDIO_HOSTS is not set: .*DNS rebinding/);
    expect(problems[3]).toMatch(/^LENDER_EVENT_SECRET is not set: .*pseudonymous borrower keys/);
    expect(problems[4]).toMatch(/^LENDER_SESSION_KEY is not set: /);
    expect(productionProblems({ ...PROD, ...SECRETS, ...KEY, DATABASE_URL: 'postgres://x' })).toEqual([]);
    expect(
      productionProblems({ ...PROD, ...SECRETS, ...KEY, SQLITE_PATH: '/var/lib/lender/db.sqlite' }),
    ).toEqual([]);
    expect(productionProblems({ ...PROD, ...SECRETS, ...KEY, DATABASE_URL: '  ' })[0]).toMatch(
      /^DATABASE_URL/,
    );
  });

  it('refuses an unusable studio port, a cookie without Secure, a short secret, and the development endpoints', () => {
    const env = {
      ...PROD,
      ...SECRETS,
      ...KEY,
      SQLITE_PATH: 'x',
      LENDER_STUDIO: '1',
      LENDER_STUDIO_HOSTS: 'studio.lender.example',
    };
    expect(productionProblems({ ...env, LENDER_STUDIO_PORT: 'studio' })).toEqual([
      'LENDER_STUDIO_PORT is not usable: it is not a port number.',
    ]);
    expect(productionProblems({ ...env, LENDER_STUDIO_PORT: '8788' })).toEqual([]);
    expect(productionProblems({ ...env, LENDER_STUDIO_PORT: '8788', LENDER_COOKIE_SECURE: '0' })[0]).toMatch(
      /^LENDER_COOKIE_SECURE=0 is not allowed/,
    );
    expect(productionProblems({ ...env, LENDER_STUDIO_PORT: '8788', LENDER_EVENT_SECRET: 'x' })).toEqual([
      'LENDER_EVENT_SECRET is not usable: it has 1 characters; use at least 32 random characters (openssl rand -base64 32).',
    ]);
    expect(productionProblems({ ...PROD, ...SECRETS, ...KEY, SQLITE_PATH: 'x', LENDER_DEV: '1' })[0]).toMatch(
      /^LENDER_DEV=1 is not allowed/,
    );
  });

  it('refuses secrets with too little entropy: one repeated character, a pattern, a documented example (issue 28 item 7)', () => {
    const env = { ...PROD, ...SECRETS, ...KEY, SQLITE_PATH: 'x' };
    const refusal = (name: string, value: string) => productionProblems({ ...env, [name]: value });
    for (const name of ['LENDER_SESSION_KEY', 'LENDER_EVENT_SECRET']) {
      expect(refusal(name, 'e'.repeat(32))).toEqual([
        `${name} is not usable: it is one character repeated; use at least 32 random characters (openssl rand -base64 32).`,
      ]);
      expect(refusal(name, 'abcd1234'.repeat(5))).toEqual([
        `${name} is not usable: it is "abcd1234" repeated; use at least 32 random characters (openssl rand -base64 32).`,
      ]);
      expect(refusal(name, 'session-key-'.padEnd(40, 'k'))[0]).toMatch(
        new RegExp(
          `^${name} is not usable: its characters vary too little \\(about \\d+ bits, at least 100 needed\\)`,
        ),
      );
      expect(refusal(name, 'bench-event-secret-not-for-production-0123')).toEqual([
        `${name} is not usable: it is an example value from this project's documentation or tests; use at least 32 random characters (openssl rand -base64 32).`,
      ]);
      // What docs/deploy.md says to use passes: base64 of 32 random bytes, or 32 random hex digits.
      expect(refusal(name, random())).toEqual([]);
      expect(refusal(name, randomBytes(16).toString('hex'))).toEqual([]);
    }
    // The preview links' key is optional; when it is set, the same rules apply.
    expect(refusal('LENDER_PREVIEW_SECRET', 'p'.repeat(40))[0]).toMatch(
      /^LENDER_PREVIEW_SECRET is not usable: it is one character/,
    );
    expect(refusal('LENDER_PREVIEW_SECRET', random())).toEqual([]);
  });

  it('refuses every secret value the documentation shows', () => {
    const docs = join(ROOT, 'docs');
    const texts = [
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
      ...readdirSync(docs)
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(join(docs, f), 'utf8')),
    ];
    const shown = texts.flatMap((text) =>
      [...text.matchAll(/LENDER_(SESSION_KEY|EVENT_SECRET|PREVIEW_SECRET)=([^\s`'"$<…]{8,})/g)].map((m) => ({
        name: `LENDER_${m[1]}`,
        value: m[2]!,
      })),
    );
    // docs/deploy.md shows one, to be refused when an operator copies it.
    expect(shown.length).toBeGreaterThanOrEqual(1);
    for (const { name, value } of shown) {
      const problems = productionProblems({ ...PROD, ...SECRETS, ...KEY, SQLITE_PATH: 'x', [name]: value });
      expect(problems, `${name}=${value}`).toHaveLength(1);
    }
  });

  it('takes settings that other areas declare', () => {
    const another: RequiredSetting = {
      name: 'LENDER_OTHER_SECRET',
      why: 'signs other things',
      invalid: strongSecret(32),
    };
    const registry = [...REQUIRED_IN_PRODUCTION, another];
    expect(productionProblems({ ...PROD, ...SECRETS, ...KEY, SQLITE_PATH: 'x' }, registry)).toEqual([
      'LENDER_OTHER_SECRET is not set: signs other things.',
    ]);
  });

  it('P-06 demands a session-signing key, or the lender’s own check, and refuses demo identities', () => {
    const env = { ...PROD, ...SECRETS, SQLITE_PATH: 'x' };
    expect(productionProblems(env)).toEqual([
      expect.stringMatching(/^LENDER_SESSION_KEY is not set: the key that signs borrowers' session ids/),
    ]);
    expect(productionProblems({ ...env, LENDER_SESSION_KEY: 'short' })).toEqual([
      'LENDER_SESSION_KEY is not usable: it has 5 characters; use at least 32 random characters (openssl rand -base64 32).',
    ]);
    expect(productionProblems({ ...env, ...KEY })).toEqual([]);
    expect(productionProblems({ ...env, ...KEY, LENDER_IDENTITY: 'signed' })).toEqual([]);
    expect(productionProblems({ ...env, LENDER_IDENTITY_MODULE: '/etc/lender/verify.mjs' })).toEqual([]);
    expect(productionProblems({ ...env, ...KEY, LENDER_IDENTITY: 'demo' })).toEqual([
      expect.stringMatching(/^LENDER_IDENTITY is not usable: demo identities make anyone who guesses/),
    ]);
    // Outside production the demo identities are the default and nothing is asked.
    expect(productionProblems({ LENDER_IDENTITY: 'demo' })).toEqual([]);
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
    // Identity: signed ids are production's default (resolveConfig), demo ids the demo's.
    expect(optionsFromEnv({ ...PROD, ...KEY }).identity).toBeUndefined();
    expect(optionsFromEnv({ LENDER_IDENTITY: 'signed' }).identity).toBe('signed');
    expect(() => optionsFromEnv({ LENDER_IDENTITY: 'sgined' })).toThrow(/must be "demo" or "signed"/);
  });

  it('has demo accounts in the demo with its demo data only, never in production', () => {
    const demoAccounts = (env: Record<string, string>) => resolveConfig(optionsFromEnv(env)).demoAccounts;
    expect(demoAccounts({})).toBe(true);
    expect(demoAccounts({ LENDER_SEED_DEMO: '0' })).toBe(false);
    expect(demoAccounts({ LENDER_DEV: '0' })).toBe(false);
    expect(demoAccounts({ ...PROD, LENDER_SEED_DEMO: '1', LENDER_STUDIO: '1' })).toBe(false);
  });
});

describe('the built server', () => {
  let built: Built;
  beforeAll(async () => {
    built = await buildOnce();
  }, 60_000);
  afterAll(() => built?.remove());

  it('in the demo (npm start) prints the studio and the demo accounts, which sign in', async () => {
    const signIn = (base: string, username: string, password: string) =>
      fetch(`${base}/studio/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
    const demo = await startBuilt(built.entry);
    try {
      await demo.waitFor('sign in as publisher');
      expect(demo.stdout()).toContain(`Screen studio: ${demo.base}/studio`);
      const printed = [...demo.stdout().matchAll(/demo (\w+): sign in as (\w+) \/ (\S+)/g)];
      expect(printed.map((m) => [m[1], m[2]])).toEqual([
        ['editor', 'editor'],
        ['publisher', 'publisher'],
      ]);
      for (const [, , username, password] of printed) {
        const res = await signIn(demo.base, username!, password!);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { account: { username: string } }).account.username).toBe(username);
      }
    } finally {
      await demo.stop();
    }
    const bare = await startBuilt(built.entry, { env: { LENDER_SEED_DEMO: '0' } });
    try {
      await bare.waitFor('Screen studio:');
      expect(bare.stdout()).not.toContain('sign in as');
      expect((await signIn(bare.base, 'editor', 'demo-editor-password')).status).toBe(401);
    } finally {
      await bare.stop();
    }
  }, 180_000);

  it('refuses to start without its required settings, naming each', async () => {
    const run = spawnBuilt(built.entry, { ...PROD, LENDER_STUDIO: '1', SCREENS_DIR: join(ROOT, 'screens') });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('refusing to start in production');
    expect(run.stderr()).toContain('DATABASE_URL (or SQLITE_PATH) is not set');
    expect(run.stderr()).toContain('LENDER_STUDIO_PORT is not set');
    expect(run.stderr()).toContain('LENDER_STUDIO_HOSTS is not set');
    expect(run.stderr()).toContain('LENDER_EVENT_SECRET is not set');
    expect(run.stderr()).toContain('LENDER_SESSION_KEY is not set');
    expect(run.stdout()).not.toContain('Lender app');
  }, 120_000);

  it('starts with them: JSON log, no development endpoints, no studio, no demo data, signed sessions only', async () => {
    const server = await startBuilt(built.entry, { env: { ...PROD, ...SECRETS, ...KEY } });
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      expect((await fetch(`${server.base}/dev/sms-code?phone=13800138000`)).status).toBe(404);
      expect((await fetch(`${server.base}/studio`, { headers: { accept: 'text/html' } })).status).toBe(404);
      const details = (sessionId?: string) =>
        fetch(
          `${server.base}/v3/loan-details/loan-details${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ orderId: 'ORD-174-D' }),
          },
        );
      // No session, or a bare (unsigned) one: the family's envelope, 401, never data.
      for (const reply of [await details(), await details('borrower-1')]) {
        expect(reply.status).toBe(401);
        expect(await reply.json()).toMatchObject({ success: false, data: null });
      }
      const signed = signSession(KEY.LENDER_SESSION_KEY, 'borrower-1', new Date(Date.now() + 3_600_000));
      expect((await details(signed)).status).toBe(404); // signed in, and no demo order to read
      const started = logLines(server.stdout()).find((l) => String(l.msg).startsWith('Lender app:'));
      expect(started).toMatchObject({ level: 'info', url: `${server.base}/` });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
