import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../../renderer/host';
import { deferred, flush, harness } from './harness';

const callInto = (path: string, into: string) => ({ do: 'call', api: 'nepenthes', path, into });

describe('parallel action', () => {
  it('starts every branch at once and goes on only when all have settled', async () => {
    const h = harness();
    const replies = new Map<string, ReturnType<typeof deferred<ApiResult>>>();
    h.host.respond = (call) => {
      const d = deferred<ApiResult>();
      replies.set(call.path, d);
      return d.promise;
    };
    const running = h.run([
      {
        do: 'parallel',
        branches: [
          [callInto('/nepenthes/problem-init', 'data.types')],
          [callInto('/nepenthes/problem-list', 'data.list')],
        ],
      },
      { do: 'toast', text: { t: '{data.types} {data.list}' } },
    ]);
    await flush();
    expect(h.host.log.calls.map((c) => c.path)).toEqual([
      '/nepenthes/problem-init',
      '/nepenthes/problem-list',
    ]);
    replies.get('/nepenthes/problem-list')!.resolve({ ok: true, data: 'L' });
    await flush();
    expect(h.host.log.toasts).toEqual([]);
    replies.get('/nepenthes/problem-init')!.resolve({ ok: true, data: 'T' });
    expect(await running).toBe('done');
    expect(h.host.log.toasts).toEqual([{ text: 'T L' }]);
  });

  it('waits for a slow branch even when another failed, then stops if any branch stopped', async () => {
    const h = harness();
    const slow = deferred<ApiResult>();
    h.host.respond = (call) => (call.path === '/slow' ? slow.promise : { ok: false });
    let settled = false;
    const running = h
      .run([
        {
          do: 'parallel',
          branches: [
            [{ do: 'call', api: 'v3', path: '/fast', else: [{ do: 'stop' }] }],
            [{ do: 'call', api: 'v3', path: '/slow', then: [{ do: 'toast', text: 'slow done' }] }],
          ],
        },
        { do: 'toast', text: 'after' },
      ])
      .then((o) => {
        settled = true;
        return o;
      });
    await flush();
    expect(settled).toBe(false);
    slow.resolve({ ok: true });
    expect(await running).toBe('stop');
    expect(h.host.log.toasts).toEqual([{ text: 'slow done' }]);
  });

  it('reports problems of a branch with its path', async () => {
    const h = harness();
    await h.run([{ do: 'parallel', branches: [[{ do: 'toast', text: 'a' }], [{ do: 'warp' }]] }]);
    expect(h.host.log.problems[0]).toMatchObject({
      code: 'unknown-action',
      blockPath: '/onLoad/0/branches/1/0',
    });
    expect(h.host.log.toasts).toEqual([{ text: 'a' }]);
  });
});
