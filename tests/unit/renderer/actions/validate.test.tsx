import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { harness } from './harness';

const registration = {
  do: 'validate',
  rules: [
    { value: { $: 'form.phone' }, pattern: '^1[3-9]\\d{9}$', message: '请正确输入手机号！' },
    { value: { $: 'form.capcode' }, required: true, message: '请正确输入图形验证码！' },
    { value: { $: 'form.smsCode' }, required: true, message: '请正确输入短信验证码！' },
  ],
};
const register = { do: 'call', api: 'promo', path: '/api/v2/youmi/promotion/register' };

const toasts = (h: ReturnType<typeof harness>) => h.host.log.toasts.map((t) => t.text);

describe('validate action', () => {
  it('toasts the first failing rule and stops the sequence: nothing is sent (D-16)', async () => {
    const h = harness({}, { initial: { form: { phone: '12345', capcode: '' } } });
    expect(await h.run([registration, register])).toBe('stop');
    expect(toasts(h)).toEqual(['请正确输入手机号！']);
    expect(h.host.log.calls).toEqual([]);
  });

  it('checks rules in order: a valid phone moves on to the captcha', async () => {
    const h = harness({}, { initial: { form: { phone: '13800138000', capcode: '  ' } } });
    await h.run([registration, register]);
    expect(toasts(h)).toEqual(['请正确输入图形验证码！']);
  });

  it('lets the sequence go on when every rule passes', async () => {
    const h = harness(
      {},
      { initial: { form: { phone: '13800138000', capcode: 'ab12', smsCode: '123456' } } },
    );
    expect(await h.run([registration, register])).toBe('done');
    expect(toasts(h)).toEqual([]);
    expect(h.host.log.calls).toHaveLength(1);
  });

  it('treats a missing value as empty text and a number as its text', async () => {
    const rules = (value: unknown) => [
      { do: 'validate', rules: [{ value, pattern: '^\\d{3}$', message: 'three digits' }] },
      { do: 'toast', text: 'ok' },
    ];
    const h = harness({}, { initial: { form: { n: 123 } } });
    await h.run(rules({ $: 'form.n' }));
    await h.run(rules({ $: 'form.missing' }));
    expect(toasts(h)).toEqual(['ok', 'three digits']);
  });

  it('checks minLength and maxLength in characters', async () => {
    const h = harness({}, { initial: { form: { code: '12345', text: '😀😀' } } });
    await h.run([
      { do: 'validate', rules: [{ value: { $: 'form.code' }, minLength: 6, message: 'at least 6' }] },
    ]);
    await h.run([
      { do: 'validate', rules: [{ value: { $: 'form.text' }, maxLength: 2, message: 'too long' }] },
      { do: 'toast', text: 'fits' },
    ]);
    expect(toasts(h)).toEqual(['at least 6', 'fits']);
  });

  it('skips a rule whose `when` is false', async () => {
    const h = harness({}, { initial: { form: { bank: '' }, ui: { cardType: 2 } } });
    await h.run([
      {
        do: 'validate',
        rules: [
          {
            value: { $: 'form.bank' },
            required: true,
            when: { '==': [{ $: 'ui.cardType' }, 1] },
            message: 'bank?',
          },
        ],
      },
      { do: 'toast', text: 'sent' },
    ]);
    expect(toasts(h)).toEqual(['sent']);
  });

  it('an invalid pattern fails the rule and is reported', async () => {
    const h = harness();
    const outcome = await h.run([
      { do: 'validate', rules: [{ value: 'x', pattern: '([a-z', message: 'Please check the field' }] },
    ]);
    expect(outcome).toBe('stop');
    expect(toasts(h)).toEqual(['Please check the field']);
    expect(h.host.log.problems).toEqual([
      expect.objectContaining({ code: 'invalid-pattern', blockPath: '/onLoad/0/rules/0' }),
    ]);
  });

  it('guards a complaint form: empty text shows the message and nothing is sent', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        { type: 'textarea', bind: 'form.problemDetail', label: 'Problem description', maxLength: 200 },
        {
          type: 'button',
          label: 'Send',
          onTap: [
            {
              do: 'validate',
              rules: [
                {
                  value: { $: 'form.problemDetail' },
                  required: true,
                  message: 'Please fill in your comments and suggestions',
                },
              ],
            },
            { do: 'call', api: 'complaint', path: '/nepenthes/problem-save' },
          ],
        },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(host.log.toasts.map((t) => t.text)).toEqual(['Please fill in your comments and suggestions']);
    expect(host.log.calls).toEqual([]);
    await user.type(screen.getByLabelText('Problem description'), 'Wrong amount');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(host.log.calls).toHaveLength(1);
  });
});
