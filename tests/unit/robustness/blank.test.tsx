// Never a white screen (issue 10): a screen that has loaded but shows nothing at all (its data
// failed or came back empty, and the document has no state for that) gets the app's "Nothing
// to show" notice with a way to try again; a screen that is still loading, or shows anything,
// never does. Found by the hostile-server suite (complaint list without tabs, order details
// after a failed load).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/app/App';
import { BlankGuard } from '../../../src/app/BlankGuard';
import { AppContext } from '../../../src/app/context';
import { createScreenLoader } from '../../../src/app/loadScreen';
import { createPrefetch } from '../../../src/app/prefetch';
import type { Manifest } from '../../../src/manifest/routes';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { memoryStorage } from '../../../src/host/storage';
import { Screen } from '../../../renderer/Screen';
import { createFakeHost } from '../../fixtures/fakeHost';
import { screenDoc } from '../../fixtures/renderScreen';
import { fakeNetwork, type Answer } from '../host/fakeNetwork';

const MANIFEST: Manifest = { schemaVersion: 1, routes: [{ path: '/list', screen: 'list' }] };

/** A list screen that shows only what its source brings: nothing, when nothing comes. */
const listDoc = (extraBody: unknown[] = []) => ({
  schemaVersion: 1,
  id: 'list',
  title: 'My complaints',
  sources: [{ do: 'call', api: 'v3', path: '/v3/list', into: 'data.list' }],
  body: [
    {
      type: 'repeat',
      items: { $: 'data.list.items' },
      children: [{ type: 'text', text: { $: 'item.title' } }],
    },
    ...extraBody,
  ],
});

function boot(doc: unknown, answer: () => Answer | Promise<Answer>) {
  window.history.replaceState(null, '', '/list');
  const net = fakeNetwork(answer);
  const host = createHost({ config: DEFAULT_CONFIG, fetch: net.fetch });
  const loader = createScreenLoader({
    fetch: async () => new Response(JSON.stringify(doc), { status: 200 }),
    storage: memoryStorage(),
    validate: validateScreenDoc,
    warn: () => undefined,
  });
  return { host, loader, prefetch: createPrefetch(host, {}), dev: false };
}

afterEach(() => vi.restoreAllMocks());

describe('a loaded screen that shows nothing', () => {
  it('after a failed load: the source error with Try again, not a blank page (issue 20 §3)', async () => {
    const services = boot(listDoc(), () => ({ status: 500, body: 'oops' }));
    render(<App services={services} manifest={MANIFEST} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nothing to show' })).toBeNull();
  });

  it('after an empty reply: the notice too', async () => {
    const services = boot(listDoc(), () => ({ body: { success: true, message: '', data: { items: [] } } }));
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('heading', { name: 'Nothing to show' })).toBeTruthy();
  });

  it('not while the data is still on its way; the list when it comes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const services = boot(listDoc(), async () => {
      await gate;
      return { body: { success: true, message: '', data: { items: [{ title: 'First complaint' }] } } };
    });
    const { container } = render(<App services={services} manifest={MANIFEST} />);
    await waitFor(() => expect(container.querySelector('main.screen')).toBeTruthy());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('heading', { name: 'Nothing to show' })).toBeNull();
    release();
    expect(await screen.findByText('First complaint')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Nothing to show' })).toBeNull();
  });

  it('a screen with anything on it (here a lone button) never gets the notice', async () => {
    const doc = listDoc([{ type: 'button', label: 'Refresh', onTap: [] }]);
    const services = boot(doc, () => ({ body: { success: true, message: '', data: { items: [] } } }));
    render(<App services={services} manifest={MANIFEST} />);
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('heading', { name: 'Nothing to show' })).toBeNull();
  });
});

describe('BlankGuard', () => {
  const services = boot(listDoc(), () => ({ body: {} }));

  function Page() {
    const [text, setText] = useState('');
    return (
      <AppContext.Provider value={services}>
        <BlankGuard settled>
          <p>{text}</p>
        </BlankGuard>
        <footer>
          <button type="button" onClick={() => setText('Now there is text')}>
            fill
          </button>
          <button type="button" onClick={() => setText('')}>
            empty
          </button>
        </footer>
      </AppContext.Provider>
    );
  }

  it('goes away when content appears, and comes back when it goes', async () => {
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Nothing to show' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'fill' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Nothing to show' })).toBeNull());
    expect(screen.getByText('Now there is text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'empty' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to show' })).toBeTruthy();
  });
});

describe('Screen onSettled', () => {
  it('is called once, after the sources and the on-load actions', async () => {
    const order: string[] = [];
    const host = createFakeHost(async (call) => {
      order.push(`call ${call.path}`);
      return { ok: true, data: {} };
    });
    const doc = screenDoc([{ type: 'text', text: 'x' }], {
      sources: [{ do: 'call', api: 'v3', path: '/v3/a' }],
      onLoad: [{ do: 'call', api: 'v3', path: '/v3/b' }],
    } as never);
    const onSettled = vi.fn(() => order.push('settled'));
    render(<Screen doc={doc} host={host} params={{}} onSettled={onSettled} />);
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['call /v3/a', 'call /v3/b', 'settled']);
  });

  it('is not called for a screen that went away before it loaded', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const host = createFakeHost(async () => {
      await gate;
      return { ok: true, data: {} };
    });
    const doc = screenDoc([], { sources: [{ do: 'call', api: 'v3', path: '/v3/a' }] } as never);
    const onSettled = vi.fn();
    const { unmount } = render(<Screen doc={doc} host={host} params={{}} onSettled={onSettled} />);
    unmount();
    release();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(onSettled).not.toHaveBeenCalled();
  });
});
