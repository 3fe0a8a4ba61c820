import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { qrPath } from '../../../../renderer/blocks/Qrcode';

const qr = { type: 'qrcode', value: { $: 'params.code' }, alt: 'Repayment QR code', size: 180 };

describe('qrcode block', () => {
  it('draws the QR code of the value as an svg with its alt text', async () => {
    renderScreen(screenDoc([qr]), { params: { code: 'PAY-0001' } });
    const svg = await screen.findByRole('img', { name: 'Repayment QR code' });
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg.getAttribute('width')).toBe('180');
    const expected = encode('PAY-0001', { ecc: 'M', border: 2 });
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`);
    expect(svg.querySelector('path')!.getAttribute('d')).toBe(qrPath(expected.data));
  });

  it('shows nothing while the value is missing', async () => {
    const { container } = renderScreen(screenDoc([qr, { type: 'text', text: 'after' }]));
    await screen.findByText('after');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('qrPath draws one unit square per dark module', () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  });
});
