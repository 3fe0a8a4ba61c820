// @vitest-environment node
// The event writer on a SQLite file (issue 19): a batch is answered only after the write-ahead
// log has been flushed by an fsync that started after its commit; the connection goes back to
// synchronous = FULL for every other write; flushes are shared by the batches that wait for them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { toRows } from '../../src/server/events/ingest.js';
import { createWalSync } from '../../src/server/events/wal-sync.js';
import { createEventWriter } from '../../src/server/events/writer.js';

const NOW = Date.now();
const rows = (name: string, n = 3) =>
  toRows({ events: Array.from({ length: n }, () => ({ name, at: NOW })) }, 'k', NOW, new Set()).rows;

/** A flush the test completes by hand. */
function manualFlush() {
  const started: (() => void)[] = [];
  const flush = () => new Promise<void>((resolve) => started.push(resolve));
  return { flush, started };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('the event writer on a SQLite file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lender-writer-'));
  let handle: DbHandle;
  beforeAll(async () => {
    handle = openDb({ kind: 'sqlite', file: join(dir, 'db.sqlite') });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (name: string) =>
    (await handle.db.selectFrom('track_events').select('id').where('name', '=', name).execute()).length;

  it('answers only after the flush that follows the commit, and leaves the connection at FULL', async () => {
    const { flush, started } = manualFlush();
    const writer = createEventWriter(handle.db, { walFile: join(dir, 'db.sqlite-wal'), flush });
    let answered = false;
    const done = writer.write(rows('a')).then(() => (answered = true));
    await tick();
    expect(await count('a')).toBe(3); // committed (visible)...
    expect(answered).toBe(false); // ...but not yet answered
    expect(started).toHaveLength(1);
    started[0]!();
    await done;
    const [{ synchronous }] = (await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db))
      .rows as [{ synchronous: number }];
    expect(synchronous).toBe(2); // FULL, as db/connection.ts opened it
  });

  it('a flush already under way does not answer a batch committed after it started', async () => {
    let flushes = 0;
    const gates: (() => void)[] = [];
    const sync = createWalSync('unused', () => {
      flushes++;
      return new Promise<void>((resolve) => gates.push(resolve));
    });
    const first = sync();
    let secondDone = false;
    let thirdDone = false;
    const second = sync().then(() => (secondDone = true));
    const third = sync().then(() => (thirdDone = true));
    expect(flushes).toBe(1);
    gates[0]!();
    await first;
    await tick();
    expect(secondDone).toBe(false);
    // One more flush, shared by both that asked while the first ran.
    expect(flushes).toBe(2);
    gates[1]!();
    await Promise.all([second, third]);
    expect(secondDone && thirdDone).toBe(true);
    expect(flushes).toBe(2);
  });

  it('the real flush works on the real WAL file', async () => {
    const writer = createEventWriter(handle.db, { walFile: join(dir, 'db.sqlite-wal') });
    await Promise.all([writer.write(rows('b')), writer.write(rows('c', 5))]);
    expect(await count('b')).toBe(3);
    expect(await count('c')).toBe(5);
    await writer.idle();
  });
});
