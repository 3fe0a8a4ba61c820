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

/** A secret an attacker cannot guess: at least `min` characters. */
export const secretOfAtLeast =
  (min: number) =>
  (value: string): string | undefined =>
    value.length < min ? `it has ${value.length} characters; use at least ${min} random ones` : undefined;

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
    invalid: secretOfAtLeast(32),
  },
  {
    name: 'LENDER_SESSION_KEY',
    when: (env) => !isSet(env, 'LENDER_IDENTITY_MODULE'),
    why: "the key that signs borrowers' session ids (src/server/identity/, signed ids are production's default), unless LENDER_IDENTITY_MODULE names the lender's own session check",
    invalid: secretOfAtLeast(32),
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
