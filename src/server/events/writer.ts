import { createQueryId, type CompiledQuery } from 'kysely';
import type { Db } from '../db/schema.js';
import type { TrackRow } from './ingest.js';

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
] as const satisfies readonly (keyof TrackRow)[];

/** Rows per insert statement: a few fixed shapes, so each is compiled (and prepared) once. */
const CHUNKS = [64, 8, 1];
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

/**
 * Group commit. A commit costs a disk flush (SQLite: ~5 ms on this machine, so 200 commits a
 * second), far more than writing the rows; batches that arrive while one commit runs are written
 * together in the next, in one transaction, and each is answered when its commit returns.
 * Nothing is acknowledged before it is on disk, and a failed commit fails every batch in it.
 */
export function createEventWriter(db: Db): EventWriter {
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
    if (statements.length === 1) {
      await db.executeQuery(statements[0]!); // one statement is already atomic
      return;
    }
    await db.transaction().execute(async (trx) => {
      for (const statement of statements) await trx.executeQuery(statement);
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
    running = commit(group.flatMap((w) => w.rows)).then(
      () => group.forEach((w) => w.settle()),
      (error: unknown) => group.forEach((w) => w.settle(error)),
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
      while (running || waiting.length > 0) await (running ?? new Promise((r) => setImmediate(r)));
    },
  };
}
