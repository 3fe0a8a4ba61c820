import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

describe('column block', () => {
  it('stacks its children, and grows to fill a row cell when asked', () => {
    renderScreen(
      screenDoc([
        {
          type: 'row',
          children: [
            { type: 'text', text: 'logo' },
            {
              type: 'column',
              grow: true,
              gap: 'sm',
              children: [
                { type: 'text', text: 'Cash Plus' },
                { type: 'text', text: 'Overdue' },
              ],
            },
          ],
        },
      ]),
    );
    const column = screen.getByText('Cash Plus').parentElement!;
    expect([...column.children].map((c) => c.textContent)).toEqual(['Cash Plus', 'Overdue']);
    expect(column.className.split(' ')).toEqual(expect.arrayContaining(['blk-column', 'is-grow', 'gap-sm']));
  });
});
