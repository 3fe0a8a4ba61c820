import { describe, expect, it } from 'vitest';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

describe('spacer block', () => {
  it('adds empty space of the asked size, hidden from screen readers', () => {
    const { container } = renderScreen(screenDoc([{ type: 'spacer', size: 'lg' }, { type: 'spacer' }]));
    const [lg, md] = container.querySelectorAll('.blk-spacer');
    expect(lg?.className).toContain('blk-spacer-lg');
    expect(md?.className).toContain('blk-spacer-md');
    expect(lg?.getAttribute('aria-hidden')).toBe('true');
    expect(lg?.textContent).toBe('');
  });
});
