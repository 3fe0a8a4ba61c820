// Issue 25 item 4, the palette from the keyboard: Enter in the search adds the closest match (its
// type or title the words typed before one that merely mentions them), and the palette says which
// one before Enter is pressed; with nothing typed, Enter adds nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Palette } from '../../../../src/studio/visual/Palette';
import { bestMatch, searchPalette, type PaletteEntry } from '../../../../src/studio/visual/palette';

describe('bestMatch', () => {
  it('prefers a type or title equal to the words, then one starting with them, then the first shown', () => {
    // "text" is in many descriptions and titles; the Text block is the last of them shown.
    expect(bestMatch(searchPalette('text'), 'text')?.type).toBe('text');
    expect(bestMatch(searchPalette('button'), 'button')?.type).toBe('button');
    expect(bestMatch(searchPalette('hero'), 'hero')?.type).toBe('hero');
    expect(bestMatch(searchPalette('Head'), 'Head')?.type).toBe('hero');
    expect(bestMatch(searchPalette(''), '')).toBeNull();
    expect(bestMatch(searchPalette('zzzz'), 'zzzz')).toBeNull();
  });
});

describe('Palette', () => {
  function setup() {
    const added: [string, string][] = [];
    render(
      <Palette
        canInside
        canBeside
        onAdd={(e: PaletteEntry, where) => added.push([e.type, where])}
        onClose={() => {}}
      />,
    );
    return { added, search: screen.getByRole('searchbox', { name: 'Search blocks' }) };
  }

  it('adds the closest match on Enter, named under the search and marked in the list', async () => {
    const user = userEvent.setup();
    const { added, search } = setup();
    expect(document.activeElement).toBe(search);
    await user.keyboard('{Enter}');
    expect(added).toEqual([]);
    await user.keyboard('text');
    const said = document.getElementById(search.getAttribute('aria-describedby') ?? '');
    expect(said?.textContent).toBe('Enter adds “Text”');
    const marked = screen
      .getByRole('region', { name: 'Add a block' })
      .querySelectorAll('.studio-palette-best');
    expect([...marked].map((b) => b.querySelector('strong')?.firstChild?.textContent)).toEqual(['Text']);
    await user.keyboard('{Enter}');
    expect(added).toEqual([['text', 'after']]);
  });

  it('says nothing and adds nothing when no block matches', async () => {
    const user = userEvent.setup();
    const { added, search } = setup();
    await user.keyboard('zzzz{Enter}');
    expect(search.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByText('No block matches “zzzz”.')).toBeTruthy();
    expect(added).toEqual([]);
  });
});
