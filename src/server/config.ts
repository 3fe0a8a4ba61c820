import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { DbTarget } from './db/connection.js';
import { isProduction } from './ops/production.js';

export interface ServerOptions {
  /** PostgreSQL URL; when absent SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:' (tests). Default data/lender.sqlite. */
  sqlitePath?: string | undefined;
  /** Private PostgreSQL schema (tests share one database). */
  pgSchema?: string | undefined;
  /** Built app (vite output). Missing directory = API-only server with a placeholder page. */
  distDir?: string | undefined;
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
  /** Where the screen studio keeps earlier versions of saved screens. Default data/screen-history. */
  screenHistoryDir?: string | undefined;
  /** The secret the studio's save endpoint demands (X-Studio-Token); random per start when absent. */
  studioToken?: string | undefined;
  /** Production mode (NODE_ENV=production, ops/production.ts): secure defaults, required settings. */
  production?: boolean | undefined;
  /** Which proxies' X-Forwarded-For to believe: a hop count or addresses/CIDRs (Fastify trustProxy). */
  trustProxy?: number | string | undefined;
}

export interface ResolvedConfig {
  db: DbTarget;
  distDir: string;
  screensDir: string;
  uploadsDir: string;
  dev: boolean;
  printCodes: boolean;
  logLevel: 'silent' | 'warn' | 'info';
  seed: boolean;
  telephone: string;
  screenHistoryDir: string;
  studioToken: string;
  production: boolean;
  /** Fastify's trustProxy: false, addresses/CIDRs, or (a hop count) the n proxies nearest. */
  trustProxy: string | false | ((address: string, hop: number) => boolean);
}

export function resolveConfig(o: ServerOptions = {}, cwd = process.cwd()): ResolvedConfig {
  const db: DbTarget = o.databaseUrl
    ? { kind: 'postgres', url: o.databaseUrl, schema: o.pgSchema }
    : {
        kind: 'sqlite',
        file: o.sqlitePath === ':memory:' ? ':memory:' : resolve(cwd, o.sqlitePath ?? 'data/lender.sqlite'),
      };
  return {
    db,
    distDir: resolve(cwd, o.distDir ?? 'dist'),
    screensDir: resolve(cwd, o.screensDir ?? 'screens'),
    uploadsDir: resolve(cwd, o.uploadsDir ?? 'data/uploads'),
    dev: o.dev ?? true,
    printCodes: o.printCodes ?? false,
    logLevel: o.logLevel ?? 'silent',
    seed: o.seed ?? true,
    telephone: o.telephone ?? '+63 2 8888 0000',
    screenHistoryDir: resolve(cwd, o.screenHistoryDir ?? 'data/screen-history'),
    studioToken: o.studioToken || randomBytes(24).toString('base64url'),
    production: o.production ?? false,
    trustProxy: trustProxyOption(o.trustProxy),
  };
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
    sqlitePath: env.SQLITE_PATH || undefined,
    distDir: env.DIST_DIR || undefined,
    screensDir: env.SCREENS_DIR || undefined,
    uploadsDir: env.UPLOADS_DIR || undefined,
    screenHistoryDir: env.SCREEN_HISTORY_DIR || undefined,
    studioToken: env.LENDER_STUDIO_TOKEN || undefined,
    dev,
    // The console stands in for the SMS gateway in the demo only.
    printCodes: dev,
    logLevel: env.LENDER_LOG === '1' || (production && env.LENDER_LOG !== '0') ? 'info' : 'warn',
    seed: production ? env.LENDER_SEED_DEMO === '1' : env.LENDER_SEED_DEMO !== '0',
    production,
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
