// @vitest-environment node
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server-process';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'lender-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The real entry point in its own process (tsx loaded in-process, so SIGKILL hits the server itself). */
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

async function saveComplaint(base: string, n: number): Promise<number | null> {
  const res = await fetch(`${base}/nepenthes/problem-save?sessionId=crash`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ problemType: '2', problemDetail: `complaint ${n}` }).toString(),
  });
  const body = (await res.json()) as { code: string; data: { problemId: number } };
  return body.code === '00' ? body.data.problemId : null;
}

describe('crash safety', () => {
  it('keeps every complaint that got a success reply across SIGKILL', async () => {
    const first = await start();
    const acked = new Map<number, string>();
    let n = 0;
    let killed = false;
    // Four writers in parallel; the kill lands while requests are in flight.
    const writer = async () => {
      while (!killed) {
        const i = n++;
        try {
          const id = await saveComplaint(first.base, i);
          if (id !== null) acked.set(id, `complaint ${i}`);
        } catch {
          return; // connection cut by the kill: that request was never acknowledged
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acked.size < 60) await new Promise((r) => setTimeout(r, 10));
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    killed = true;
    await Promise.all(writers);
    await exited;
    expect(acked.size).toBeGreaterThanOrEqual(60);

    const second = await start();
    try {
      const res = await fetch(`${second.base}/nepenthes/problem-list?sessionId=crash`, { method: 'POST' });
      const tabs = (
        (await res.json()) as { data: { tabs: Array<{ list: Array<{ id: number; content: string }> }> } }
      ).data.tabs;
      const stored = new Map((tabs[0]?.list ?? []).map((item) => [item.id, item.content]));
      for (const [id, content] of acked) expect(stored.get(id)).toBe(content);
    } finally {
      second.child.kill('SIGTERM');
    }
  }, 60_000);
});
