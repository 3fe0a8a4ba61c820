import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import type { ApiResult } from '../../../../renderer/host';

function deferred() {
  let resolve!: (r: ApiResult) => void;
  const promise = new Promise<ApiResult>((r) => (resolve = r));
  return { promise, resolve };
}

const pay = { do: 'call', api: 'v3', path: '/v3/loan-details/generate-vcode' };

describe('button block', () => {
  it('runs its actions once on a double tap while busy, and works again after', async () => {
    const user = userEvent.setup();
    let pending = deferred();
    const { host } = renderScreen(screenDoc([{ type: 'button', label: 'Payment', onTap: [pay] }]), {
      respond: () => pending.promise,
    });
    const button = screen.getByRole('button', { name: 'Payment' });
    await user.click(button);
    await user.click(button);
    expect(host.log.calls).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBe('true');

    await act(async () => pending.resolve({ ok: true, data: {} }));
    expect(button.getAttribute('aria-busy')).toBeNull();
    pending = deferred();
    await user.click(button);
    expect(host.log.calls).toHaveLength(2);
  });

  it('with allowRepeat, a second tap runs the actions again', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const { host } = renderScreen(
      screenDoc([{ type: 'button', label: 'Copy', allowRepeat: true, onTap: [pay] }]),
      { respond: () => pending.promise },
    );
    const button = screen.getByRole('button', { name: 'Copy' });
    await user.click(button);
    await user.click(button);
    expect(host.log.calls).toHaveLength(2);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('a disabled button is inactive and does nothing', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        {
          type: 'button',
          label: 'Go Loan >',
          disabled: { not: { $: 'params.agreed' } },
          onTap: [{ do: 'toast', text: 'going' }],
        },
      ]),
      { params: { agreed: false } },
    );
    const button = screen.getByRole('button', { name: 'Go Loan >' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(host.log.toasts).toEqual([]);
  });

  it('shows a hint above the button and the label from state as text', async () => {
    renderScreen(
      screenDoc([
        { type: 'button', label: { $: 'params.label' }, hint: 'Short of money?', variant: 'outline' },
      ]),
      { params: { label: '<b>Borrow</b>' } },
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('<b>Borrow</b>');
    expect(button.querySelector('b')).toBeNull();
    const hint = screen.getByText('Short of money?');
    expect(hint.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is a native button that does not submit forms', () => {
    renderScreen(screenDoc([{ type: 'button', label: 'Next' }]));
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('type')).toBe('button');
  });
});

describe('a block of its own colour (issue 25)', () => {
  it('a button and a hero draw with their colour as the brand colour; anything but #RRGGBB is ignored', () => {
    renderScreen(
      screenDoc([
        { type: 'button', label: 'Green', color: '#0B6E4F' },
        { type: 'hero', title: 'Offer', color: '#123456' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Green' }).style.getPropertyValue('--brand')).toBe('#0B6E4F');
    expect(
      (
        screen.getByRole('heading', { name: 'Offer' }).closest('.blk-hero') as HTMLElement
      ).style.getPropertyValue('--brand'),
    ).toBe('#123456');
  });

  it('a value the schema would refuse never reaches the style (a url() would load a picture)', async () => {
    const { brandStyle } = await import('../../../../renderer/style');
    expect(brandStyle('url(https://evil.example/x.png)')).toBeUndefined();
    expect(brandStyle('#0B6E4F; background: red')).toBeUndefined();
    expect(brandStyle('#0b6e4f')).toEqual({ '--brand': '#0b6e4f' });
  });
});
