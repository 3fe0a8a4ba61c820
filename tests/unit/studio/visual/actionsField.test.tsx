// Issue 25 item 3, a step added to a chain of actions: the "Add step" menu button lists the step
// kinds, each adding its step (two clicks, not a select, its option and a button), and works from
// the keyboard as a menu button does (WAI-ARIA APG): Enter opens it on the first kind, the arrows
// and a first letter move, Enter adds, Escape closes; the focus comes back to the button.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ActionsField } from '../../../../src/studio/visual/ActionsField';
import type { Path } from '../../../../src/studio/visual/model/textEdits';

function setup(value: unknown[]) {
  const writes: [Path, unknown][] = [];
  render(
    <ActionsField
      label="On tap"
      value={value}
      path={['onTap']}
      write={(path, v) => writes.push([path, v])}
      step={() => null}
    />,
  );
  const steps = screen.getByRole('list', { name: 'On tap steps' });
  const button = screen.getByRole('button', { name: 'Add step to On tap' });
  return { writes, steps, button };
}

/** The menu opens on the next frame (its items are drawn, then the focus moves). */
const frame = () => act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));

describe('ActionsField, Add step', () => {
  it('adds the kind clicked in the menu: a new chain written whole, then a step at its end', async () => {
    const user = userEvent.setup();
    const { writes, button } = setup([]);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await frame();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'On tap: step to add' });
    expect(menu.id).toBe(button.getAttribute('aria-controls'));
    await user.click(screen.getByRole('menuitem', { name: 'bridge' }));
    expect(writes).toEqual([[['onTap'], [{ do: 'bridge', name: 'goHome' }]]]);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('works from the keyboard: Enter opens on the first kind, a letter and the arrows move, Enter adds', async () => {
    const user = userEvent.setup();
    const { writes, button } = setup([{ do: 'back' }]);
    button.focus();
    await user.keyboard('{Enter}');
    await frame();
    const items = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[items.length - 1]);
    await user.keyboard('n');
    expect(document.activeElement?.textContent).toBe('navigate');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(writes).toEqual([]);
    await user.keyboard('{ArrowDown}');
    await frame();
    await user.keyboard('t{Enter}');
    expect(writes.length).toBe(1);
    expect(writes[0]?.[0]).toEqual(['onTap', 1]);
    expect((writes[0]?.[1] as { do: string }).do).toMatch(/^t/);
    expect(document.activeElement).toBe(button);
  });
});
