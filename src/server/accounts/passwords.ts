// Password hashing with scrypt (node:crypto): memory-hard, no native dependency. The parameters are
// stored with each hash, so they can be raised later: a sign-in with an older hash rehashes it.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** 2^15 x 8 x 1 uses 32 MiB per hash (~0.1 s on a server core). Tests pass a lower cost. */
export const DEFAULT_COST = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const options = (log2n: number): ScryptOptions => ({
  N: 2 ** log2n,
  r: R,
  p: P,
  maxmem: 2 * 128 * 2 ** log2n * R,
});

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url). */
export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, options(cost));
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, and whether the hash should be redone at `cost`. */
export async function verifyPassword(
  password: string,
  stored: string,
  cost = DEFAULT_COST,
): Promise<{ ok: boolean; rehash: boolean }> {
  const [scheme, log2n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || Number(r) !== R || Number(p) !== P)
    return { ok: false, rehash: false };
  const n = Number(log2n);
  if (!Number.isInteger(n) || n < 1 || n > 20) return { ok: false, rehash: false };
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options(n));
  const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
  return { ok, rehash: ok && n < cost };
}

/** Why a new password is refused, or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'password is required';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `the password needs at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `the password may have at most ${PASSWORD_MAX} characters`;
  return null;
}

/** A password for the generated accounts (CLI): 20 random characters. */
export const randomPassword = (): string => randomBytes(15).toString('base64url');
