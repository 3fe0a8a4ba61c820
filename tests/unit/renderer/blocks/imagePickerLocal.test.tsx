// The image picker without `upload`: a local preview of the picked files, nothing sent (D-36).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { flush } from '../actions/harness';

const picker = { type: 'imagePicker', bind: 'form.photos', label: 'Photo', max: 2 };
const png = (name: string) => new File(['img'], name, { type: 'image/png' });
const input = () => screen.getByLabelText('Photo') as HTMLInputElement;
const thumbnails = () => screen.queryAllByRole('img').map((i) => i.getAttribute('src'));

let made: string[];
let revoked: string[];
beforeEach(() => {
  made = [];
  revoked = [];
  let n = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:local/${++n}`;
    made.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => vi.restoreAllMocks());

describe('imagePicker without upload (local preview)', () => {
  it('shows each picked photo from the phone and sends nothing', async () => {
    const { host } = renderScreen(screenDoc([picker]));
    await userEvent.upload(input(), [png('a.png'), png('b.png')]);
    await act(() => flush());
    expect(thumbnails()).toEqual(['blob:local/1', 'blob:local/2']);
    expect(host.log.calls).toEqual([]);
    expect(screen.getByText('2/2')).toBeTruthy();
    expect(input().disabled).toBe(true);
  });

  it('keeps the files themselves in the bound list, so a later call can send one', async () => {
    const { host } = renderScreen(
      screenDoc([
        picker,
        {
          type: 'button',
          label: 'Send',
          onTap: [{ do: 'call', api: 'complaint', path: '/x', files: { photo: 'form.photos.0' } }],
        },
      ]),
    );
    const file = png('a.png');
    await userEvent.upload(input(), file);
    await act(() => flush());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(host.log.calls[0]!.files).toEqual({ photo: file });
  });

  it('frees the preview address when a photo is removed, and on leaving the screen', async () => {
    const { unmount } = renderScreen(screenDoc([picker]));
    await userEvent.upload(input(), [png('a.png'), png('b.png')]);
    await act(() => flush());
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(revoked).toEqual(['blob:local/1']);
    expect(thumbnails()).toEqual(['blob:local/2']);
    unmount();
    expect(revoked).toEqual(['blob:local/1', 'blob:local/2']);
    expect(made).toHaveLength(2);
  });

  it('never shows a blob: address that came from data', () => {
    renderScreen(screenDoc([picker], { state: { form: { photos: ['blob:https://evil/1'] } } }));
    expect(thumbnails()).toEqual([]);
  });
});
