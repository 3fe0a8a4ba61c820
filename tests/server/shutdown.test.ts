// @vitest-environment node
// Graceful shutdown of the built server (ops/shutdown.ts): on SIGTERM readiness turns false while
// the server still answers, then the listener closes, a request in flight finishes, and the
// process exits 0; a request that never finishes cannot hold the process past its deadline.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers.js';
import { buildOnce, startBuilt, type Built } from './process-helpers.js';

let built: Built;
beforeAll(async () => {
  built = await buildOnce();
}, 60_000);
afterAll(() => built?.remove());

/** A complaint save whose body is sent in two parts, so it is in flight until `finish()`. */
function slowSave(base: string) {
  const body = new URLSearchParams({ problemType: '2', problemDetail: 'sent across a shutdown' }).toString();
  const half = Math.floor(body.length / 2);
  let req!: ClientRequest;
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = httpRequest(
      `${base}/nepenthes/problem-save?sessionId=shutdown`,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { reply, finish: () => req.end(body.slice(half)), abort: () => req.destroy() };
}

/** Whether a new connection is refused now (ECONNREFUSED), rather than answered. */
async function refused(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

describe.each(backends)('SIGTERM (%s)', (backend) => {
  it('drains, closes the port, finishes the request in flight and exits 0', async () => {
    const server = await startBuilt(built.entry, {
      backend,
      // A pause far longer than the test: the second signal ends it, so nothing hangs on timing.
      env: { LENDER_LOG: '1', LENDER_DRAIN_MS: '600000', LENDER_SHUTDOWN_TIMEOUT_MS: '120000' },
    });
    try {
      const inFlight = slowSave(server.base);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);

      server.child.kill('SIGTERM');
      await server.waitFor('shutdown: draining');
      // Draining: balancers see "not ready", while the instance still answers.
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { status: string }).status).toBe('draining');
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

      // The second signal ends the pause: the listener closes.
      server.child.kill('SIGTERM');
      await server.waitFor('shutdown: closing the listener');
      let closed = false;
      for (let i = 0; i < 100 && !closed; i++) {
        closed = await refused(server.base);
        if (!closed) await new Promise((r) => setTimeout(r, 100));
      }
      expect(closed, 'new connections are refused once the listener closed').toBe(true);
      expect(server.child.exitCode, 'the request in flight keeps the process up').toBeNull();

      inFlight.finish();
      const reply = await inFlight.reply;
      expect(reply.status).toBe(200);
      expect((JSON.parse(reply.body) as { code: string }).code).toBe('00');

      expect(await server.exited).toBe(0);
      expect(server.stdout()).toContain('shutdown: done');
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('the shutdown deadline', () => {
  it('exits (code 1) when a request never finishes', async () => {
    const server = await startBuilt(built.entry, {
      env: { LENDER_LOG: '1', LENDER_DRAIN_MS: '0', LENDER_SHUTDOWN_TIMEOUT_MS: '1000' },
    });
    const stuck = slowSave(server.base);
    stuck.reply.catch(() => {}); // cut off by the exit
    try {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.stdout()).toContain('shutdown: deadline passed');
    } finally {
      stuck.abort();
      await server.stop();
    }
  }, 60_000);
});
