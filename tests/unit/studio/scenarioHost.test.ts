// The preview's host: calls answered from the scenario, everything else logged, nothing sent.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createToaster } from '../../../src/host/toast';
import { createScenarioHost } from '../../../src/studio/frame/scenarioHost';
import type { LogEntry, Scenario } from '../../../src/studio/shared/protocol';

const scenario: Scenario = {
  name: 'due',
  params: { orderId: 'ORD-1' },
  responses: {
    'v3 POST /v3/loan-details/loan-details': { ok: true, data: { orderStatus: 174 } },
    'v3 POST /v3/fail': { ok: false, message: 'Order not found' },
  },
  storage: { session: { showBankTip: '1' } },
};

function setup(s: Scenario | null = scenario) {
  const log: Omit<LogEntry, 'seq' | 'at'>[] = [];
  const toaster = createToaster();
  const toast = vi.spyOn(toaster, 'toast');
  const host = createScenarioHost({
    scenario: s,
    config: { ...DEFAULT_CONFIG },
    toaster,
    log: (e) => log.push(e),
  });
  return { host, log, toast };
}
const signal = new AbortController().signal;

describe('scenario host', () => {
  it('answers a call from the scenario and logs what was sent and answered', async () => {
    const { host, log } = setup();
    const result = await host.request(
      { api: 'v3', method: 'POST', path: '/v3/loan-details/loan-details', body: { orderId: 'ORD-1' } },
      signal,
    );
    expect(result).toEqual({ ok: true, data: { orderStatus: 174 } });
    expect(log).toEqual([
      {
        kind: 'call',
        summary: 'v3 POST /v3/loan-details/loan-details',
        detail: { sent: { body: { orderId: 'ORD-1' } }, reply: { ok: true, data: { orderStatus: 174 } } },
        failed: false,
      },
    ]);
  });

  it('fails a call the scenario does not answer, saying so, and toasts failures unless told not to', async () => {
    const { host, log, toast } = setup();
    const missing = await host.request({ api: 'v3', method: 'GET', path: '/v3/other' }, signal);
    expect(missing).toEqual({ ok: false, message: 'No scenario data for v3 GET /v3/other' });
    expect(log[0]).toMatchObject({ kind: 'call', failed: true });
    expect(toast).toHaveBeenCalledWith('No scenario data for v3 GET /v3/other');
    await host.request({ api: 'v3', method: 'POST', path: '/v3/fail' }, signal);
    expect(toast).toHaveBeenLastCalledWith('Order not found');
    toast.mockClear();
    await host.request({ api: 'v3', method: 'POST', path: '/v3/fail', toastFailure: false }, signal);
    expect(toast).not.toHaveBeenCalled();
    const none = setup(null);
    expect((await none.host.request({ api: 'v3', method: 'POST', path: '/v3/fail' }, signal)).ok).toBe(false);
  });

  it('logs bridge calls, navigations, toasts, copies and storage writes instead of doing them', async () => {
    const { host, log } = setup();
    await host.bridge('openPage', { url: 'x' });
    host.navigate('/repay', { query: { orderId: 'ORD-1', productId: 'P-1' } });
    host.back('/loan/details');
    host.toast('Saved');
    await host.clipboard('7700');
    expect(host.storage('session').getItem('showBankTip')).toBe('1');
    host.storage('local').setItem('repayInfo', '{}');
    host.storage('session').removeItem('showBankTip');
    expect(log.map((e) => `${e.kind}: ${e.summary}`)).toEqual([
      'bridge: openPage',
      'navigate: /repay?orderId=ORD-1&productId=P-1',
      'back: back (else /loan/details)',
      'toast: Saved',
      'copy: 7700',
      'storage: local set repayInfo = {}',
      'storage: session remove showBankTip',
    ]);
  });

  it('formats as the app does and passes native events to the screen', () => {
    const { host } = setup();
    expect(host.format('amount', 313500)).toBe('3135.00');
    const back = vi.fn();
    const off = host.onNativeEvent('back', back);
    host.emit('back');
    off();
    host.emit('back');
    expect(back).toHaveBeenCalledTimes(1);
  });
});
