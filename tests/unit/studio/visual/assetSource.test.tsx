// Issue 25 item 2, pictures: when the server refuses to list the uploaded pictures the field says
// its sentence (not "No picture uploaded yet") and the next field asks again; a picture over the
// server's limit is refused with the server's own sentence before 1 MB and more is sent for nothing.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSET_MAX_BYTES } from '../../../../src/wire/studio';
import type { StudioApi } from '../../../../src/studio/api';
import { assetSource } from '../../../../src/studio/visual/assetSource';
import { ImageField } from '../../../../src/studio/visual/ImageField';

/** A studio API that answers GET /assets with `replies` in turn, and records every call. */
function apiOf(replies: { ok: boolean; message: string; body: unknown }[], calls: string[]) {
  return (async (method: string, path: string) => {
    calls.push(`${method} ${path}`);
    return { status: 200, ...replies.shift()! };
  }) as unknown as StudioApi['call'];
}

describe('assetSource and the picture field', () => {
  it("shows the server's refusal to list, and asks again next time", async () => {
    const calls: string[] = [];
    const source = assetSource(
      apiOf(
        [
          { ok: false, message: 'The database is not reachable', body: {} },
          { ok: true, message: '', body: { assets: [] } },
        ],
        calls,
      ),
    );
    const { unmount } = render(
      <ImageField label="Src" value="" assets={source} onValue={() => {}}>
        <input aria-label="Src" readOnly value="" />
      </ImageField>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not reachable');
    expect(screen.queryByRole('option', { name: 'No picture uploaded yet' })).toBeNull();
    unmount();
    await expect(source.list()).resolves.toEqual([]);
    expect(calls).toEqual(['GET /assets', 'GET /assets']);
  });

  it("refuses a picture over the limit with the server's sentence, sending nothing", async () => {
    const calls: string[] = [];
    const source = assetSource(apiOf([], calls));
    const big = new File([new Uint8Array(ASSET_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(await source.upload(big)).toEqual({
      ok: false,
      // In the editor's words: sizes in KB and MB, never rounded down to the limit they are over.
      message: 'big.png is 1.1 MB: pictures may be at most 1 MB',
    });
    expect(calls).toEqual([]);
  });
});
