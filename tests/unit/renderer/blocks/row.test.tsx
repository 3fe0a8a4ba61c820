import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

describe('row block', () => {
  it('places its children side by side, in order, with the asked spacing', () => {
    renderScreen(
      screenDoc([
        {
          type: 'row',
          justify: 'between',
          gap: 'lg',
          wrap: true,
          children: [
            { type: 'text', text: 'Total' },
            { type: 'text', text: '₱10.00' },
          ],
        },
      ]),
    );
    const row = screen.getByText('Total').parentElement!;
    expect([...row.children].map((c) => c.textContent)).toEqual(['Total', '₱10.00']);
    expect(row.className.split(' ')).toEqual(
      expect.arrayContaining(['blk-row', 'justify-between', 'gap-lg', 'align-center', 'is-wrap']),
    );
  });

  it('keeps its other children when one fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { host } = renderScreen(
      screenDoc([{ type: 'row', children: [{ type: 'nope' }, { type: 'text', text: 'kept' }] }]),
    );
    expect(screen.getByText('kept')).toBeTruthy();
    expect(host.log.problems).toHaveLength(1);
  });
});
