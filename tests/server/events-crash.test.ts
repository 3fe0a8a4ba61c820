// @vitest-environment node
// The track endpoint loses nothing it acknowledged (issue 19): batches posted by several writers
// at once (so they share group commits), the server SIGKILLed mid-stream, and every event of every
// batch that got a 200 is in the database afterwards.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server-process';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'lender-events-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ child: ChildProcess; base: string }> {
  const server = await startServer({
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      SQLITE_PATH: join(dir, 'lender.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      SCREENS_DIR: join(dir, 'screens'),
      DIST_DIR: join(dir, 'dist'),
      LENDER_DEV: '0',
    },
  });
  children.push(server.child);
  return server;
}

const BATCH = 20;

async function sendBatch(base: string, batch: number): Promise<boolean> {
  const now = Date.now();
  const res = await fetch(`${base}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      sentAt: now,
      events: Array.from({ length: BATCH }, (_, i) => ({
        name: 'crash_probe',
        at: now,
        screen: 'loan-details',
        props: { batch, i },
      })),
    }),
  });
  return res.status === 200 && ((await res.json()) as { data: { accepted: number } }).data.accepted === BATCH;
}

describe('events crash safety', () => {
  it('keeps every event of every acknowledged batch across SIGKILL', async () => {
    const server = await start();
    const acked = new Set<number>();
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const batch = n++;
        try {
          if (await sendBatch(server.base, batch)) acked.add(batch);
        } catch {
          return; // cut by the kill: never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    while (acked.size < 150) await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await exited;

    const db = new Database(join(dir, 'lender.sqlite'));
    try {
      const rows = db.prepare("select props_json from track_events where name = 'crash_probe'").all() as {
        props_json: string;
      }[];
      const stored = new Map<number, number>();
      for (const row of rows) {
        const { batch } = JSON.parse(row.props_json) as { batch: number };
        stored.set(batch, (stored.get(batch) ?? 0) + 1);
      }
      for (const batch of acked) expect(stored.get(batch), `batch ${batch}`).toBe(BATCH);
      // Every batch is whole or absent: never half a batch.
      for (const count of stored.values()) expect(count).toBe(BATCH);
    } finally {
      db.close();
    }
  }, 60_000);
});
