import { resolve } from 'node:path';
import { DEFAULT_DB_SETTINGS, type DbSettings, type DbTarget } from './db/connection.js';
import type { RetrySettings } from './db/retry.js';
import { eventsConfig, type EventsConfig } from './events/config.js';
import type { VerifySession } from './identity/types.js';
import { isProduction } from './ops/production.js';
import { upstreamOf } from './ssr/upstream.js';

export interface ServerOptions {
  /** PostgreSQL URL; when absent SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:' (tests). Default data/lender.sqlite. */
  sqlitePath?: string | undefined;
  /** Private PostgreSQL schema (tests share one database). */
  pgSchema?: string | undefined;
  /** PostgreSQL pool size and timeouts (docs/config.md, "Database connections"). */
  db?: Partial<DbSettings> | undefined;
  /** Start-up against an unreachable database: the first wait, the longest, and (tests) how many tries. */
  dbRetry?: Partial<RetrySettings> | undefined;
  /** Built app (vite output). Missing directory = API-only server with a placeholder page. */
  distDir?: string | undefined;
  /**
   * The server's renderer of borrower pages (issue 26, src/server/ssr/): the built module
   * (default dist-ssr/render.mjs beside distDir), '' to send pages for the phone to draw. A missing
   * module is the same as ''.
   */
  ssrModule?: string | undefined;
  /**
   * The lender's API over HTTP for the pages the server draws (src/server/ssr/upstream.ts), when it
   * lives elsewhere: an http(s) base such as https://api.example. Unset: answered in-process.
   */
  ssrUpstream?: string | undefined;
  /** Screen documents served at /screens/. */
  screensDir?: string | undefined;
  /** Where uploaded complaint images are kept. */
  uploadsDir?: string | undefined;
  /** Dev-only endpoints (/dev/*) that reveal SMS and verification codes. */
  dev?: boolean | undefined;
  /** Print one-time codes on the console (the demo's stand-in for an SMS gateway). */
  printCodes?: boolean | undefined;
  /** Fastify log level: 'silent' (default, tests), 'warn' (errors only; main.ts), 'info' (every request). */
  logLevel?: 'silent' | 'warn' | 'info' | undefined;
  /** Seed the demo data on first start (default true). */
  seed?: boolean | undefined;
  /** Default service telephone (spec §3 "default from configuration"). */
  telephone?: string | undefined;
  /** Events (src/server/events/): the borrower-key secret (else one kept in the database) and retention. */
  eventSecret?: string | undefined;
  eventRetentionDays?: number | undefined;
  /**
   * Who a `sessionId` is (src/server/identity/): 'demo' (any non-empty id is its own borrower,
   * the default outside production), 'signed' (an HMAC-signed id with an expiry, key
   * `sessionKey`; the default in production), or the lender's own verifier.
   */
  identity?: 'demo' | 'signed' | VerifySession | undefined;
  /** The HMAC key of signed session ids (at least 32 characters). */
  sessionKey?: string | undefined;
  /** Complaint images one borrower may upload in 24 hours (default 30). */
  uploadsPerDay?: number | undefined;
  /** Uploaded images no complaint used are deleted once this old (default 24 hours). */
  orphanUploadAgeMs?: number | undefined;
  /** How often the clean-up (orphaned uploads, expired idempotency keys) runs; also once at start. */
  sweepIntervalMs?: number | undefined;
  /** The clock of schedules, sessions and the audit log (tests pass a controlled one). */
  now?: (() => Date) | undefined;
  /** A change needs a publisher other than its author (default true; false for a team of one). */
  fourEyes?: boolean | undefined;
  /** The studio and its API on their own port (main.ts listens there); absent: on the app's port. */
  studioPort?: number | undefined;
  /** Host names the studio answers to (DNS rebinding); default the loopback names. */
  studioHosts?: string[] | undefined;
  /** The studio cookie's Secure flag: 'auto' (when the request came over https), 'always', 'never'. */
  cookieSecure?: 'auto' | 'always' | 'never' | undefined;
  /** Key that signs preview links; '' = one generated once and kept in the database. */
  previewSecret?: string | undefined;
  /** How long a preview link works (minutes, default 60, at most MAX_PREVIEW_MINUTES). */
  previewMinutes?: number | undefined;
  /** The borrower-facing address, for preview links shown in a studio on another port ('' = same). */
  publicUrl?: string | undefined;
  /** How often each instance runs due schedules and checks for publications (ms, default 1000; 0 = never). */
  publishPollMs?: number | undefined;
  /** scrypt cost of new password hashes (log2 N; tests lower it). */
  passwordCost?: number | undefined;
  /** Production mode (NODE_ENV=production, ops/production.ts): secure defaults, required settings. */
  production?: boolean | undefined;
  /** Test hook: the process is killed right after a write on this route commits (idempotency/crash-hook.ts). */
  crashAfterCommit?: string | undefined;
  /** Which proxies' X-Forwarded-For to believe: a hop count or addresses/CIDRs (Fastify trustProxy). */
  trustProxy?: number | string | undefined;
}

export interface ResolvedConfig {
  db: DbTarget;
  dbSettings: DbSettings;
  dbRetry: RetrySettings;
  distDir: string;
  ssrModule: string;
  /** '' when the server's own routes answer the first draw's sources. */
  ssrUpstream: string;
  screensDir: string;
  uploadsDir: string;
  dev: boolean;
  printCodes: boolean;
  logLevel: 'silent' | 'warn' | 'info';
  seed: boolean;
  telephone: string;
  events: EventsConfig;
  identity: 'demo' | 'signed' | VerifySession;
  sessionKey: string;
  uploadsPerDay: number;
  orphanUploadAgeMs: number;
  sweepIntervalMs: number;
  production: boolean;
  /**
   * The demo's editor and publisher (accounts/demo.ts): seeded, printed and allowed to sign in only
   * by the demo server with its demo data (dev and seed on, never in production).
   */
  demoAccounts: boolean;
  now: () => Date;
  fourEyes: boolean;
  studioPort: number | null;
  studioHosts: string[];
  cookieSecure: 'auto' | 'always' | 'never';
  previewSecret: string;
  previewMinutes: number;
  publicUrl: string;
  publishPollMs: number;
  passwordCost: number | undefined;
  crashAfterCommit: string | null;
  /** Fastify's trustProxy: false, addresses/CIDRs, or (a hop count) the n proxies nearest. */
  trustProxy: string | false | ((address: string, hop: number) => boolean);
}

const HOUR_MS = 3_600_000;
/** The longest a preview link works (LENDER_PREVIEW_MINUTES above it is cut to it). */
export const MAX_PREVIEW_MINUTES = 24 * 60;
/** The names a server on this machine is reached by: the studio's default Host allowlist. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export function resolveConfig(o: ServerOptions = {}, cwd = process.cwd()): ResolvedConfig {
  const db: DbTarget = o.databaseUrl
    ? { kind: 'postgres', url: o.databaseUrl, schema: o.pgSchema }
    : {
        kind: 'sqlite',
        file: o.sqlitePath === ':memory:' ? ':memory:' : resolve(cwd, o.sqlitePath ?? 'data/lender.sqlite'),
      };
  return {
    db,
    dbSettings: { ...DEFAULT_DB_SETTINGS, ...definedOnly(o.db ?? {}) },
    dbRetry: { ...DEFAULT_DB_RETRY, ...definedOnly(o.dbRetry ?? {}) },
    distDir: resolve(cwd, o.distDir ?? 'dist'),
    ssrModule:
      o.ssrModule === ''
        ? ''
        : resolve(cwd, o.ssrModule ?? resolve(cwd, o.distDir ?? 'dist', '..', 'dist-ssr', 'render.mjs')),
    ssrUpstream: upstreamOf(o.ssrUpstream),
    screensDir: resolve(cwd, o.screensDir ?? 'screens'),
    uploadsDir: resolve(cwd, o.uploadsDir ?? 'data/uploads'),
    dev: o.dev ?? true,
    printCodes: o.printCodes ?? false,
    logLevel: o.logLevel ?? 'silent',
    seed: o.seed ?? true,
    telephone: o.telephone ?? '+63 2 8888 0000',
    events: eventsConfig(o.eventSecret, o.eventRetentionDays),
    // Production never guesses demo identities: signed ids, unless the lender's own check is given.
    identity: o.identity ?? (o.production ? 'signed' : 'demo'),
    sessionKey: o.sessionKey ?? '',
    uploadsPerDay: o.uploadsPerDay ?? 30,
    orphanUploadAgeMs: o.orphanUploadAgeMs ?? 24 * HOUR_MS,
    sweepIntervalMs: o.sweepIntervalMs ?? HOUR_MS,
    production: o.production ?? false,
    demoAccounts: (o.dev ?? true) && (o.seed ?? true) && !(o.production ?? false),
    now: o.now ?? (() => new Date()),
    fourEyes: o.fourEyes ?? true,
    studioPort: o.studioPort ?? null,
    studioHosts: o.studioHosts?.length ? o.studioHosts : LOOPBACK_HOSTS,
    // In production the studio's cookie is always Secure (ops/production.ts refuses to turn it off).
    cookieSecure: o.cookieSecure ?? (o.production ? 'always' : 'auto'),
    previewSecret: o.previewSecret ?? '',
    // At most a day: a preview link is for trying a draft on a phone, not a page (issue 28 item 7).
    previewMinutes: Math.min(o.previewMinutes ?? 60, MAX_PREVIEW_MINUTES),
    publicUrl: (o.publicUrl ?? '').replace(/\/+$/, ''),
    publishPollMs: o.publishPollMs ?? 1000,
    passwordCost: o.passwordCost,
    crashAfterCommit: o.crashAfterCommit || null,
    trustProxy: trustProxyOption(o.trustProxy),
  };
}

export const DEFAULT_DB_RETRY: RetrySettings = { firstMs: 500, maxMs: 30_000 };

/** The entries that are set: an option given as undefined keeps its default. */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A whole number ≥ 0 from the environment (0 is meaningful: no timeout), or undefined. */
function count(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** A positive number from the environment, or undefined (the default applies) when absent or not one. */
function positive(value: string | undefined, scale = 1): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n * scale : undefined;
}

/** A misspelt mode must stop the server, not quietly fall back to demo identities. */
function identityFromEnv(value: string | undefined): 'demo' | 'signed' | undefined {
  if (!value) return undefined;
  if (value === 'demo' || value === 'signed') return value;
  throw new Error(`LENDER_IDENTITY must be "demo" or "signed", not ${JSON.stringify(value)}`);
}

/** Options from the environment (main.ts). */
export function optionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): ServerOptions & { port: number; host: string } {
  const production = isProduction(env);
  // Production implies LENDER_DEV=0 (ops/production.ts refuses any other value there).
  const dev = !production && env.LENDER_DEV !== '0';
  return {
    port: Number(env.PORT ?? 8787),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    db: {
      poolSize: positive(env.LENDER_DB_POOL_SIZE),
      connectTimeoutMs: count(env.LENDER_DB_CONNECT_TIMEOUT_MS),
      queryTimeoutMs: count(env.LENDER_DB_QUERY_TIMEOUT_MS),
      idleTimeoutMs: count(env.LENDER_DB_IDLE_TIMEOUT_MS),
    },
    dbRetry: { firstMs: positive(env.LENDER_DB_RETRY_MS), maxMs: positive(env.LENDER_DB_RETRY_MAX_MS) },
    sqlitePath: env.SQLITE_PATH || undefined,
    distDir: env.DIST_DIR || undefined,
    ssrModule: env.LENDER_SSR_MODULE,
    ssrUpstream: env.LENDER_SSR_UPSTREAM || undefined,
    screensDir: env.SCREENS_DIR || undefined,
    uploadsDir: env.UPLOADS_DIR || undefined,
    eventSecret: env.LENDER_EVENT_SECRET || undefined,
    eventRetentionDays: env.LENDER_EVENT_RETENTION_DAYS ? Number(env.LENDER_EVENT_RETENTION_DAYS) : undefined,
    identity: identityFromEnv(env.LENDER_IDENTITY),
    sessionKey: env.LENDER_SESSION_KEY || undefined,
    uploadsPerDay: positive(env.LENDER_UPLOADS_PER_DAY),
    orphanUploadAgeMs: positive(env.LENDER_UPLOAD_ORPHAN_HOURS, HOUR_MS),
    sweepIntervalMs: positive(env.LENDER_SWEEP_MINUTES, 60_000),
    fourEyes:
      env.LENDER_FOUR_EYES === undefined ? undefined : !/^(0|false|no|off)$/i.test(env.LENDER_FOUR_EYES),
    studioPort: env.LENDER_STUDIO_PORT ? Number(env.LENDER_STUDIO_PORT) : undefined,
    studioHosts: env.LENDER_STUDIO_HOSTS
      ? env.LENDER_STUDIO_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : undefined,
    cookieSecure: cookieSecure(env.LENDER_COOKIE_SECURE),
    previewSecret: env.LENDER_PREVIEW_SECRET || undefined,
    previewMinutes: env.LENDER_PREVIEW_MINUTES ? Number(env.LENDER_PREVIEW_MINUTES) : undefined,
    publicUrl: env.LENDER_PUBLIC_URL || undefined,
    publishPollMs: env.LENDER_PUBLISH_POLL_MS ? Number(env.LENDER_PUBLISH_POLL_MS) : undefined,
    dev,
    // The console stands in for the SMS gateway in the demo only.
    printCodes: dev,
    logLevel: env.LENDER_LOG === '1' || (production && env.LENDER_LOG !== '0') ? 'info' : 'warn',
    seed: production ? env.LENDER_SEED_DEMO === '1' : env.LENDER_SEED_DEMO !== '0',
    production,
    // A test hook: never in production.
    crashAfterCommit: production ? undefined : env.LENDER_TEST_CRASH_AFTER_COMMIT || undefined,
    trustProxy: trustProxyOf(env.LENDER_TRUST_PROXY),
  };
}

function trustProxyOption(value: number | string | undefined): ResolvedConfig['trustProxy'] {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value || false;
}

/** LENDER_TRUST_PROXY: a hop count (`1`: the proxy in front) or addresses/CIDRs (`10.0.0.0/8,127.0.0.1`). */
function trustProxyOf(value: string | undefined): number | string | undefined {
  const v = value?.trim();
  if (!v || v === '0') return undefined;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** LENDER_COOKIE_SECURE: `auto` (default), `1` always, `0` never. */
export function cookieSecure(value: string | undefined): ResolvedConfig['cookieSecure'] | undefined {
  if (value === undefined || value === '' || value === 'auto') return undefined;
  return /^(1|true|yes|on|always)$/i.test(value) ? 'always' : 'never';
}
