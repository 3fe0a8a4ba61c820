// The same document on an engine one edition older: this engine made to report 1.0. A block that
// needs 1.1 shows its fallback; a 1.1 action runs its otherwise.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';

vi.mock('../../../../renderer/lang/version', async (actual) => ({
  ...(await actual<typeof import('../../../../renderer/lang/version')>()),
  ENGINE_VERSION: '1.0',
}));

describe('an engine older than the document', () => {
  it('shows the fallback of a block that needs the newer engine, and runs otherwise for an action', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([
        {
          type: 'text',
          text: 'Rate us with stars',
          requires: { engine: '1.1' },
          fallback: { type: 'text', text: 'Rate us in the store' },
        },
        { type: 'text', text: 'Anyone sees this', requires: { engine: '1.0' } },
        {
          type: 'button',
          label: 'Go',
          onTap: [
            {
              do: 'toast',
              text: 'new',
              requires: { engine: '1.1' },
              otherwise: [{ do: 'toast', text: 'old' }],
            },
          ],
        },
      ]),
    );
    expect(screen.getByText('Rate us in the store')).toBeTruthy();
    expect(screen.queryByText('Rate us with stars')).toBeNull();
    expect(screen.getByText('Anyone sees this')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await act(async () => undefined);
    expect(host.log.toasts).toEqual([{ text: 'old' }]);
  });
});
