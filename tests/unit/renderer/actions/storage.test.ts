import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { createFakeHost } from '../../../fixtures/fakeHost';
import { doc, harness } from './harness';

describe('storage action', () => {
  it('saves an object as JSON and reads it back as an object', async () => {
    const h = harness({}, { initial: { data: { payCode: 'PC1', repayAmount: 123456 } } });
    await h.run([
      {
        do: 'storage',
        scope: 'local',
        op: 'set',
        key: 'repayInfo',
        value: { obj: { payCode: { $: 'data.payCode' }, repayAmount: { $: 'data.repayAmount' } } },
      },
      { do: 'storage', scope: 'local', op: 'get', key: 'repayInfo', into: 'data.repay' },
    ]);
    expect(JSON.parse(h.host.storage('local').getItem('repayInfo')!)).toEqual({
      payCode: 'PC1',
      repayAmount: 123456,
    });
    expect(h.state().data.repay).toEqual({ payCode: 'PC1', repayAmount: 123456 });
  });

  it('keeps plain values as text: a long numeric pay code is not turned into a number', async () => {
    const h = harness();
    const code = '00123456789012345678901';
    await h.run([
      { do: 'storage', scope: 'session', op: 'set', key: 'code', value: code },
      { do: 'storage', scope: 'session', op: 'set', key: 'flag', value: 1 },
      { do: 'storage', scope: 'session', op: 'get', key: 'code', into: 'ui.code' },
      { do: 'storage', scope: 'session', op: 'get', key: 'flag', into: 'ui.flag' },
    ]);
    expect(h.state().ui).toEqual({ code, flag: '1' });
  });

  it('reads a missing key as null and corrupt JSON as null, without failing', async () => {
    const host = createFakeHost();
    host.storage('local').setItem('repayInfo', '{"payCode": "PC1", ');
    const { host: h } = renderScreen(
      doc([{ type: 'text', text: { t: 'info={data.info} none={data.none}' } }], {
        state: { data: { info: 'stale', none: 'stale' } },
        onLoad: [
          { do: 'storage', scope: 'local', op: 'get', key: 'repayInfo', into: 'data.info' },
          { do: 'storage', scope: 'local', op: 'get', key: 'missing', into: 'data.none' },
          { do: 'toast', text: { t: 'info={data.info} none={data.none}' } },
        ],
      }),
      { host },
    );
    await waitFor(() => expect(h.log.toasts).toEqual([{ text: 'info= none=' }]));
    expect(h.log.problems).toEqual([]);
  });

  it('keeps the scopes apart', async () => {
    const h = harness();
    await h.run([
      { do: 'storage', scope: 'session', op: 'set', key: 'showBankTip', value: '1' },
      { do: 'storage', scope: 'local', op: 'get', key: 'showBankTip', into: 'ui.local' },
      { do: 'storage', scope: 'session', op: 'get', key: 'showBankTip', into: 'ui.session' },
    ]);
    expect(h.state().ui).toEqual({ local: null, session: '1' });
  });

  it('removes a key, and setting null removes it too', async () => {
    const h = harness();
    const local = h.host.storage('local');
    local.setItem('a', 'x');
    local.setItem('b', 'y');
    await h.run([
      { do: 'storage', scope: 'local', op: 'remove', key: 'a' },
      { do: 'storage', scope: 'local', op: 'set', key: 'b', value: { $: 'data.missing' } },
    ]);
    expect(local.keys()).toEqual([]);
  });

  it('clearPrefix removes only the complaint keys (D-29)', async () => {
    const h = harness();
    const local = h.host.storage('local');
    local.setItem('complaint.draft', 'text');
    local.setItem('complaint.images', '[]');
    local.setItem('repayInfo', '{}');
    await h.run([{ do: 'storage', scope: 'local', op: 'clearPrefix', prefix: 'complaint.' }]);
    expect(local.keys()).toEqual(['repayInfo']);
  });

  it('clearPrefix without a prefix clears nothing', async () => {
    const h = harness();
    h.host.storage('local').setItem('repayInfo', '{}');
    await h.run([{ do: 'storage', scope: 'local', op: 'clearPrefix', prefix: '' }]);
    expect(h.host.storage('local').keys()).toEqual(['repayInfo']);
  });

  it('a failing storage is reported and the next actions still run', async () => {
    const h = harness();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
      keys: () => [],
    };
    h.host.storage = () => broken;
    const outcome = await h.run([
      { do: 'storage', scope: 'session', op: 'set', key: 'showBankTip', value: '1' },
      { do: 'storage', scope: 'session', op: 'get', key: 'showBankTip', into: 'ui.tip' },
      { do: 'navigate', to: '/repay' },
    ]);
    expect(outcome).toBe('done');
    expect(h.state().ui.tip).toBeNull();
    expect(h.host.log.navigations).toHaveLength(1);
    expect(h.host.log.problems).toEqual([
      expect.objectContaining({ code: 'storage-failed', message: 'QuotaExceededError' }),
    ]);
  });

  it('get into a non-writable path is reported and stops', async () => {
    const h = harness();
    const outcome = await h.run([
      { do: 'storage', scope: 'local', op: 'get', key: 'k', into: 'params.k' },
      { do: 'toast', text: 'after' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.state().params).toEqual({});
    expect(h.host.log.problems[0]!.code).toBe('bad-state-path');
  });
});
