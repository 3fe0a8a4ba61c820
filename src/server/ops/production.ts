/**
 * Production mode and the settings it cannot run without.
 *
 * The switch is `NODE_ENV=production`. It implies `LENDER_DEV=0` (no development endpoints, no
 * studio unless LENDER_STUDIO=1, no one-time codes on the console), no demo data unless
 * LENDER_SEED_DEMO=1, a log line per request, and a pause before closing on SIGTERM. Before it
 * listens, the server checks REQUIRED_IN_PRODUCTION and refuses to start, naming every setting
 * that is missing or unusable.
 *
 * REQUIRED_IN_PRODUCTION is the one place where a setting declares that production needs it: add
 * an entry beside the setting's reader when you add one (docs/deploy.md lists them for operators).
 */

export type Env = Readonly<Record<string, string | undefined>>;

export function isProduction(env: Env): boolean {
  return env.NODE_ENV === 'production';
}

export interface RequiredSetting {
  /** The environment variable. */
  name: string;
  /** Variables that satisfy the requirement instead (any one of them set will do). */
  or?: readonly string[];
  /** What goes wrong without it: printed when it is missing. */
  why: string;
  /** Required only when this holds (default: always, in production). */
  when?: (env: Env) => boolean;
  /** Why a value that is set is still unusable (e.g. a secret too short to be one), else undefined. */
  invalid?: (value: string) => string | undefined;
}

const isSet = (env: Env, name: string) => (env[name] ?? '').trim() !== '';

/**
 * Example secrets shown in this project's documentation, tests and benchmarks: public, so never a
 * secret (docs/deploy.md shows the first one, to be refused when copied).
 */
export const EXAMPLE_SECRETS: readonly string[] = [
  'q3Vt7mC0bX9Lr2NwYk5pHs8eJd1fAg6uZo4iTyWcRlM=',
  'bench-event-secret-not-for-production-0123',
  'process-test-event-secret-0123456789',
];

/**
 * Below this estimate a value is refused as a key. The estimate is the value's length times the
 * entropy of its characters' frequencies (Shannon): 32 random hex digits come to about 115 bits,
 * base64 of 32 random bytes to about 220, 'session-key-kkkk…' to about 60.
 */
export const MIN_SECRET_BITS = 100;

/** The entropy estimate of MIN_SECRET_BITS, in bits. */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = [...value].length;
  let bits = 0;
  for (const k of counts.values()) bits -= k * Math.log2(k / n);
  return Math.round(bits);
}

/** The shortest piece the value is made of by repetition, when it is one ('abcabc' -> 'abc'). */
function repeatedPiece(value: string): string | undefined {
  for (let size = 1; size <= value.length / 2; size++)
    if (value.length % size === 0 && value.slice(0, size).repeat(value.length / size) === value)
      return value.slice(0, size);
  return undefined;
}

/**
 * A secret an attacker cannot guess (issue 28 item 7): at least `min` characters, not one
 * character or a piece repeated, not an example from the documentation, and varied enough
 * (MIN_SECRET_BITS). Length alone let 'eeee…' and the documented examples through.
 */
export const strongSecret =
  (min: number) =>
  (value: string): string | undefined => {
    const advice = `use at least ${min} random characters (openssl rand -base64 32)`;
    if (value.length < min) return `it has ${value.length} characters; ${advice}`;
    if (EXAMPLE_SECRETS.includes(value.trim()))
      return `it is an example value from this project's documentation or tests; ${advice}`;
    const piece = repeatedPiece(value);
    if (piece !== undefined)
      return piece.length === 1
        ? `it is one character repeated; ${advice}`
        : `it is ${JSON.stringify(piece)} repeated; ${advice}`;
    const bits = estimatedBits(value);
    if (bits < MIN_SECRET_BITS)
      return `its characters vary too little (about ${bits} bits, at least ${MIN_SECRET_BITS} needed); ${advice}`;
    return undefined;
  };

export const REQUIRED_IN_PRODUCTION: readonly RequiredSetting[] = [
  {
    name: 'DATABASE_URL',
    or: ['SQLITE_PATH'],
    why: 'where the data lives (PostgreSQL for several instances); production never falls back to ./data/lender.sqlite',
  },
  {
    name: 'LENDER_STUDIO_PORT',
    when: studioOn,
    why: 'the studio is on (LENDER_STUDIO) and must listen on a port of its own, reachable by staff only, so the borrower-facing listener never serves it',
    invalid: (value) =>
      /^\d+$/.test(value) && Number(value) > 0 && Number(value) < 65536
        ? undefined
        : 'it is not a port number',
  },
  {
    name: 'LENDER_STUDIO_HOSTS',
    when: studioOn,
    why: "the studio is on (LENDER_STUDIO): name the host names it is reached by; it refuses any other Host header (DNS rebinding), and the default is the machine's own loopback names only",
  },
  {
    name: 'LENDER_EVENT_SECRET',
    why: 'the key of the pseudonymous borrower keys in the events (src/server/events/); without it one is generated and kept in the database beside the events, so a copy of the database could link them back to device ids',
    invalid: strongSecret(32),
  },
  {
    name: 'LENDER_SESSION_KEY',
    when: (env) => !isSet(env, 'LENDER_IDENTITY_MODULE'),
    why: "the key that signs borrowers' session ids (src/server/identity/, signed ids are production's default), unless LENDER_IDENTITY_MODULE names the lender's own session check",
    invalid: strongSecret(32),
  },
  {
    // Optional (else one is made and kept in the database); a value that is set must be a secret.
    name: 'LENDER_PREVIEW_SECRET',
    when: (env) => isSet(env, 'LENDER_PREVIEW_SECRET'),
    why: 'the key that signs preview links',
    invalid: strongSecret(32),
  },
  {
    // Checked only when set: production's default is signed ids.
    name: 'LENDER_IDENTITY',
    when: (env) => isSet(env, 'LENDER_IDENTITY'),
    why: 'who a session id belongs to',
    invalid: (value) =>
      value.trim() === 'demo'
        ? 'demo identities make anyone who guesses a session id that borrower; use signed (the default) or LENDER_IDENTITY_MODULE'
        : undefined,
  },
];

/** LENDER_STUDIO turns the studio on (production has it off by default). */
function studioOn(env: Env): boolean {
  return env.LENDER_STUDIO !== undefined && /^(1|true|yes|on)$/i.test(env.LENDER_STUDIO);
}

/** Every reason the environment cannot run in production, one sentence each (empty = fine). */
export function productionProblems(
  env: Env,
  required: readonly RequiredSetting[] = REQUIRED_IN_PRODUCTION,
): string[] {
  if (!isProduction(env)) return [];
  const problems: string[] = [];
  for (const setting of required) {
    if (setting.when && !setting.when(env)) continue;
    const names = [setting.name, ...(setting.or ?? [])];
    const present = names.find((name) => isSet(env, name));
    if (present === undefined) {
      const label = setting.or?.length ? `${setting.name} (or ${setting.or.join(' or ')})` : setting.name;
      problems.push(`${label} is not set: ${setting.why}.`);
      continue;
    }
    const reason = setting.invalid?.(env[present] ?? '');
    if (reason) problems.push(`${present} is not usable: ${reason}.`);
  }
  // The studio's session cookie is Secure in production (config.ts); turning that off is refused.
  if (env.LENDER_COOKIE_SECURE !== undefined && /^(0|false|no|off|never)$/i.test(env.LENDER_COOKIE_SECURE))
    problems.push(
      `LENDER_COOKIE_SECURE=${env.LENDER_COOKIE_SECURE} is not allowed: the studio's session cookie must never travel without TLS.`,
    );
  // Not a missing setting but a dangerous one: these endpoints hand out SMS and verification codes.
  if (env.LENDER_DEV !== undefined && env.LENDER_DEV !== '0')
    problems.push(
      `LENDER_DEV=${env.LENDER_DEV} is not allowed: the development endpoints reveal one-time codes.`,
    );
  return problems;
}

/** The message printed when the server refuses to start. */
export function refusalMessage(problems: readonly string[]): string {
  return [
    'Lender server: refusing to start in production (NODE_ENV=production). Fix these settings:',
    ...problems.map((p) => `  - ${p}`),
    'See docs/deploy.md, "Settings required in production".',
  ].join('\n');
}
