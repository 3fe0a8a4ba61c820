// The panel's text box while the document comes back a render late: letters typed since are kept.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TextLike } from '../../../../src/studio/visual/fieldInputs';

describe('TextLike', () => {
  it('keeps the letters typed since when the document echoes an earlier keystroke', () => {
    const onText = vi.fn();
    const box = (value: string) => <TextLike id="t" kind="string" value={value} onText={onText} />;
    const { rerender } = render(box('Loan de'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Loan det' } });
    fireEvent.change(input, { target: { value: 'Loan deta' } });
    // The document catches up with the first keystroke only.
    rerender(box('Loan det'));
    expect(input.value).toBe('Loan deta');
    rerender(box('Loan deta'));
    expect(input.value).toBe('Loan deta');
    expect(onText).toHaveBeenLastCalledWith('Loan deta');
  });

  it('follows a change made elsewhere (an undo, the text editor)', () => {
    const box = (value: string) => <TextLike id="t" kind="string" value={value} onText={() => {}} />;
    const { rerender } = render(box('Order Details'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Loan' } });
    rerender(box('Loan'));
    rerender(box('Order Details'));
    expect(input.value).toBe('Order Details');
  });
});
