import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

describe('divider block', () => {
  it('draws a separator line', () => {
    renderScreen(
      screenDoc([
        { type: 'text', text: 'a' },
        { type: 'divider', inset: true },
        { type: 'text', text: 'b' },
      ]),
    );
    const line = screen.getByRole('separator');
    expect(line.tagName).toBe('HR');
    expect(line.className).toContain('is-inset');
  });
});
