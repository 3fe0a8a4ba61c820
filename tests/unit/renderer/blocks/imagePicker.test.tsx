import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiResult } from '../../../../renderer/host';
import { renderScreen, screenDoc } from '../../../fixtures/renderScreen';
import { deferred, flush } from '../actions/harness';

const picker = {
  type: 'imagePicker',
  bind: 'form.images',
  label: 'Evidence images',
  upload: {
    do: 'call',
    api: 'complaint',
    path: '/nepenthes/upload-problem-image',
    files: { problemImage: 'file' },
  },
  append: { $: 'result.data.url' },
};
const png = (name: string) => new File(['img'], name, { type: 'image/png' });
const thumbnails = () => screen.queryAllByRole('img').map((i) => i.getAttribute('src'));
const input = () => screen.getByLabelText('Evidence images') as HTMLInputElement;
const settle = () => act(() => flush());

/** A host whose answers the test releases one by one. */
function scripted() {
  const replies: ReturnType<typeof deferred<ApiResult>>[] = [];
  return {
    replies,
    respond: () => {
      const reply = deferred<ApiResult>();
      replies.push(reply);
      return reply.promise;
    },
  };
}

describe('imagePicker block', () => {
  it('uploads picked files strictly one at a time, in order, and shows each when done', async () => {
    const user = userEvent.setup();
    const { replies, respond } = scripted();
    const { host } = renderScreen(screenDoc([picker]), { respond });
    await user.upload(input(), [png('a.png'), png('b.png')]);
    await settle();
    expect(host.log.calls).toHaveLength(1);
    expect((host.log.calls[0]!.files!.problemImage as File).name).toBe('a.png');
    expect(screen.getByRole('status')).toBeTruthy();

    replies[0]!.resolve({ ok: true, data: { url: 'https://cdn.example/a.png' } });
    await settle();
    expect(host.log.calls).toHaveLength(2);
    expect((host.log.calls[1]!.files!.problemImage as File).name).toBe('b.png');
    expect(thumbnails()).toEqual(['https://cdn.example/a.png']);

    replies[1]!.resolve({ ok: true, data: { url: 'https://cdn.example/b.png' } });
    await settle();
    expect(thumbnails()).toEqual(['https://cdn.example/a.png', 'https://cdn.example/b.png']);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('2/9')).toBeTruthy();
  });

  it('issue 20: each picked file is uploaded under its own idempotency key; a new pick gets new ones', async () => {
    const user = userEvent.setup();
    const { host } = renderScreen(screenDoc([picker]), {
      respond: () => ({ ok: true, data: { url: 'https://cdn.example/x.png' } }),
    });
    await user.upload(input(), [png('a.png'), png('b.png')]);
    await settle();
    await user.upload(input(), [png('c.png')]);
    await settle();
    const keys = host.log.calls.map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys.every((k) => /^[a-f0-9]{32}-\d+$/.test(k ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(3);
    // One pick is one user action; the next pick is another.
    expect(keys[0]!.split('-')[0]).toBe(keys[1]!.split('-')[0]);
    expect(keys[2]!.split('-')[0]).not.toBe(keys[0]!.split('-')[0]);
  });

  it('a file picked while another uploads waits for it', async () => {
    const user = userEvent.setup();
    const { replies, respond } = scripted();
    const { host } = renderScreen(screenDoc([picker]), { respond });
    await user.upload(input(), [png('a.png')]);
    await user.upload(input(), [png('b.png')]);
    await settle();
    expect(host.log.calls).toHaveLength(1);
    replies[0]!.resolve({ ok: false, message: 'too big' });
    await settle();
    expect(host.log.calls).toHaveLength(2);
  });

  it('a failed upload appends nothing and the next one still goes', async () => {
    const user = userEvent.setup();
    const { replies, respond } = scripted();
    renderScreen(screenDoc([picker]), { respond });
    await user.upload(input(), [png('a.png'), png('b.png')]);
    await settle();
    replies[0]!.resolve({ ok: false, network: true });
    await settle();
    replies[1]!.resolve({ ok: true, data: { url: 'https://cdn.example/b.png' } });
    await settle();
    expect(thumbnails()).toEqual(['https://cdn.example/b.png']);
  });

  it('ignores picks beyond 9 and disables the picker while 9 are held', async () => {
    const user = userEvent.setup();
    const held = Array.from({ length: 8 }, (_, i) => `https://cdn.example/${i}.png`);
    const { host } = renderScreen(screenDoc([picker], { state: { form: { images: held } } }), {
      respond: (call) => ({
        ok: true,
        data: { url: `https://cdn.example/${(call.files!.problemImage as File).name}` },
      }),
    });
    expect(input().disabled).toBe(false);
    await user.upload(input(), [png('ninth.png'), png('tenth.png')]);
    await settle();
    expect(host.log.calls).toHaveLength(1);
    expect(thumbnails()).toHaveLength(9);
    expect(thumbnails()[8]).toBe('https://cdn.example/ninth.png');
    expect(input().disabled).toBe(true);
    await user.upload(input(), [png('again.png')]);
    await settle();
    expect(host.log.calls).toHaveLength(1);
  });

  it('removes an image with its remove button, which frees a place', async () => {
    const user = userEvent.setup();
    const held = Array.from({ length: 9 }, (_, i) => `https://cdn.example/${i}.png`);
    renderScreen(screenDoc([picker], { state: { form: { images: held } } }));
    expect(input().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(thumbnails()).toHaveLength(8);
    expect(thumbnails()[0]).toBe('https://cdn.example/1.png');
    expect(input().disabled).toBe(false);
  });

  it('never puts an unsafe address into an img src', () => {
    renderScreen(screenDoc([picker], { state: { form: { images: ['javascript:alert(1)'] } } }));
    expect(thumbnails()).toEqual([]);
    expect(screen.getByText('1/9')).toBeTruthy();
  });
});
