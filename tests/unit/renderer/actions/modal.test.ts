import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

const modals = {
  rating: { title: 'Please rate this service', body: [{ type: 'text', text: 'stars here' }] },
  thanks: {
    body: [{ type: 'text', text: 'Thank you' }],
    onClose: [{ do: 'toast', text: 'thanks closed' }],
  },
};

describe('openModal and closeModal actions', () => {
  it('opens a declared modal on the screen', async () => {
    renderScreen(doc([], { modals, onLoad: [{ do: 'openModal', id: 'rating' }] }));
    const dialog = await screen.findByRole('dialog', { name: 'Please rate this service' });
    expect(dialog.textContent).toContain('stars here');
  });

  it('opening an open modal does nothing', async () => {
    const h = harness({ modals });
    await h.run([
      { do: 'openModal', id: 'rating' },
      { do: 'openModal', id: 'thanks' },
      { do: 'openModal', id: 'rating' },
    ]);
    expect(h.state().modals).toEqual(['rating', 'thanks']);
  });

  it('an undeclared modal is reported and stops the sequence', async () => {
    const h = harness({ modals });
    const outcome = await h.run([
      { do: 'openModal', id: 'nope' },
      { do: 'toast', text: 'after' },
    ]);
    expect(outcome).toBe('stop');
    expect(h.state().modals).toEqual([]);
    expect(h.host.log.toasts).toEqual([]);
    expect(h.host.log.problems[0]).toMatchObject({ code: 'unknown-modal', blockPath: '/onLoad/0' });
  });

  // Issue 16 item 6: one popup at a time; the others wait in the order they were asked for.
  it('a modal opened while another shows waits its turn', async () => {
    const h = harness({ modals });
    await h.run([
      { do: 'openModal', id: 'rating' },
      { do: 'openModal', id: 'thanks' },
    ]);
    expect(h.state().modals).toEqual(['rating', 'thanks']);
    await h.run([{ do: 'closeModal' }]);
    expect(h.state().modals).toEqual(['thanks']);
    expect(h.host.log.toasts).toEqual([]);
  });

  it('closeModal without id closes the one showing and runs its onClose', async () => {
    const h = harness({ modals });
    await h.run([{ do: 'openModal', id: 'thanks' }, { do: 'openModal', id: 'rating' }, { do: 'closeModal' }]);
    expect(h.state().modals).toEqual(['rating']);
    expect(h.host.log.toasts).toEqual([{ text: 'thanks closed' }]);
  });

  it('closeModal by id takes a waiting one out of the queue, without its onClose; twice does nothing', async () => {
    const h = harness({ modals });
    await h.run([
      { do: 'openModal', id: 'rating' },
      { do: 'openModal', id: 'thanks' },
      { do: 'closeModal', id: 'thanks' },
      { do: 'closeModal', id: 'thanks' },
    ]);
    expect(h.state().modals).toEqual(['rating']);
    expect(h.host.log.toasts).toEqual([]);
    await h.run([{ do: 'closeModal' }, { do: 'closeModal' }]);
    expect(h.state().modals).toEqual([]);
  });

  it('closing removes the dialog from the screen', async () => {
    renderScreen(
      doc([], {
        modals,
        onLoad: [
          { do: 'openModal', id: 'thanks' },
          { do: 'delay', ms: 10 },
          { do: 'closeModal', id: 'thanks' },
        ],
      }),
    );
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
