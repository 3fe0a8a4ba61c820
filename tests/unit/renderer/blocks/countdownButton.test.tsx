import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ScreenDocument } from '../../../../renderer/types.gen';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const timers = { sms: { seconds: 60 } } as ScreenDocument['timers'];
const sendCode = {
  type: 'countdownButton',
  timer: 'sms',
  label: '获取验证码',
  countingLabel: { t: '{timers.sms.remaining}s' },
  lockedMessage: '请勿重复发送验证码!',
  onTap: [
    { do: 'call', api: 'promo', path: '/api/v2/youmi/promotion/get-sms', body: { phone: '13800138000' } },
    { do: 'countdown', timer: 'sms', op: 'start' },
  ],
};

const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('countdownButton block', () => {
  it('runs its actions when idle, then counts down each second', async () => {
    const { host } = renderScreen(screenDoc([sendCode], { timers }));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await tick(0);
    expect(host.log.calls).toHaveLength(1);
    expect(screen.getByRole('button', { name: '60s' }).getAttribute('aria-disabled')).toBe('true');
    await tick(3000);
    expect(screen.getByRole('button', { name: '57s' })).toBeTruthy();
  });

  it('while counting, a tap toasts the locked message and sends nothing', async () => {
    const { host } = renderScreen(screenDoc([sendCode], { timers }));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await tick(1000);
    fireEvent.click(screen.getByRole('button', { name: '59s' }));
    await tick(0);
    expect(host.log.calls).toHaveLength(1);
    expect(host.log.toasts.map((t) => t.text)).toEqual(['请勿重复发送验证码!']);
  });

  it('goes back to idle when the countdown ends, and can send again', async () => {
    const { host } = renderScreen(screenDoc([sendCode], { timers }));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await tick(60000);
    const idle = screen.getByRole('button', { name: '获取验证码' });
    expect(idle.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(idle);
    await tick(0);
    expect(host.log.calls).toHaveLength(2);
  });

  it('a failed validation in onTap leaves it idle', async () => {
    const { host } = renderScreen(
      screenDoc(
        [
          {
            ...sendCode,
            onTap: [
              { do: 'validate', rules: [{ value: { $: 'form.phone' }, required: true, message: 'phone?' }] },
              ...sendCode.onTap,
            ],
          },
        ],
        { timers },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await tick(2000);
    expect(host.log.calls).toHaveLength(0);
    expect(host.log.toasts.map((t) => t.text)).toEqual(['phone?']);
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });
});
