import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { code128 } from '../../../../renderer/blocks/barcode/code128';

const barcode = { type: 'barcode', value: { $: 'params.code' }, alt: 'Payment barcode' };

describe('barcode block', () => {
  it('encodes CODE128: start C, the digit pairs, checksum and stop', () => {
    // "1234": Start C (105), 12, 34, checksum (105 + 12 + 2*34) % 103 = 82, Stop.
    const bars = code128('1234')!;
    expect(bars.modules).toBe(11 * 4 + 13);
    expect(bars.runs.slice(0, 3)).toEqual([
      [0, 2],
      [3, 1],
      [6, 3],
    ]);
    expect(code128('')).toBeNull();
    expect(code128('码')).toBeNull();
  });

  it('draws the bars as an svg with the readable code below', async () => {
    renderScreen(screenDoc([barcode]), { params: { code: '1234567890' } });
    const svg = await screen.findByRole('img', { name: 'Payment barcode' });
    expect(svg.querySelectorAll('rect').length).toBe(1 + code128('1234567890')!.runs.length);
    expect(screen.getByText('1234567890')).toBeTruthy();
  });

  it('shows only the text for a value CODE128 cannot hold, and nothing for no value', async () => {
    const { container, unmount } = renderScreen(screenDoc([barcode]), { params: { code: '付款' } });
    expect(await screen.findByText('付款')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
    unmount();
    const empty = renderScreen(screenDoc([barcode, { type: 'text', text: 'after' }]));
    await screen.findByText('after');
    expect(empty.container.querySelector('figure')).toBeNull();
  });
});
