// The promotion landing documents with a fake host (spec §7.3, §8; checklist D-22): what only the
// app's analytics see (the conversion event) and the code branches, for both templates.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiCall, ApiResult } from '../../../renderer/host';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { createFakeHost } from '../../fixtures/fakeHost';
import { renderScreen } from '../../fixtures/renderScreen';

import { screenFiles } from '../robustness/mutate';

// The templates as the server serves them: variants of parts/promo-landing, expanded.
const DOCS = new Map(screenFiles().map((f) => [f.name.replace(/\.json$/, ''), f.doc]));
const load = (id: string) => DOCS.get(id) as unknown as ScreenDocument;

const CONFIG = { apiBase: '/api/v2/youmi/', appCode: 'pesoquick', appName: 'PesoQuick', lenderName: 'L' };

/** The reference server's happy answers, with the register reply chosen by the test. */
function server(register: ApiResult) {
  return (call: ApiCall): ApiResult => {
    if (call.path.endsWith('channel-template'))
      return {
        ok: true,
        code: '00',
        data: { id: 1, config: { title: 'T', buttonText: 'Apply now', downloadId: 7 } },
      };
    if (call.path.endsWith('get-sid')) return { ok: true, code: '0', data: { sid: 'SID1' } };
    if (call.path.endsWith('register')) return register;
    return { ok: true, code: 0, data: {} };
  };
}

async function apply(id: string, params: Record<string, unknown>, register: ApiResult, phone: string) {
  const host = createFakeHost(server(register), CONFIG);
  renderScreen(load(id), { host, params });
  await screen.findByAltText(/图形验证码|Picture code/);
  const [phoneField, captcha, sms] = screen.getAllByRole('textbox');
  await userEvent.type(phoneField!, phone);
  await userEvent.type(captcha!, 'AB12');
  await userEvent.type(sms!, '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Apply now' }));
  await act(async () => {});
  return host;
}

describe.each([
  ['promo-landing-classic', '13912345678'],
  ['promo-landing-bold', '09171234567'],
])('%s', (id, phone) => {
  it('D-22: a uc parameter fires the conversion event after register code 0, then the download page', async () => {
    const host = await apply(id, { id: '1', uc: 'UC-1', user_from: 'fb' }, { ok: true, code: 0 }, phone);
    await waitFor(() => expect(host.log.navigations).toHaveLength(1));
    expect(host.log.tracked).toEqual([
      { event: 'promo_apply_tap' },
      { event: 'promo_register_conversion', payload: { uc: 'UC-1', id: '1', user_from: 'fb' } },
    ]);
    expect(host.log.toasts.map((t) => t.text)).toEqual(['注册成功']);
    expect(host.log.navigations[0]).toMatchObject({
      to: '/promo/#/download',
      query: { down_id: 7, id: '1' },
    });
  });

  it('without uc no conversion is tracked (the apply tap is, issue 19)', async () => {
    const host = await apply(id, { id: '1' }, { ok: true, code: 0 }, phone);
    await waitFor(() => expect(host.log.navigations).toHaveLength(1));
    expect(host.log.tracked).toEqual([{ event: 'promo_apply_tap' }]);
  });

  it('a failed register never fires the conversion, and a network failure adds no toast of its own', async () => {
    const host = await apply(
      id,
      { id: '1', uc: 'UC-1' },
      { ok: false, network: true, message: 'error' },
      phone,
    );
    await waitFor(() => expect(host.log.calls.some((c) => c.path.endsWith('register'))).toBe(true));
    expect(host.log.tracked).toEqual([{ event: 'promo_apply_tap' }]);
    // The host toasts 'error' for the promo family (ruling 2); the document says nothing more.
    expect(host.log.toasts).toEqual([]);
    expect(host.log.navigations).toEqual([]);
  });

  // Issue 16 item 4: `??` keeps "", so the payload of §3 always has invite_code.
  it('S2.1-19: register sends invite_code even when the link has none (an empty text)', async () => {
    const host = await apply(id, { id: '1' }, { ok: true, code: 0 }, phone);
    await waitFor(() => expect(host.log.calls.some((c) => c.path.endsWith('register'))).toBe(true));
    const body = host.log.calls.find((c) => c.path.endsWith('register'))!.body!;
    expect(body).toHaveProperty('invite_code', '');
    // The template's empty fields still fall back (or, not ??): appName is the configured code.
    expect(body.appName).toBe('pesoquick');
  });
});
