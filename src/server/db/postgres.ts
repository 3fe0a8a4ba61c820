// The PostgreSQL pool (issue 30): bounded waits, every client error handled, a lost connection
// dropped and replaced, and named statements. node-postgres 8.23 / pg-pool 3.14.
import { PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { DbSettings } from './settings.js';
import type { DbHealth } from './health.js';

/** The client gives up a little after the server's statement_timeout, which normally answers first. */
const READ_TIMEOUT_MARGIN_MS = 2000;
/** Shown in pg_stat_activity, so an operator (and the fault test) can tell the server's connections. */
export const APPLICATION_NAME = 'lender-server';

export function postgresDialect(
  url: string,
  schema: string | undefined,
  settings: DbSettings,
  health: DbHealth,
): Dialect {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    // A peer that vanished (a failover, a cut network) is noticed on idle connections too.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: APPLICATION_NAME,
    ...(settings.queryTimeoutMs > 0
      ? {
          statement_timeout: settings.queryTimeoutMs,
          query_timeout: settings.queryTimeoutMs + READ_TIMEOUT_MARGIN_MS,
        }
      : {}),
    // A private schema (tests) is selected per connection, so every query stays unqualified.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server is removed by the pool, which then emits 'error': without
  // a listener that is an uncaught exception and the process exits (the bug of issue 30).
  pool.on('error', (error) => health.failed(error));
  pool.on('connect', (client) => {
    // A client in use gets the error through its query too; this keeps the event from throwing.
    // pg marks it unusable, and the pool drops it when it is released: the next one is new.
    client.on('error', (error) => health.failed(error));
    nameStatements(client);
  });
  return new PostgresDialect({ pool });
}

/** Queries worth preparing: the fixed shapes the repositories build (not migrations' DDL). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const MAX_NAMED = 500;
const statementNames = new Map<string, string>();

/** One name per SQL text for the process; a name is never given to other text (a connection may hold it). */
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED && PREPARABLE.test(sql)) {
    name = `q${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * The PostgreSQL counterpart of reusingStatements: pg parses and plans an unnamed query every
 * time; a named one is prepared once per connection, then only bound and executed. Kysely calls
 * query(text, values); that form gets its text's name. Past the bound, new texts run unnamed.
 * A query the client gave up on (query_timeout: no answer at all, a dead peer) may still be
 * running on the connection, so the connection is ended: the pool replaces it.
 */
function nameStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values)
        ? statementName(text)
        : undefined;
    const result = name ? query({ name, text, values }) : query(...args);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout')
          void client.end().catch(() => undefined);
      });
    return result;
  };
}
