// An app shell that is older than the documents the server now sends (a cached app, or a page
// left open while ops publish): the document's new parts are wrapped in `requires` with a
// fallback, so this app's own validators accept it and the screen shows the fallbacks; the same
// new parts without `requires` are refused and the kept last good copy stays on screen.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createScreenLoader, SCREEN_CACHE_PREFIX } from '../../../src/app/loadScreen';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { memoryStorage } from '../../../src/host/storage';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { renderScreen } from '../../fixtures/renderScreen';

const v1 = { schemaVersion: 1, id: 'offer', title: 'Offer', body: [{ type: 'text', text: 'Old offer' }] };
/** Written for an engine 2.3 that has a "carousel" block and a "glow" field. */
const gated = {
  ...v1,
  body: [
    {
      type: 'carousel',
      requires: { engine: '2.3' },
      slides: [{ type: 'text', text: 'Slide', glow: true }],
      fallback: { type: 'text', text: 'New offer, as this app can show it' },
    },
  ],
};
const ungated = { ...v1, body: [{ type: 'text', text: 'New offer', glow: true }] };

function serving(body: unknown, etag: string) {
  return vi.fn(async (_url: string, init: RequestInit) =>
    new Headers(init.headers).get('If-None-Match') === etag
      ? new Response(null, { status: 304 })
      : new Response(JSON.stringify(body), { status: 200, headers: { ETag: etag } }),
  );
}

describe('an older app meeting a newer document', () => {
  it('with requires and fallbacks: accepted, kept, and drawn with the fallback', async () => {
    const storage = memoryStorage();
    const loader = createScreenLoader({ fetch: serving(gated, '"b"'), storage, validate: validateScreenDoc });
    const result = await loader.load('offer');
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect(JSON.parse(storage.getItem(`${SCREEN_CACHE_PREFIX}offer`)!)).toMatchObject({ etag: '"b"' });
    const { host } = renderScreen(result.doc as ScreenDocument);
    expect(screen.getByText('New offer, as this app can show it')).toBeTruthy();
    expect(host.log.problems).toEqual([]);
  });

  it('without them: the new version is refused and the last good copy stays', async () => {
    const storage = memoryStorage();
    const first = createScreenLoader({ fetch: serving(v1, '"a"'), storage, validate: validateScreenDoc });
    expect((await first.load('offer')).status).toBe('ready');
    const warn = vi.fn();
    const later = createScreenLoader({
      fetch: serving(ungated, '"c"'),
      storage,
      validate: validateScreenDoc,
      warn,
    });
    expect(await later.revalidate('offer')).toBe('invalid');
    expect(later.peek('offer')?.body).toEqual(v1.body);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/keeping the last good one/));
  });
});
