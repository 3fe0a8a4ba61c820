// Which errors mean "the database cannot do this right now" (issue 30), as opposed to a bug or a
// refused statement. One table for both engines: the server answers these with 503 and a message
// the borrower can act on, keeps running, retries them at start, and reports them in /readyz.

/** A fixed vocabulary: it goes into /readyz replies and log fields, never a host name or path. */
export type DbFaultKind =
  'unreachable' | 'timeout' | 'overloaded' | 'read-only' | 'disk-full' | 'locked' | 'io-error';

export interface DbFault {
  kind: DbFaultKind;
  /** The driver's own words, for the log (redacted there like every message). */
  detail: string;
}

/** What the operator reads in the log and in docs/deploy.md. */
export const FAULT_MEANING: Record<DbFaultKind, string> = {
  unreachable: 'the database cannot be reached or dropped the connection',
  timeout: 'the database did not answer in time',
  overloaded: 'the database refuses new connections (too many clients)',
  'read-only': 'the database refuses writes (a read-only file, or a standby after a failover)',
  'disk-full': "the database's disk is full",
  locked: 'the database file is locked by another process',
  'io-error': 'the database reported an input/output error',
};

/** Kinds where reads may still work: only a successful write shows they are over. */
export const WRITE_FAULTS: ReadonlySet<DbFaultKind> = new Set([
  'read-only',
  'disk-full',
  'locked',
  'io-error',
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

/** PostgreSQL SQLSTATEs (appendix A of its manual) that say the server, not the statement, failed. */
function postgresKind(code: string): DbFaultKind | null {
  if (code.startsWith('08')) return 'unreachable'; // connection exception
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable'; // shutdown, crash, starting up
  if (code === '53300') return 'overloaded'; // too_many_connections
  if (code === '53100') return 'disk-full';
  if (code === '57014') return 'timeout'; // query_canceled: our statement_timeout
  if (code === '25006') return 'read-only'; // read_only_sql_transaction: a standby
  return null;
}

function sqliteKind(code: string): DbFaultKind | null {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'locked';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code === 'SQLITE_FULL') return 'disk-full';
  if (code.startsWith('SQLITE_IOERR')) return 'io-error';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'unreachable';
  return null;
}

/** node-postgres and pg-pool errors that carry no code (pg 8.23's own messages). */
const DRIVER_MESSAGES: [RegExp, DbFaultKind][] = [
  [/^Connection terminated/, 'unreachable'],
  [/timeout exceeded when trying to connect/, 'timeout'],
  [/^Query read timeout$/, 'timeout'],
  [/is not queryable$/, 'unreachable'],
  [/^Postgres connection has been discarded$/, 'unreachable'],
  [/^Cannot use a pool after calling end on the pool$/, 'unreachable'],
];

/** The fault behind `error` (or the error it wraps), or null when it is anything else. */
export function dbFaultOf(error: unknown): DbFault | null {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 4; depth++) {
    if (e instanceof DbFaultError) return e.fault;
    const raw = (e as Error & { code?: unknown }).code;
    const code = typeof raw === 'string' ? raw : '';
    const message = e.message;
    const kind =
      (NETWORK_CODES.has(code) ? 'unreachable' : null) ||
      (/^[0-9A-Z]{5}$/.test(code) ? postgresKind(code) : null) ||
      (code.startsWith('SQLITE_') ? sqliteKind(code) : null) ||
      DRIVER_MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ||
      null;
    if (kind) return { kind, detail: message };
    // AggregateError (a connection tried on several addresses) and errors with a cause.
    e = (e as Error & { errors?: unknown[] }).errors?.[0] ?? e.cause;
  }
  return null;
}

/** The error a caller gets when it asks for something while the database has a fault. */
export class DbFaultError extends Error {
  constructor(readonly fault: DbFault) {
    super(`${FAULT_MEANING[fault.kind]}: ${fault.detail}`);
    this.name = 'DbFaultError';
  }

  /** What /readyz may say about it (ops/readiness.ts): the kind, never the detail. */
  get publicReason(): string {
    return this.fault.kind;
  }
}

/**
 * A background job's log (timers, listeners) that leaves database faults out: while the database
 * is down they would repeat every tick; db/health.ts logs the outage once when it begins and ends.
 */
export function unlessFault(
  log: (message: string, error?: unknown) => void,
): (message: string, error?: unknown) => void {
  return (message, error) => {
    if (!dbFaultOf(error)) log(message, error);
  };
}
