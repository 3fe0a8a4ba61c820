import { createQueryId, sql, type CompiledQuery } from 'kysely';
import type { Db } from '../db/schema.js';
import type { TrackRow } from './ingest.js';
import { createWalSync } from './wal-sync.js';

const COLUMNS = [
  'day',
  'at',
  'name',
  'screen',
  'revision',
  'variant',
  'borrower',
  'label',
  'props_json',
  'source',
  'addr',
] as const satisfies readonly (keyof TrackRow)[];

/**
 * Rows per insert statement: a few fixed shapes, so each is compiled (and prepared) once. A batch
 * of 20 (the host's) is two statements (16 + 4), a group of five such batches four.
 */
const CHUNKS = [64, 16, 4, 1];
/** One commit takes at most this many rows; what arrives meanwhile goes in the next. */
const MAX_GROUP_ROWS = 4096;

interface Insert {
  query: CompiledQuery;
  /** For each parameter of the SQL: the row within the chunk and the column. */
  slots: (readonly [number, (typeof COLUMNS)[number]])[];
}

/** A multi-row insert of `n` rows, built by Kysely once with markers in place of the values. */
function compileInsert(db: Db, n: number): Insert {
  const rows = Array.from({ length: n }, (_, i) =>
    Object.fromEntries(COLUMNS.map((c) => [c, `\u0000${i}\u0000${c}`])),
  ) as unknown as TrackRow[];
  const query = db.insertInto('track_events').values(rows).compile();
  const slots = query.parameters.map((parameter) => {
    const [, row, column] = String(parameter).split('\u0000');
    if (column === undefined || !(COLUMNS as readonly string[]).includes(column))
      throw new Error(`events insert: unexpected parameter ${String(parameter)}`);
    return [Number(row), column as (typeof COLUMNS)[number]] as const;
  });
  return { query, slots };
}

interface Waiting {
  rows: TrackRow[];
  settle(error?: unknown): void;
}

export interface EventWriter {
  /** Resolves once the rows are committed (durable): only then may the batch be acknowledged. */
  write(rows: TrackRow[]): Promise<void>;
  /** Resolves when nothing is waiting or being written (shutdown). */
  idle(): Promise<void>;
}

export interface WriterOptions {
  /** A SQLite file's write-ahead log: commit without the flush, then flush it off the event loop. */
  walFile?: string;
  /** The flush of walFile (tests watch it); by default wal-sync.ts. */
  flush?: () => Promise<void>;
}

/**
 * Group commit. A disk flush (~5 ms on this machine: 200 a second) costs far more than writing
 * the rows; batches that arrive while one commit runs are written together in the next, in one
 * transaction. Nothing is acknowledged before it is on disk: each batch is answered when its
 * commit is flushed (PostgreSQL: at commit; SQLite: by wal-sync.ts, which lets the next group
 * commit while the flush runs). A failed commit fails every batch in it.
 */
export function createEventWriter(db: Db, options: WriterOptions = {}): EventWriter {
  const flushed = options.walFile
    ? (options.flush ?? createWalSync(options.walFile))
    : () => Promise.resolve();
  /** Groups committed or committing, not yet answered. */
  let unanswered = 0;
  const inserts = new Map<number, Insert>();
  const waiting: Waiting[] = [];
  let running: Promise<void> | null = null;
  let scheduled = false;

  const insertOf = (n: number): Insert => {
    let insert = inserts.get(n);
    if (!insert) inserts.set(n, (insert = compileInsert(db, n)));
    return insert;
  };

  async function commit(rows: TrackRow[]): Promise<void> {
    const statements: CompiledQuery[] = [];
    let at = 0;
    for (const size of CHUNKS) {
      while (rows.length - at >= size) {
        const chunk = rows.slice(at, (at += size));
        const { query, slots } = insertOf(size);
        const parameters = slots.map(([row, column]) => chunk[row]![column]);
        statements.push({ ...query, parameters, queryId: createQueryId() });
      }
    }
    const run = async (conn: Db) => {
      if (statements.length === 1) {
        await conn.executeQuery(statements[0]!); // one statement is already atomic
        return;
      }
      await conn.transaction().execute(async (trx) => {
        for (const statement of statements) await trx.executeQuery(statement);
      });
    };
    if (!options.walFile) return run(db);
    // The connection is held throughout, so no other write commits without its flush.
    await db.connection().execute(async (conn) => {
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        await run(conn);
      } finally {
        await sql`pragma synchronous = full`.execute(conn); // as db/connection.ts sets it
      }
    });
  }

  function take(): Waiting[] {
    let rows = 0;
    let n = 0;
    while (n < waiting.length && (n === 0 || rows + waiting[n]!.rows.length <= MAX_GROUP_ROWS))
      rows += waiting[n++]!.rows.length;
    return waiting.splice(0, n);
  }

  function drain(): void {
    scheduled = false;
    if (running || waiting.length === 0) return;
    const group = take();
    const committed = commit(group.flatMap((w) => w.rows));
    unanswered++;
    void committed
      .then(flushed)
      .then(
        () => group.forEach((w) => w.settle()),
        (error: unknown) => group.forEach((w) => w.settle(error)),
      )
      .finally(() => unanswered--);
    running = committed.then(
      () => undefined,
      () => undefined,
    );
    void running.finally(() => {
      running = null;
      schedule();
    });
  }

  function schedule(): void {
    if (scheduled || running || waiting.length === 0) return;
    scheduled = true;
    // After the I/O phase: every batch whose request arrived in this turn joins the commit.
    setImmediate(drain);
  }

  return {
    write(rows) {
      if (rows.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiting.push({ rows, settle: (error) => (error === undefined ? resolve() : reject(error)) });
        schedule();
      });
    },
    async idle() {
      while (running || waiting.length > 0 || unanswered > 0)
        await (running ?? new Promise((r) => setTimeout(r, 1)));
    },
  };
}
