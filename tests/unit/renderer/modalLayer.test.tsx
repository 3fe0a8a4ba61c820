// Popups as a borrower meets them (issue 16 items 6 and 12; S2.20-19..26): one at a time, focus
// moves in and stays, Escape and the Android back button close a closable one, focus returns to
// what opened it, and the name read out is the visible title, never an internal id.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../fixtures/renderScreen';
import { doc as screenDoc } from './actions/harness';

const modals = {
  kindTips: {
    title: 'Kind tips',
    closeOnOutside: false,
    body: [
      { type: 'text', text: 'Repay on time.' },
      { type: 'button', label: 'Confirm', onTap: [{ do: 'closeModal', id: 'kindTips' }] },
    ],
  },
  bankCard: {
    title: 'Update your card',
    closeIcon: true,
    body: [
      { type: 'text', text: 'Your card expired.' },
      { type: 'button', label: 'Go and bind the card', onTap: [{ do: 'closeModal', id: 'bankCard' }] },
    ],
  },
  promo: {
    body: [
      { type: 'text', text: 'New customers get 7 days interest free!' },
      { type: 'button', label: 'OK', onTap: [{ do: 'closeModal', id: 'promo' }] },
    ],
  },
};

const opener = (id: string) => ({ type: 'button', label: `Open ${id}`, onTap: [{ do: 'openModal', id }] });

describe('one popup at a time (issue 16 item 6)', () => {
  it('S2.20-19 S2.20-26 popups opened together show one after the other, in the order asked', async () => {
    const user = userEvent.setup();
    renderScreen(
      screenDoc([], {
        modals,
        onLoad: [
          { do: 'openModal', id: 'kindTips' },
          { do: 'openModal', id: 'bankCard' },
        ],
      }),
    );
    await screen.findByRole('dialog', { name: 'Kind tips' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const next = await screen.findByRole('dialog', { name: 'Update your card' });
    expect(screen.getAllByRole('dialog')).toEqual([next]);
  });
});

describe('popups and the keyboard, screen readers and the back button (issue 16 item 12)', () => {
  it('focus moves into the popup and Tab keeps it there', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([opener('bankCard'), { type: 'button', label: 'Behind' }], { modals }));
    await user.click(screen.getByRole('button', { name: 'Open bankCard' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('Escape closes a closable popup and focus returns to the button that opened it', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([opener('bankCard')], { modals }));
    const open = screen.getByRole('button', { name: 'Open bankCard' });
    await user.click(open);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('Escape does not close a popup that must be answered (Kind tips, S2.20-19)', async () => {
    const user = userEvent.setup();
    renderScreen(screenDoc([opener('kindTips')], { modals }));
    await user.click(screen.getByRole('button', { name: 'Open kindTips' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Kind tips' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open kindTips' }));
  });

  it('the Android back button closes a closable popup and tells the app it was used', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([opener('bankCard')], { modals }));
    expect(host.emit('androidBack')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Open bankCard' }));
    await screen.findByRole('dialog');
    let used = false;
    act(() => {
      used = host.emit('androidBack');
    });
    expect(used).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.emit('androidBack')).toBe(false);
  });

  it('the Android back button leaves a popup that must be answered open, and goes no further', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([opener('kindTips')], { modals }));
    await user.click(screen.getByRole('button', { name: 'Open kindTips' }));
    await screen.findByRole('dialog');
    let used = false;
    act(() => {
      used = host.emit('androidBack');
    });
    expect(used).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Kind tips' })).toBeTruthy();
  });

  it('the accessible name is the visible title; without one, the message; never the internal id', async () => {
    renderScreen(screenDoc([], { modals, onLoad: [{ do: 'openModal', id: 'promo' }] }));
    const dialog = await screen.findByRole('dialog', { name: 'New customers get 7 days interest free!' });
    expect(dialog.getAttribute('aria-label')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'promo' })).toBeNull();
    expect(dialog.outerHTML).not.toMatch(/aria-label="promo"/);
  });
});

describe('the picker sheet and the image zoom use the same mechanism (issue 16 item 12)', () => {
  it('the picker sheet: focus in, the Android back button cancels, focus back on the field', async () => {
    const user = userEvent.setup();
    const picker = {
      type: 'picker',
      bind: 'form.bank',
      label: 'Bank name',
      options: [
        { label: 'BDO', value: 'B1' },
        { label: 'BPI', value: 'B2' },
      ],
    };
    const { host } = renderScreen(screenDoc([picker]));
    const field = screen.getByRole('button', { name: /Bank name/ });
    await user.click(field);
    const sheet = screen.getByRole('dialog', { name: 'Bank name' });
    expect(sheet.contains(document.activeElement)).toBe(true);
    let used = false;
    act(() => {
      used = host.emit('androidBack');
    });
    expect(used).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field);
  });

  it('the image zoom: the Android back button closes it and focus returns to the picture', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(
      screenDoc([{ type: 'image', src: '/img/a.png', alt: 'Gcash step 1', zoom: true }]),
    );
    const picture = screen.getByRole('button', { name: 'Gcash step 1' });
    await user.click(picture);
    expect(screen.getByRole('dialog', { name: 'Gcash step 1' }).contains(document.activeElement)).toBe(true);
    act(() => void host.emit('androidBack'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(picture);
  });

  it('a picker inside a popup: the back button closes the sheet first, then the popup', async () => {
    const user = userEvent.setup();
    const withPicker = {
      sheet: {
        title: 'Choose',
        closeIcon: true,
        body: [{ type: 'picker', bind: 'form.x', label: 'Channel', options: [{ label: 'A', value: 'a' }] }],
      },
    };
    const { host } = renderScreen(screenDoc([opener('sheet')], { modals: withPicker }));
    await user.click(screen.getByRole('button', { name: 'Open sheet' }));
    await user.click(await screen.findByRole('button', { name: /Channel/ }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    act(() => void host.emit('androidBack'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Choose' }).contains(document.activeElement)).toBe(true);
    act(() => void host.emit('androidBack'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
