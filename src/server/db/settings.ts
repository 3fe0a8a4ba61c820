// The PostgreSQL connection settings: a module of their own, below the connection and the pool.
/** How the server talks to PostgreSQL (docs/config.md, "Database connections"); SQLite ignores them. */
export interface DbSettings {
  /** Connections per instance (pg's `max`). */
  poolSize: number;
  /** How long a request waits for a connection (a new one, or a free one from the pool); 0 = forever. */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer (statement_timeout); 0 = never. */
  queryTimeoutMs: number;
  /** An idle connection is closed after this long (pg's idleTimeoutMillis), before a proxy cuts it. */
  idleTimeoutMs: number;
}

export const DEFAULT_DB_SETTINGS: DbSettings = {
  poolSize: 10,
  connectTimeoutMs: 5000,
  queryTimeoutMs: 15_000,
  idleTimeoutMs: 10_000,
};
