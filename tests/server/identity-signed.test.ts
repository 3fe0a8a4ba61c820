// @vitest-environment node
// The identity seam's other implementations (issue 20 §1): signed session ids (HMAC-SHA256 with
// an expiry, key from config) and a lender's own verifier, as options or as a module.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { loadVerifierModule } from '../../src/server/identity/index.js';
import { signSession, signedVerifier } from '../../src/server/identity/signed.js';
import { post, startServer } from './helpers.js';

const KEY = 'k'.repeat(16) + 'e'.repeat(16) + 'y';
const HOUR = 3_600_000;

describe('signed session ids', () => {
  const now = Date.UTC(2025, 0, 1);
  const verify = signedVerifier(KEY, () => now);
  const valid = signSession(KEY, 'borrower-42', new Date(now + HOUR));

  it('verifies an id signed with the key before its expiry', async () => {
    expect(await verify(valid)).toEqual({ id: 'borrower-42' });
    const unicode = signSession(KEY, 'Ñiño.有.id', new Date(now + HOUR));
    expect(await verify(unicode)).toEqual({ id: 'Ñiño.有.id' });
  });

  it('refuses an expired, tampered, foreign-key or malformed id', async () => {
    const [v, id, exp, sig] = valid.split('.') as [string, string, string, string];
    const other = Buffer.from('borrower-43').toString('base64url');
    const refused = [
      signSession(KEY, 'borrower-42', new Date(now - 1000)),
      signSession(KEY, 'borrower-42', new Date(now)),
      [v, other, exp, sig].join('.'),
      [v, id, String(Number(exp) + 3600), sig].join('.'),
      [v, id, exp, `${sig.slice(0, -2)}AA`].join('.'),
      [v, id, exp, sig.slice(0, 10)].join('.'),
      [v, id, exp].join('.'),
      ['v2', id, exp, sig].join('.'),
      signSession('x'.repeat(40), 'borrower-42', new Date(now + HOUR)),
      'borrower-42',
      '',
      '....',
      `${valid}.extra`,
    ];
    for (const sessionId of refused) expect(await verify(sessionId), sessionId).toBeNull();
  });

  it('accepts only the canonical spelling of an id (issue 28 item 7): no padding, stray or spare characters', async () => {
    const [v, id, exp, sig] = valid.split('.') as [string, string, string, string];
    // The last of 43 base64url characters carries 2 unused bits: four spellings decode alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1)!);
    const sameBytes = [1, 2, 3].map((bits) => `${sig.slice(0, -1)}${alphabet[last ^ bits]!}`);
    for (const spelling of sameBytes)
      expect(Buffer.from(spelling, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    const refused = [
      `${valid}=`,
      `${valid}==`,
      `${valid}!`,
      `${valid} `,
      ` ${valid}`,
      `${valid}\n`,
      [v, id, exp, `${sig.slice(0, 20)}!${sig.slice(20)}`].join('.'),
      [v, id, exp, `${sig.slice(0, 20)} ${sig.slice(20)}`].join('.'),
      [v, id, exp, sig.replace(/-/g, '+').replace(/_/g, '/')].join('.'),
      ...sameBytes.map((spelling) => [v, id, exp, spelling].join('.')),
    ].filter((spelling) => spelling !== valid);
    expect(refused.length).toBeGreaterThanOrEqual(12);
    for (const sessionId of refused) expect(await verify(sessionId), JSON.stringify(sessionId)).toBeNull();
    expect(await verify(valid)).toEqual({ id: 'borrower-42' });
  });

  it('wants a key of at least 32 characters', () => {
    expect(() => signedVerifier('short')).toThrow(/at least 32/);
    expect(() => signSession('short', 'a', new Date())).toThrow(/at least 32/);
  });
});

describe('a server with signed sessions', () => {
  it('refuses a bare id, answers a signed one, refuses it once expired', async () => {
    const s = await startServer('sqlite', { identity: 'signed', sessionKey: KEY });
    try {
      const url = (sessionId: string) => `/nepenthes/problem-list?sessionId=${encodeURIComponent(sessionId)}`;
      const bare = await post(s.app, url('borrower-7'));
      expect(bare.status).toBe(401);
      expect(bare.body).toMatchObject({ code: '401', data: null, message: expect.stringMatching(/session/) });
      const signed = await post(s.app, url(signSession(KEY, 'borrower-7', new Date(Date.now() + HOUR))));
      expect(signed.body.code).toBe('00');
      const expired = await post(s.app, url(signSession(KEY, 'borrower-7', new Date(Date.now() - 1000))));
      expect(expired.status).toBe(401);
      // Only the id as signed: with a space, padding or a stray character around it, none.
      const id = signSession(KEY, 'borrower-7', new Date(Date.now() + HOUR));
      for (const spelling of [`${id} `, ` ${id}`, `${id}=`, `${id}!`, `${id}\t`])
        expect((await post(s.app, url(spelling))).status, JSON.stringify(spelling)).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('does not start without a key', async () => {
    await expect(buildServer({ sqlitePath: ':memory:', identity: 'signed' })).rejects.toThrow(/at least 32/);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  it('uses signed ids unless told otherwise, and does not start without their key', async () => {
    await expect(buildServer({ sqlitePath: ':memory:', production: true })).rejects.toThrow(/at least 32/);
    const s = await startServer('sqlite', { production: true, sessionKey: KEY });
    try {
      const details = (sessionId?: string) =>
        s.app.inject({
          method: 'POST',
          url: `/v3/loan-details/loan-details${sessionId === undefined ? '' : `?sessionId=${encodeURIComponent(sessionId)}`}`,
          payload: { orderId: 'ORD-174' },
        });
      // The seeded demo order: no session, a bare id and a signed `demo` all get the envelope, no data.
      for (const sessionId of [
        undefined,
        'borrower-7',
        signSession(KEY, 'demo', new Date(Date.now() + HOUR)),
      ]) {
        const reply = await details(sessionId);
        expect(reply.statusCode, sessionId).toBe(401);
        expect(reply.json(), sessionId).toMatchObject({ success: false, data: null });
      }
      // A signed borrower is answered, and sees no demo data: the seeded order is not theirs.
      const signed = await details(signSession(KEY, 'borrower-7', new Date(Date.now() + HOUR)));
      expect(signed.statusCode).toBe(404);
      expect(signed.json()).toMatchObject({ success: false, data: null });
    } finally {
      await s.close();
    }
  });
});

describe("a lender's own verifier", () => {
  const dir = mkdtempSync(join(tmpdir(), 'lender-verifier-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is passed as an option and is the only judge of a session', async () => {
    const seen: string[] = [];
    const s = await startServer('sqlite', {
      identity: async (sessionId) => {
        seen.push(sessionId);
        return sessionId === 'token-of-ana' ? { id: 'ana' } : null;
      },
    });
    try {
      const saved = await post(s.app, '/nepenthes/problem-save?sessionId=token-of-ana', {
        problemType: 2,
        problemDetail: 'from the lender backend',
      });
      expect(saved.body.code).toBe('00');
      const row = await s.app.db
        .selectFrom('complaints')
        .select('borrower_id')
        .where('id', '=', saved.body.data.problemId as number)
        .executeTakeFirstOrThrow();
      expect(row.borrower_id).toBe('ana');
      expect((await post(s.app, '/nepenthes/problem-list?sessionId=ana')).status).toBe(401);
      expect(seen).toEqual(['token-of-ana', 'ana']);
    } finally {
      await s.close();
    }
  });

  it('is loaded from a module exporting verifySession (LENDER_IDENTITY_MODULE)', async () => {
    const file = join(dir, 'verifier.mjs');
    writeFileSync(
      file,
      'export async function verifySession(id) { return id === "ok" ? { id: "mod" } : null; }\n',
    );
    const verify = await loadVerifierModule(file);
    expect(await verify('ok')).toEqual({ id: 'mod' });
    expect(await verify('no')).toBeNull();
    const empty = join(dir, 'empty.mjs');
    writeFileSync(empty, 'export const nothing = 1;\n');
    await expect(loadVerifierModule(empty)).rejects.toThrow(/verifySession/);
  });
});
