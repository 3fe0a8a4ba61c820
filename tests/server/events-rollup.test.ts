// @vitest-environment node
// Old raw events become daily aggregates (issue 19): counted once even when several instances
// run the rollup at the same moment, recent days untouched, raw rows of rolled days gone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/connection.js';
import { manilaDay, toRows } from '../../src/server/events/ingest.js';
import { rollUp } from '../../src/server/events/rollup.js';
import { createEventWriter } from '../../src/server/events/writer.js';
import { backends, startServer, type TestServer } from './helpers.js';

const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-06-30T04:00:00Z');
const RETENTION = 30;

describe.each(backends)('the daily rollup (%s)', (backend) => {
  let s: TestServer;
  let second: DbHandle;
  const dir = mkdtempSync(join(tmpdir(), 'lender-rollup-'));
  beforeAll(async () => {
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    // A file (SQLite) or a schema (PostgreSQL) that a second handle can open: two instances.
    s = await startServer(
      backend,
      backend === 'sqlite' ? { sqlitePath: join(dir, 'db.sqlite') } : { pgSchema: schema },
    );
    second = openDb(
      backend === 'sqlite'
        ? { kind: 'sqlite', file: join(dir, 'db.sqlite') }
        : { kind: 'postgres', url: process.env.DATABASE_URL!, schema },
    );
  });
  afterAll(async () => {
    await second.close();
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Writes `n` events of `name` by `borrowers` distinct borrowers, `daysAgo` days before NOW. */
  async function seed(
    daysAgo: number,
    name: string,
    n: number,
    borrowers: number,
    variant = '',
    source = 'page',
  ) {
    const writer = createEventWriter(s.app.db);
    const at = NOW - daysAgo * DAY;
    for (let i = 0; i < n; i++) {
      const { rows } = toRows(
        { events: [{ name, at, screen: 'promo-landing-bold', revision: 'r7', variant }] },
        `borrower-${i % borrowers}`,
        at,
        new Set(),
      );
      await writer.write(rows.map((row) => ({ ...row, source })));
    }
  }

  it('rolls up days past the retention once, across two instances running at the same time', async () => {
    await seed(45, 'screen_view', 12, 5, 'exp1:a');
    await seed(45, 'screen_view', 6, 6, 'exp1:b');
    await seed(45, 'promo_register_conversion', 3, 2, 'exp1:a', 'server');
    // A page's claim of a goal the server records itself is not counted in the aggregates.
    await seed(45, 'promo_register_conversion', 4, 4, 'exp1:a', 'page');
    await seed(40, 'screen_view', 4, 4);
    await seed(3, 'screen_view', 9, 3); // within the retention: stays raw

    // PostgreSQL: truly at once. SQLite: one after the other (better-sqlite3 would wait for its own
    // lock inside one process; separate processes wait for each other through busy_timeout).
    const [a, b] =
      backend === 'postgres'
        ? await Promise.all([rollUp(s.app.db, RETENTION, NOW), rollUp(second.db, RETENTION, NOW)])
        : [await rollUp(s.app.db, RETENTION, NOW), await rollUp(second.db, RETENTION, NOW)];
    const old = manilaDay(NOW - 45 * DAY);
    const older = manilaDay(NOW - 40 * DAY);
    expect([...a, ...b].sort()).toEqual([old, older]);

    const daily = await s.app.db
      .selectFrom('track_daily')
      .select(['day', 'name', 'variant', 'events', 'borrowers'])
      .orderBy('day')
      .orderBy('name')
      .orderBy('variant')
      .execute();
    expect(daily.map((r) => ({ ...r, events: Number(r.events), borrowers: Number(r.borrowers) }))).toEqual([
      { day: old, name: 'promo_register_conversion', variant: 'exp1:a', events: 3, borrowers: 2 },
      { day: old, name: 'screen_view', variant: 'exp1:a', events: 12, borrowers: 5 },
      { day: old, name: 'screen_view', variant: 'exp1:b', events: 6, borrowers: 6 },
      { day: older, name: 'screen_view', variant: '', events: 4, borrowers: 4 },
    ]);
    const raw = await s.app.db.selectFrom('track_events').select('day').execute();
    expect(raw.map((r) => r.day)).toEqual(Array(9).fill(manilaDay(NOW - 3 * DAY)));
    const marks = await s.app.db
      .selectFrom('track_rollups')
      .select(['day', 'events'])
      .orderBy('day')
      .execute();
    expect(marks.map((m) => [m.day, Number(m.events)])).toEqual([
      [old, 25],
      [older, 4],
    ]);

    // Running again changes nothing.
    expect(await rollUp(s.app.db, RETENTION, NOW)).toEqual([]);
    expect(await s.app.db.selectFrom('track_daily').select('day').execute()).toHaveLength(4);
  });
});
