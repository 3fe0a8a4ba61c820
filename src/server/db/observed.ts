// A Kysely dialect that reports every connection attempt and statement to a DbHealth (health.ts),
// whatever the engine: the queries themselves are the database's health check, so an outage is
// noticed by the first request that meets it and its end by the first that works.
import {
  PostgresDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { DbHealth } from './health.js';

const OBSERVED = Symbol('observed');
/** Statements after which data changed (or a write lock was had): they end a write fault. */
const WRITES = /^\s*(insert|update|delete|commit|with\b[\s\S]*\b(insert|update|delete)\b)/i;

class ObservedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly health: DbHealth,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let connection: DatabaseConnection & { [OBSERVED]?: true };
    try {
      connection = await this.inner.acquireConnection();
    } catch (error) {
      this.health.failed(error);
      throw error;
    }
    // The drivers keep one connection object per pooled client: wrap it once. The drivers' own
    // begin/commit/rollback go through executeQuery too, so a failed commit is seen as well.
    if (!connection[OBSERVED]) {
      const run = connection.executeQuery.bind(connection);
      const health = this.health;
      connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        try {
          const result = await run<R>(query);
          health.succeeded(WRITES.test(query.sql));
          return result;
        } catch (error) {
          health.failed(error);
          throw error;
        }
      };
      connection[OBSERVED] = true;
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  /**
   * A failed rollback must not hide why the transaction failed (Kysely throws the rollback's error
   * instead). It fails when SQLite already rolled back by itself (a full disk, an I/O error: "no
   * transaction is active"), and on PostgreSQL when the connection is gone, which the driver then
   * discards. Anything else (SQLite still inside the transaction) is thrown.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (error) {
      const gone = this.inner instanceof PostgresDriver || /no transaction is active/.test(String(error));
      if (!gone) throw error;
    }
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

export class ObservedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly health: DbHealth,
  ) {}

  createDriver(): Driver {
    return new ObservedDriver(this.inner.createDriver(), this.health);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
